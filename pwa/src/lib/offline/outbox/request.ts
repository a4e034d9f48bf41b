/**
 * The one HTTP request of an outbox item, the one rule for every kind: its method and path, its
 * body, its Idempotency-Key and a bearer token. An order is `POST /orders`, a review `POST
 * /reviews`, a packing `PUT /orders/:id/packing` (DESIGN.md §17) — the order's id travels in the
 * payload, the body is the packing alone; a rider's run (DESIGN.md §18) `POST
 * /rider/run/start?date=`, `POST /orders/:id/delivered` and `POST /orders/:id/attempt`, the same
 * way; a problem (DESIGN.md §19) `POST /orders/:id/problems`, after its photo's `POST
 * /problem-photos` (raw bytes) when it has one not uploaded yet. A raw `fetch`, not an RPC call: it replays a stored
 * request, from the page or from the service worker (which has no token provider), so that a
 * retry is byte-for-byte the request the server may already have answered. The paths come from
 * the app's type (Hono RPC's `$path()`), so a renamed route fails the build.
 */
import type { AppType } from '@edge-api/app';
import { hc } from 'hono/client';
import { API_BASE } from '../../api-client';
import type { OutboxKind, OutboxPayload, ProblemPayload } from './protocol';

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
  // The photo's bytes never go in this body: only the id its upload answered.
  problem: ({ orderId, lines, photoId }) => ({
    method: 'POST',
    url: `${API_BASE}${routes.orders[':id'].problems.$path(orderParam(orderId))}`,
    body: { lines, ...(photoId === undefined ? {} : { photoId }) },
  }),
};

/** `POST /problem-photos`: the photo's raw bytes under their own type → 201 `{photoId}`. */
const PROBLEM_PHOTOS_URL = `${API_BASE}${routes['problem-photos'].$path()}`;

/** The method, URL and body `item` is sent with. */
export const outboxRequest = <K extends OutboxKind>(item: { kind: K; payload: OutboxPayload<K> }): OutboxRequest =>
  OUTBOX_REQUEST[item.kind](item.payload);

/**
 * Uploads a problem's photo when it has one without an id yet.
 * @returns the payload to send the claim with (the photo's id in place of its bytes; unchanged
 * without a photo), or the upload's answer when it was not 201 (the sender reads it as the item's).
 */
async function withPhotoId(
  payload: ProblemPayload,
  token: string,
  fetchFn: typeof fetch,
): Promise<ProblemPayload | Response> {
  if (!payload.photo || payload.photoId !== undefined) return payload;
  const res = await fetchFn(PROBLEM_PHOTOS_URL, {
    method: 'POST',
    headers: { 'Content-Type': payload.photo.type, Authorization: `Bearer ${token}` },
    body: payload.photo.bytes,
  });
  if (res.status !== 201) return res;
  const { photoId } = (await res.json()) as { photoId: string };
  return { orderId: payload.orderId, lines: payload.lines, photoId };
}

/**
 * Sends one item; resolves with the server's answer, rejects only on a network failure. A problem
 * with a photo not uploaded yet uploads it first: `keepPayload` is given the payload with the
 * photo's id before the claim goes (the sender stores it, so a retry sends the same body); a
 * refused or failed upload is the answer.
 */
export async function sendOutboxItem<K extends OutboxKind>(
  item: { kind: K; key: string; payload: OutboxPayload<K> },
  token: string,
  fetchFn: typeof fetch = fetch,
  keepPayload: (payload: OutboxPayload<K>) => Promise<unknown> = () => Promise.resolve(),
): Promise<Response> {
  if (item.kind === 'problem') {
    const payload = item.payload as ProblemPayload;
    const ready = await withPhotoId(payload, token, fetchFn);
    if (ready instanceof Response) return ready;
    if (ready !== payload) {
      await keepPayload(ready as OutboxPayload<K>);
      item = { ...item, payload: ready as OutboxPayload<K> };
    }
  }
  const { method, url, body } = outboxRequest(item);
  return fetchFn(url, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': item.key },
    body: JSON.stringify(body),
  });
}
