/**
 * base64url without padding (RFC 4648 §5), the form ETags, cursors, callback states, ID tokens
 * and Web Push keys use, for the API and the PWA alike. Written over the platform's `btoa` and
 * `atob` (every browser, Node and Workers have them) rather than a library's: it sits in the
 * PWA's first load, where every byte counts.
 */

/** `bytes` as base64url without padding. */
export const base64url = (bytes: Uint8Array | ArrayBuffer): string =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/**
 * The bytes of base64url `text` (padding optional).
 * @throws DOMException (InvalidCharacterError) when `text` is not base64url.
 */
export const fromBase64url = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
