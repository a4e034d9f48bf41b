/**
 * Tells a database that cannot serve right now from every other failure, so the API answers it
 * 503 with Retry-After (DESIGN.md §3) instead of 500 (errors.ts): an outage — libSQL cannot be
 * reached — is `database_unavailable`; a database that is there but locked is `database_busy`.
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
 * A locked database (seen on a `file:` database whose lock another connection held past the
 * busy timeout, db/client.ts): LibsqlError `SQLITE_BUSY` (its extendedCode e.g.
 * `SQLITE_BUSY_RECOVERY`) — a write while another writer holds the write lock; a read too, in
 * WAL, while another connection holds the file in exclusive locking mode or recovers its WAL —
 * or `SQLITE_LOCKED` (a conflict on one shared cache). sqld sends the same codes over Hrana.
 * SQL errors (constraint, syntax, a corrupt file) are neither: they stay 500.
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

/** `error` and the errors down its `cause` chain (at most {@link MAX_CAUSES}). */
function* causes(error: unknown): Generator<Error> {
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

// SQLite's primary codes for a lock held elsewhere, and their extended codes (SQLITE_BUSY_SNAPSHOT, …).
const LOCK_CODE = /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/;

/**
 * Why `error` means the database is locked by another connection right now — its SQLite code,
 * the extended one when known (`SQLITE_BUSY`, `SQLITE_BUSY_RECOVERY`, `SQLITE_LOCKED`), never
 * SQL or a message — or undefined for any other failure. Follows the `cause` chain.
 */
export function databaseBusy(error: unknown): string | undefined {
  for (const current of causes(error)) {
    if (!(current instanceof LibsqlError)) continue;
    const extended = current.extendedCode;
    if (extended !== undefined && LOCK_CODE.test(extended)) return extended;
    if (LOCK_CODE.test(current.code)) return current.code;
  }
  return undefined;
}

/**
 * How the API answers a database that cannot serve now: 503 with the code, message and
 * Retry-After (seconds; a locked database's callers have waited the busy timeout already), and
 * the warn log line.
 */
const UNAVAILABLE = {
  database_unavailable: {
    message: 'The shop cannot reach its database right now; try again in a few seconds.',
    retryAfterS: 5,
    log: 'database unavailable',
  },
  database_busy: {
    message: 'The shop’s database is busy right now; try again in a moment.',
    retryAfterS: 2,
    log: 'database busy',
  },
} as const;

/**
 * Classifies `error` for errors.ts: an outage ({@link databaseOutage}) or a locked database
 * ({@link databaseBusy}), with the answer and the log line each gets, and the reason to log.
 * @returns how to answer it, or undefined when it is neither (a 500).
 */
export function databaseUnavailable(error: unknown) {
  const outage = databaseOutage(error);
  if (outage !== undefined)
    return { code: 'database_unavailable', ...UNAVAILABLE.database_unavailable, reason: outage } as const;
  const busy = databaseBusy(error);
  if (busy !== undefined)
    return {
      code: 'database_busy',
      ...UNAVAILABLE.database_busy,
      reason: `${busy}: another connection holds the database's lock`,
    } as const;
  return undefined;
}
