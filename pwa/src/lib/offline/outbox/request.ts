/**
 * The one HTTP request of an outbox item: `POST` its payload to its endpoint with its
 * Idempotency-Key and a bearer token. A raw `fetch`, not an RPC call: it replays a stored
 * request, from the page or from the service worker (which has no token provider), so that a
 * retry is byte-for-byte the request the server may already have answered. The endpoints come
 * from the app's type (Hono RPC's `$path()`), so a renamed route fails the build.
 */
import type { AppType } from '@edge-api/app';
import { hc } from 'hono/client';
import { API_BASE } from '../../api-client';
import type { OutboxKind, OutboxPayload } from './protocol';

const routes = hc<AppType>(API_BASE);

/** Where each kind is POSTed (DESIGN.md §3), as a same-origin path; both take an Idempotency-Key. */
const OUTBOX_ENDPOINT: Record<OutboxKind, string> = {
  order: `${API_BASE}${routes.orders.$path()}`,
  review: `${API_BASE}${routes.reviews.$path()}`,
};

/** Sends one item; resolves with the server's answer, rejects only on a network failure. */
export function postOutboxItem<K extends OutboxKind>(
  item: { kind: K; key: string; payload: OutboxPayload<K> },
  token: string,
  fetchFn: typeof fetch = fetch,
): Promise<Response> {
  return fetchFn(OUTBOX_ENDPOINT[item.kind], {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': item.key },
    body: JSON.stringify(item.payload),
  });
}
