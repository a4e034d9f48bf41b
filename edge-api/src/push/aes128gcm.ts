/**
 * Web Push message encryption, RFC 8291 (`aes128gcm` content coding of RFC 8188, one record),
 * with WebCrypto only, so it runs on Workers as on Node. The steps and labels are the RFC's §3.3–3.4
 * and RFC 8188 §2; push/aes128gcm.test.ts decrypts its output with the stand-in push service.
 */

import { fromBase64url } from '../contract/base64url';

const encoder = new TextEncoder();

/** RFC 8188 §2: the record size written in the header; one record holds the whole payload. */
const RECORD_SIZE = 4096;
/** AES-GCM's tag (16 bytes) and the padding delimiter (1 byte) are part of each record. */
const MAX_PAYLOAD_BYTES = RECORD_SIZE - 16 - 1;

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** HKDF-SHA-256 (RFC 5869) of `ikm` with `salt` and `info`, `bytes` long. */
async function hkdf(
  salt: Uint8Array<ArrayBuffer>,
  ikm: Uint8Array<ArrayBuffer>,
  info: Uint8Array<ArrayBuffer>,
  bytes: number,
) {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/**
 * Encrypts `payload` for the browser whose subscription keys are `p256dh` (its ECDH P-256 public
 * key, 65 bytes) and `auth` (its 16-byte secret), both base64url.
 * @returns the request body: salt, record size, this message's own public key, then the record.
 * @throws RangeError for a payload longer than one record; DOMException for keys that are not P-256.
 */
export async function encryptAes128gcm(
  payload: Uint8Array,
  keys: { p256dh: string; auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  if (payload.length > MAX_PAYLOAD_BYTES)
    throw new RangeError(`a push payload holds at most ${MAX_PAYLOAD_BYTES} bytes`);
  const uaPublic = fromBase64url(keys.p256dh);
  const authSecret = fromBase64url(keys.auth);
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const asPair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', asPair.publicKey));
  const ecdhSecret = new Uint8Array(
    await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, asPair.privateKey, 256),
  );
  // RFC 8291 §3.3: the input keying material binds both public keys and the auth secret.
  const keyInfo = concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  // RFC 8188 §2.2–2.3: the content encryption key and nonce.
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  const aesKey = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  // The last (and only) record ends with the delimiter 0x02, unpadded.
  const record = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aesKey, concat(payload, new Uint8Array([2]))),
  );
  const header = new Uint8Array(16 + 4 + 1);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, RECORD_SIZE);
  header[20] = asPublic.length;
  return concat(header, asPublic, record);
}
