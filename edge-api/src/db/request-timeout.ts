/**
 * A bound on each HTTP request the libSQL client sends to its server (sqld, Turso), for both
 * runtimes (db/client.ts on Node, worker.ts on Workers). Without it a server that accepts the
 * connection and never answers holds the API's request until undici's 300 s headers timeout
 * (Node; measured here: still waiting after 20 s) or for ever (Workers), and once 20 such
 * requests wait, the client's concurrency limit queues every other query behind them. With it
 * the request fails with a `TimeoutError`, which the API answers 503 `database_unavailable`
 * with Retry-After (db/outage.ts). A write whose answer timed out may still have committed
 * on the server: the idempotent writes replay it when the client retries with its key.
 * WebSocket URLs (ws://, wss://) do not go through `fetch` and are not bounded by this.
 */
import type { Config } from '@libsql/client';

/** How long (ms) one HTTP request to the database server may take, answer body included. */
export const DATABASE_REQUEST_TIMEOUT_MS = 5000;

/** The `fetch` createClient takes: called with the Request the client built. */
type DatabaseFetch = (request: Request) => Promise<Response>;

/**
 * Takes a bound in ms and returns a `fetch` for createClient's `fetch` option that aborts each
 * request (its answer's body too) after `timeoutMs` with a `TimeoutError` DOMException. The
 * client's Request carries no signal of its own, so none is lost.
 */
export function fetchWithTimeout(timeoutMs: number = DATABASE_REQUEST_TIMEOUT_MS): DatabaseFetch {
  return (request) => globalThis.fetch(request, { signal: AbortSignal.timeout(timeoutMs) });
}

/** True for the URLs the libSQL client reaches over HTTP (`http:`, `https:`, `libsql:`): those {@link fetchWithTimeout} bounds. */
const isHttpDatabaseUrl = (url: string): boolean => /^(https?|libsql):/i.test(url);

/**
 * createClient's options for `url` on either runtime: `authToken` when given (a libSQL server's)
 * and, for the URLs reached over HTTP, a fetch bounded by `requestTimeoutMs` (ms).
 */
export function databaseClientConfig(url: string, authToken?: string, requestTimeoutMs?: number): Config {
  return {
    url,
    ...(authToken ? { authToken } : {}),
    ...(isHttpDatabaseUrl(url) ? { fetch: fetchWithTimeout(requestTimeoutMs) } : {}),
  };
}
