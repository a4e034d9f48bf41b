/**
 * Write rate limits (hono-rate-limiter, in-memory per process): per IP for every write, and per
 * signed-in user once the token is verified. Over the limit → 429 with `Retry-After` (seconds).
 * Limits come from config (RATE_LIMIT_*_WRITES_PER_MINUTE).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { AppEnv } from './env';
import { errorResponse } from './errors';

const WINDOW_MS = 60_000;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for requests that change data. */
export const isWrite = (c: Context): boolean => WRITE_METHODS.has(c.req.method);

const tooMany = (c: Context) =>
  errorResponse(c, 429, 'rate_limited', 'Too many changes in a short time; wait a moment and try again.');

/** Limits writes per client IP (`clientIp` comes from the runtime entry). Reads pass untouched. */
export function ipWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => `ip:${c.var.clientIp(c)}`,
    skip: (c) => !isWrite(c),
    handler: tooMany,
  });
}

/** Limits writes per verified user (`c.var.user`); run it after the token check. */
export function userWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return rateLimiter<AppEnv>({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    keyGenerator: (c) => `user:${c.var.user.uid}`,
    skip: (c) => !isWrite(c),
    handler: tooMany,
  });
}
