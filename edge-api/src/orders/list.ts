/**
 * Reading orders (DESIGN.md §3): one page of a list, newest first, with its next page's link and
 * an ETag (304 while unchanged: the admin's live poll, My Orders' refetch).
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { orderListQuery } from '../contract/order';
import { listOrders, type OrderFilter } from '../db/order-list';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
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

/**
 * `GET /orders` for the signed-in caller (DESIGN.md §3): an admin lists every order (filtered by
 * `status`, `slot`, `q`) or one customer's by `email`; anyone else only their own, by `?email=`
 * with their own e-mail. "My orders" are the orders this account placed (its uid), never those
 * an earlier account with the same e-mail placed; being by uid, they need no verified e-mail
 * (a new shopper sees the order they just placed). An admin's `?email=` of someone else looks
 * their orders up by e-mail.
 * @returns the page as {@link answerOrderPage}.
 * @throws ApiError 403 `forbidden` for a shopper without `email`, or with someone else's.
 */
export function listOrdersFor(c: Context<AppEnv>, query: z.output<typeof orderListQuery>) {
  const { user } = c.var;
  if (query.email === undefined && !user.isAdmin)
    throw new ApiError(403, 'forbidden', 'Only admins may list every order; add ?email= for your own.');
  if (query.email !== undefined && query.email !== user.email && !user.isAdmin)
    throw new ApiError(403, 'forbidden', 'You can only see your own orders.');
  const mine = query.email !== undefined && query.email === user.email;
  const { limit, cursor, email, status, slot, q } = query;
  const filter = { email, status, slot, q };
  const selected = mine ? { ...filter, email: undefined, userId: user.uid } : filter;
  return answerOrderPage(c, selected, filter, { limit, cursor });
}
