/**
 * The one HTTP request of an outbox item: `POST` its payload to its endpoint with its
 * Idempotency-Key and a bearer token. A raw `fetch`, not the typed client: it replays a stored
 * request, from the page or from the service worker (which has no client), so that a retry is
 * byte-for-byte the request the server may already have answered.
 */
import { OUTBOX_ENDPOINT, type OutboxKind, type OutboxPayload } from './protocol';

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
