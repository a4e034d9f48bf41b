/**
 * Reading orders (DESIGN.md §3): one page of a list, newest first, with its next page's link and
 * an ETag (304 while unchanged: the admin's live poll, My Orders' refetch).
 */
import type { Context } from 'hono';
import { listOrders, type OrderFilter } from '../db/orders';
import type { AppEnv } from '../env';
import { matchesEtag, strongEtag } from '../http/etag';
import { linkNextPage, readCursor } from '../http/paging';

/** Orders (a list, or one) are one user's data: revalidated on every poll, never stored by shared caches. */
export const ORDER_LIST_CACHE_CONTROL = 'private, no-cache';

/**
 * Answers one page of the orders `filter` selects (newest first, DESIGN.md §3): the JSON array,
 * `Link: <…>; rel="next"` to the next page (the same path with `shown` and the next cursor), an
 * ETag and `private, no-cache`; 304 when the caller's If-None-Match is still current. Used by
 * `GET /orders` and `GET /users/me/orders`.
 * @throws ApiError 400 for a cursor the API did not give.
 */
export async function answerOrderPage(
  c: Context<AppEnv>,
  filter: OrderFilter,
  shown: Record<string, string | undefined>,
  page: { limit: number; cursor: string | undefined },
) {
  // For the caller: the delivery code of each order they placed (DESIGN.md §18), of no other.
  const { orders: found, next } = await listOrders(
    c.var.db,
    filter,
    { limit: page.limit, after: readCursor(page.cursor) },
    c.var.user.uid,
  );
  const link = linkNextPage(c, { ...shown, limit: String(page.limit) }, next);
  // Over the page and its link: the same orders with a next page that appeared or went is a change.
  const etag = await strongEtag(`${link}\n${JSON.stringify(found)}`);
  c.header('ETag', etag);
  c.header('Cache-Control', ORDER_LIST_CACHE_CONTROL);
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  return c.json(found);
}
