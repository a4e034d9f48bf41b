/**
 * base64url without padding (RFC 4648 §5), the form ETags, cursors, callback states and Web Push
 * keys use here; Hono's encoder (hono/utils/encode) with its padding taken off, and put back to decode.
 */
import { decodeBase64Url, encodeBase64Url } from 'hono/utils/encode';

/** `bytes` as base64url without padding. */
export const base64url = (bytes: Uint8Array | ArrayBuffer): string =>
  encodeBase64Url(bytes instanceof Uint8Array ? bytes.slice().buffer : bytes).replace(/=+$/, '');

/**
 * The bytes of base64url `text` (padding optional).
 * @throws DOMException (InvalidCharacterError) when `text` is not base64url.
 */
export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(decodeBase64Url(text + '='.repeat((4 - (text.length % 4)) % 4)));
