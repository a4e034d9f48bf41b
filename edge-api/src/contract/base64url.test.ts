import { describe, expect, it } from 'vitest';
import { base64url, fromBase64url } from './base64url';

describe('base64url (RFC 4648 §5)', () => {
  it('writes the URL alphabet without padding and reads it back, with or without padding', () => {
    const bytes = Uint8Array.from([0xfb, 0xff, 0xbf, 0x00, 0x3e]);
    expect(base64url(bytes)).toBe('-_-_AD4');
    expect(base64url(bytes.buffer)).toBe('-_-_AD4');
    expect([...fromBase64url('-_-_AD4')]).toEqual([...bytes]);
    expect([...fromBase64url('-_-_AD4=')]).toEqual([...bytes]);
    for (let length = 0; length < 8; length += 1) {
      const some = Uint8Array.from({ length }, (_, i) => (i * 97 + 13) % 256);
      expect([...fromBase64url(base64url(some))]).toEqual([...some]);
    }
  });

  it('refuses text that is not base64url', () => {
    expect(() => fromBase64url('not base64!')).toThrow();
  });
});
