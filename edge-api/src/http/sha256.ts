/**
 * SHA-256, the one home for it on the server (the Idempotency-Key's request fingerprint, the
 * catalogue's ETag). On Node it hashes at once with `node:crypto`'s `createHash`, found at run
 * time through `process.getBuiltinModule`, so no bundle for Workers imports `node:crypto`:
 * `crypto.subtle.digest` is a job on libuv's thread pool and its transfer back, for a few hundred
 * bytes. Where that is missing (Workers without Node compatibility), `crypto.subtle` hashes.
 */

/** What hashes: the bytes' SHA-256 digest, at once or later. */
export type Sha256 = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array | Promise<Uint8Array>;

/** The part of `node:crypto` used here. */
type NodeCrypto = {
  createHash(algorithm: 'sha256'): { update(data: Uint8Array): { digest(): Uint8Array } };
};

type BuiltinLoader = (id: 'node:crypto') => unknown;

/** The Web Crypto digest: every runtime has it. */
export const subtleSha256: Sha256 = async (bytes) => new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));

/**
 * Chooses how to hash.
 * @param getBuiltinModule the runtime's `process.getBuiltinModule` (Node ≥ 20.16), or undefined
 * where there is none.
 * @returns `node:crypto`'s synchronous hash when `getBuiltinModule` gives one, else {@link subtleSha256}.
 */
export function chooseSha256(getBuiltinModule: BuiltinLoader | undefined): Sha256 {
  const nodeCrypto = getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  if (typeof nodeCrypto?.createHash !== 'function') return subtleSha256;
  return (bytes) => new Uint8Array(nodeCrypto.createHash('sha256').update(bytes).digest());
}

const runtimeProcess = (globalThis as { process?: { getBuiltinModule?: BuiltinLoader } }).process;

/** This runtime's hash (see the module's comment). */
export const sha256: Sha256 = chooseSha256(runtimeProcess?.getBuiltinModule?.bind(runtimeProcess));

/** The SHA-256 of `text`'s UTF-8 bytes, as lowercase hex (64 characters). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await sha256(new TextEncoder().encode(text));
  let hex = '';
  for (const byte of digest) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The SHA-256 of `text`'s UTF-8 bytes, as raw digest bytes. */
export async function sha256Bytes(text: string): Promise<Uint8Array> {
  return sha256(new TextEncoder().encode(text));
}
