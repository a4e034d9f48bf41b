/**
 * The one HTTP request of an outbox item, the one rule for every kind: its method and path, its
 * body, its Idempotency-Key and a bearer token. An order is `POST /orders`, a review `POST
 * /reviews`, a packing `PUT /orders/:id/packing` (DESIGN.md §17) — the order's id travels in the
 * payload, the body is the packing alone; a rider's run (DESIGN.md §18) `POST
 * /rider/run/start?date=`, `POST /orders/:id/delivered` and `POST /orders/:id/attempt`, the same
 * way. A raw `fetch`, not an RPC call: it replays a stored
 * request, from the page or from the service worker (which has no token provider), so that a
 * retry is byte-for-byte the request the server may already have answered. The paths come from
 * the app's type (Hono RPC's `$path()`), so a renamed route fails the build.
 */
import type { AppType } from '@edge-api/app';
import { hc } from 'hono/client';
import { API_BASE } from '../../api-client';
import type { OutboxKind, OutboxPayload } from './protocol';

const routes = hc<AppType>(API_BASE);

type OutboxRequest = { method: 'POST' | 'PUT'; url: string; body: unknown };

/** The path of order `orderId` (encoded) under `/orders`, for the kinds that act on one order. */
const orderParam = (orderId: string) => ({ param: { id: encodeURIComponent(orderId) } });

/** Each kind's request (DESIGN.md §3, §17, §18), as a same-origin URL; every one takes an Idempotency-Key. */
const OUTBOX_REQUEST: { [K in OutboxKind]: (payload: OutboxPayload<K>) => OutboxRequest } = {
  order: (payload) => ({ method: 'POST', url: `${API_BASE}${routes.orders.$path()}`, body: payload }),
  review: (payload) => ({ method: 'POST', url: `${API_BASE}${routes.reviews.$path()}`, body: payload }),
  packing: ({ orderId, packing }) => ({
    method: 'PUT',
    url: `${API_BASE}${routes.orders[':id'].packing.$path(orderParam(orderId))}`,
    body: packing,
  }),
  // The run's date is the query's (`?date=`); the body is empty.
  runStart: ({ date }) => ({
    method: 'POST',
    url: `${API_BASE}${routes.rider.run.start.$path({ query: { date } })}`,
    body: {},
  }),
  delivered: ({ orderId, delivery }) => ({
    method: 'POST',
    url: `${API_BASE}${routes.orders[':id'].delivered.$path(orderParam(orderId))}`,
    body: delivery,
  }),
  deliveryAttempt: ({ orderId, attempt }) => ({
    method: 'POST',
    url: `${API_BASE}${routes.orders[':id'].attempt.$path(orderParam(orderId))}`,
    body: attempt,
  }),
};

/** The method, URL and body `item` is sent with. */
export const outboxRequest = <K extends OutboxKind>(item: { kind: K; payload: OutboxPayload<K> }): OutboxRequest =>
  OUTBOX_REQUEST[item.kind](item.payload);

/** Sends one item; resolves with the server's answer, rejects only on a network failure. */
export function sendOutboxItem<K extends OutboxKind>(
  item: { kind: K; key: string; payload: OutboxPayload<K> },
  token: string,
  fetchFn: typeof fetch = fetch,
): Promise<Response> {
  const { method, url, body } = outboxRequest(item);
  return fetchFn(url, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': item.key },
    body: JSON.stringify(body),
  });
}
