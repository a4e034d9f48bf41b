/**
 * Write rate limits: per IP for every write, and per signed-in user once the token is verified.
 * Over the limit → 429 with `Retry-After` (seconds). On Cloudflare Workers they go through the
 * Rate Limiting bindings of wrangler.toml (IP_WRITE_LIMITER, USER_WRITE_LIMITER), which count
 * across isolates and set their own limits; elsewhere — Node, and `wrangler dev --env local`
 * where the bindings are absent — through hono-rate-limiter, in memory per process, with the
 * limits of config (RATE_LIMIT_*_WRITES_PER_MINUTE).
 */
import type { Context, MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { AppEnv } from '../env';
import { errorResponse } from './errors';

const WINDOW_MS = 60_000;
// The `period` of the [[ratelimits]] bindings in wrangler.toml; the binding does not say when
// its window ends, so a refused client waits a whole period.
const BINDING_PERIOD_S = 60;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True for requests that change data. */
export const isWrite = (c: Context): boolean => WRITE_METHODS.has(c.req.method);

const tooMany = (c: Context<AppEnv>) => {
  // The IP limit runs before the token check, the user's after it (no IP address in the log).
  c.var.log.warn('rate limited', { limit: c.get('user') === undefined ? 'ip' : 'user' });
  return errorResponse(c, 429, 'rate_limited', 'Too many changes in a short time; wait a moment and try again.');
};

/** Cloudflare's Rate Limiting binding (`[[ratelimits]]` in wrangler.toml). */
export type RateLimitBinding = { limit: (options: { key: string }) => Promise<{ success: boolean }> };

/** The Workers binding `name` of this request's env, when the runtime has one. */
function bindingOf(c: Context, name: string): RateLimitBinding | undefined {
  // c.env is the Workers env on Workers, Node's { incoming, outgoing } on Node, or undefined in tests.
  const candidate: unknown = (c.env as Record<string, unknown> | undefined)?.[name];
  return typeof (candidate as Partial<RateLimitBinding> | undefined)?.limit === 'function'
    ? (candidate as RateLimitBinding)
    : undefined;
}

function writeLimit(binding: string, limit: number, key: (c: Context<AppEnv>) => string): MiddlewareHandler<AppEnv> {
  const inMemory = rateLimiter<AppEnv>({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    keyGenerator: key,
    skip: (c) => !isWrite(c),
    handler: tooMany,
  });
  return async (c, next) => {
    const limiter = bindingOf(c, binding);
    if (!limiter) return inMemory(c, next);
    if (!isWrite(c)) return next();
    const { success } = await limiter.limit({ key: key(c) });
    if (success) return next();
    c.header('Retry-After', String(BINDING_PERIOD_S));
    return tooMany(c);
  };
}

/** Limits writes per client IP (`clientIp` comes from the runtime entry). Reads pass untouched. */
export function ipWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return writeLimit('IP_WRITE_LIMITER', limit, (c) => `ip:${c.var.clientIp(c)}`);
}

/** Limits writes per verified user (`c.var.user`); run it after the token check. */
export function userWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return writeLimit('USER_WRITE_LIMITER', limit, (c) => `user:${c.var.user.uid}`);
}
