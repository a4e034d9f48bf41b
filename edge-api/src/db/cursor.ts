/**
 * The keyset cursor every paged list shares (orders and reviews newest first, the orders export
 * oldest first): a position on (created_at, id) — the last row of a page — and its text form for
 * the API (opaque to clients: base64url of `createdAt.id`).
 */
import { base64url, fromBase64url } from '../contract/base64url';

/** A position in a list ordered on (created_at, id): the last row of a page, its `created_at` (epoch ms) and id. */
export type Cursor = { createdAt: number; id: string };

/** A cursor's text form for the API. */
export const encodeCursor = (cursor: Cursor): string =>
  base64url(new TextEncoder().encode(`${cursor.createdAt}.${cursor.id}`));

/** Reads a cursor made by {@link encodeCursor}. @returns it, or undefined when `text` is not one. */
export function decodeCursor(text: string): Cursor | undefined {
  let decoded: string;
  try {
    decoded = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(text));
  } catch {
    return undefined;
  }
  const match = /^(\d{1,16})\.(.{1,64})$/s.exec(decoded);
  return match ? { createdAt: Number(match[1]), id: String(match[2]) } : undefined;
}
