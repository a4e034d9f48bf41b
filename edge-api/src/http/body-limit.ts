/**
 * The request-body limit: Hono's `bodyLimit`, reached only when the size is not declared.
 *
 * A request with a `Content-Length` (and no `Transfer-Encoding`) is judged by that header, as
 * Hono's middleware does: the HTTP parser (Node's, the Workers runtime's) delivers exactly that
 * many bytes (RFC 9112 §6.3). Hono's middleware reads `c.req.raw.body` first, which on
 * `@hono/node-server` turns its lightweight request into an undici `Request` over a web stream
 * of the socket — and `c.req.json()` then reads through that stream instead of straight from the
 * socket: for an order, a tenth of the server's time (bench/README §5). A request without a body
 * (GET, HEAD) passes; a chunked one is counted as it arrives, by Hono's middleware.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * A middleware refusing bodies over `maxSize` bytes with `onError`'s answer (a 413 in the API's
 * error shape), before the handler runs.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const counted = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const declared = c.req.header('Content-Length');
    // A size that is not one plain number (absent, or a list) is counted as the bytes arrive.
    if (!declared || !/^\d+$/.test(declared) || c.req.header('Transfer-Encoding') !== undefined)
      return counted(c, next);
    return Number(declared) > maxSize ? onError(c) : next();
  };
}
