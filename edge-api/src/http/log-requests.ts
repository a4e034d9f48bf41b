/**
 * The request-line middleware (DESIGN.md §3): sets `c.var.log` and writes one line per API
 * request through http/logger.ts. Kept apart from the logger, which knows no Hono environment,
 * so the environment's types can name the logger without an import circle.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv, RequestUser } from '../env';
import { requestLog, writeRequestLine } from './logger';

/**
 * The route pattern that answered (e.g. `/api/orders/update/:id`), never the raw path with its
 * ids: the first matched route registered for a method; `/api/*` when only the catch-all and
 * middleware matched (an unknown path).
 */
function routeOf(c: Parameters<MiddlewareHandler<AppEnv>>[0]): string {
  const routes = matchedRoutes(c);
  return (routes.find((route) => route.method !== 'ALL') ?? routes.at(-1))?.path ?? c.req.routePath;
}

/**
 * Middleware, after hono/request-id: sets `c.var.log` (the app's logger with the request id),
 * and once the answer is ready writes the request line — requestId, method, route, status,
 * durationMs and the user's uid when signed in — and sets `X-Request-Id` on the answer (also
 * on answers a handler built itself).
 */
export const logRequests: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = performance.now();
  // c.get, not c.var: c.var copies every variable of the request into a new object at each read.
  const log = requestLog(c.get('requestId'));
  c.set('log', log);
  await next();
  c.header('X-Request-Id', c.get('requestId'));
  writeRequestLine(log, {
    method: c.req.method,
    route: routeOf(c),
    status: c.res.status,
    durationMs: performance.now() - started,
    uid: (c.get('user') as RequestUser | undefined)?.uid,
  });
};
