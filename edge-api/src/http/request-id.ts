/**
 * Request ids (DESIGN.md §3): every answer carries one in `X-Request-Id`, and every log line of
 * the request names it, so a client's report leads to the server's lines. A client's own id is
 * kept when it is safe to log; otherwise the server makes a UUID.
 */
import { requestId } from 'hono/request-id';

/** An incoming X-Request-Id is kept when it is at most this long and only [A-Za-z0-9_=-] (hono/request-id's rule); else a UUID is made. */
const MAX_REQUEST_ID_LENGTH = 64;
const SAFE_REQUEST_ID = new RegExp(`^[\\w=-]{1,${MAX_REQUEST_ID_LENGTH}}$`);

/** The middleware that sets `c.var.requestId` and the `X-Request-Id` answer header, by {@link MAX_REQUEST_ID_LENGTH}'s rule. */
export const requestIds = requestId({ limitLength: MAX_REQUEST_ID_LENGTH });

/**
 * The request id for an answer made outside Hono (http/replay.ts, the Worker's refusal):
 * takes the incoming header's value and returns it when it is safe, else a new UUID, by the
 * same rule as {@link requestIds}.
 */
export function requestIdFrom(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
