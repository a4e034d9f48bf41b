/**
 * SHA-256 on both runtimes: Node's synchronous `node:crypto` hash where `process.getBuiltinModule`
 * gives it, Web Crypto's (as on Workers) where not, with the same digests (FIPS 180-2's test
 * vectors).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { chooseSha256, sha256, sha256Bytes, sha256Hex, subtleSha256 } from './sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const vectors: Array<[text: string, digest: string]> = [
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ['রসুন ১ কেজি', createHash('sha256').update('রসুন ১ কেজি', 'utf8').digest('hex')],
];

describe('sha256', () => {
  it('hashes at once through node:crypto when the runtime gives it', () => {
    const getBuiltinModule = vi.fn((id: 'node:crypto') => (id === 'node:crypto' ? { createHash } : undefined));
    const hash = chooseSha256(getBuiltinModule);
    expect(getBuiltinModule).toHaveBeenCalledWith('node:crypto');
    expect(hash).not.toBe(subtleSha256);
    for (const [text, digest] of vectors) {
      const result = hash(new TextEncoder().encode(text));
      // A digest, not a promise: no thread-pool job.
      expect(result).toBeInstanceOf(Uint8Array);
      expect(hex(result as Uint8Array)).toBe(digest);
    }
  });

  it('hashes through crypto.subtle where there is no getBuiltinModule or no createHash (Workers)', async () => {
    expect(chooseSha256(undefined)).toBe(subtleSha256);
    expect(chooseSha256(() => undefined)).toBe(subtleSha256);
    expect(chooseSha256(() => ({}))).toBe(subtleSha256);
    const digest = vi.spyOn(crypto.subtle, 'digest');
    try {
      for (const [text, expected] of vectors) {
        const result = subtleSha256(new TextEncoder().encode(text));
        expect(result).toBeInstanceOf(Promise);
        expect(hex(await result)).toBe(expected);
      }
      expect(digest).toHaveBeenCalledTimes(vectors.length);
    } finally {
      digest.mockRestore();
    }
  });

  it('uses node:crypto on Node, without crypto.subtle, and gives the digest as hex and as bytes', async () => {
    expect(sha256).not.toBe(subtleSha256);
    const digest = vi.spyOn(crypto.subtle, 'digest');
    try {
      for (const [text, expected] of vectors) {
        expect(await sha256Hex(text)).toBe(expected);
        expect(hex(await sha256Bytes(text))).toBe(expected);
      }
      expect(digest).not.toHaveBeenCalled();
    } finally {
      digest.mockRestore();
    }
  });
});
