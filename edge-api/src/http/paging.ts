/**
 * Paged answers (DESIGN.md §3): the `cursor` a client sends back, and the next page's link,
 * `Link: <path?…&cursor=…>; rel="next"` (RFC 8288), for every paged list.
 */
import type { Context } from 'hono';
import { decodeCursor, encodeCursor, type Cursor } from '../db/cursor';
import { ApiError } from './errors';

/**
 * The position a page starts after: the `cursor` query parameter read, or undefined for the first page.
 * @throws ApiError 400 `validation_failed` (field `cursor`) for a cursor the API did not give.
 */
export function readCursor(cursor: string | undefined): Cursor | undefined {
  if (cursor === undefined) return undefined;
  const after = decodeCursor(cursor);
  if (!after)
    throw new ApiError(400, 'validation_failed', 'This cursor is not one the API gave; start from the first page.', {
      fields: { cursor: ['Unknown cursor'] },
    });
  return after;
}

/**
 * Sets the `Link` header to the next page when there is one: the request's path with the query
 * `shown` (undefined values left out) and the next cursor.
 * @returns the link ('' when there is no next page), for the answer's ETag.
 */
export function linkNextPage(c: Context, shown: Record<string, string | undefined>, next: Cursor | undefined): string {
  if (!next) return '';
  const params = new URLSearchParams(
    Object.entries(shown).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  );
  params.set('cursor', encodeCursor(next));
  const link = `<${c.req.path}?${params.toString()}>; rel="next"`;
  c.header('Link', link);
  return link;
}
