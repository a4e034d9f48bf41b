/**
 * Tells a database that cannot be reached right now (an outage) from every other failure, so
 * the API answers it 503 `database_unavailable` with Retry-After (DESIGN.md §3, http/errors.ts)
 * instead of 500. A database that is there but locked is busy.ts's.
 *
 * What an outage looks like, per client (seen against a real sqld killed and restarted):
 * - Hrana over HTTP (`@libsql/client` with http(s)/libsql URLs on Node, `@libsql/client/web` on
 *   Workers): the client rethrows fetch's own error, on Node undici's `TypeError: fetch failed`
 *   whose `cause` has the socket's code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, …); on
 *   workerd (wrangler dev) an error "Network connection lost." with no cause, for a refused
 *   connection as for a dropped one. A server that answers an HTTP error status is a
 *   LibsqlError `SERVER_ERROR` whose cause carries the status.
 * - Hrana over WebSocket (ws:// URLs): LibsqlError `HRANA_WEBSOCKET_ERROR`, or
 *   `HRANA_CLOSED_ERROR` when the stream was closed under a running request.
 * - A timeout anywhere on the way: a `TimeoutError` (AbortSignal.timeout) or undici's timeouts.
 * Neither client is left broken by an outage: each request opens a new stream (HTTP) or
 * reconnects (WebSocket), so the first request after the database is back succeeds.
 * SQL errors (constraint, syntax, a corrupt file) are not outages: they stay 500.
 */
import { LibsqlError } from '@libsql/client';

// Socket and DNS failures (Node's errno codes) and undici's own, as found on a cause.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
// workerd's message for a subrequest that could not connect or lost its connection.
const WORKERD_NETWORK_MESSAGE = /^Network connection lost\b/;
const MAX_CAUSES = 8;

/** `error` and the errors down its `cause` chain (at most {@link MAX_CAUSES}), outermost first. */
export function* causes(error: unknown): Generator<Error> {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSES; depth++, current = current.cause) yield current;
}

/** A libSQL client error code that means the server could not be reached, with its HTTP status when it answered one. */
function libsqlOutage(error: LibsqlError): string | undefined {
  if (error.code === 'HRANA_WEBSOCKET_ERROR' || error.code === 'HRANA_CLOSED_ERROR') return error.code;
  if (error.code !== 'SERVER_ERROR') return undefined;
  const status = (error.cause as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'number') return error.code;
  // 5xx, 408 and 429 pass; another 4xx (e.g. 401 for a wrong DATABASE_AUTH_TOKEN) is a configuration error.
  return status >= 500 || status === 408 || status === 429 ? `${error.code} (HTTP ${status})` : undefined;
}

/**
 * Why `error` means the database cannot be reached right now — a short reason for the logs
 * such as `ECONNREFUSED`, `SERVER_ERROR (HTTP 502)` or `TimeoutError`, never SQL — or
 * undefined for any other failure. Follows the `cause` chain (LibsqlError → Hrana error →
 * fetch's TypeError → socket error).
 */
export function databaseOutage(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    if (current instanceof LibsqlError) {
      const outage = libsqlOutage(current);
      if (outage) return outage;
    }
    if (current.name === 'TimeoutError') return current.name;
    if (current.cause === undefined && WORKERD_NETWORK_MESSAGE.test(current.message)) return current.message;
  }
  return undefined;
}
