/**
 * Rate limits: per IP for every write, per signed-in user once the token is verified, and per IP
 * for every request to the routes anyone may call that make the shop call a payment provider
 * (the bKash callback). Over the limit → 429 with `Retry-After` (seconds). On Cloudflare Workers
 * they go through the Rate Limiting bindings of wrangler.toml (IP_WRITE_LIMITER,
 * USER_WRITE_LIMITER, IP_CALLBACK_LIMITER), which count across isolates and set their own limits;
 * elsewhere — Node, and `wrangler dev --env local` where the bindings are absent — through
 * hono-rate-limiter, in memory per app, with the limits of config (RATE_LIMIT_*_WRITES_PER_MINUTE)
 * and {@link CALLBACKS_PER_MINUTE}.
 *
 * The IP limit's client is the runtime's peer address (`clientIp`: the socket's on Node,
 * CF-Connecting-IP on Workers), or behind TRUST_PROXY reverse proxies the address the outermost
 * trusted one saw ({@link clientAddress}); it is keyed by the whole IPv4 address and by an IPv6
 * address's /64 ({@link addressKey}), the block one subscriber gets, so rotating addresses
 * within it does not escape the limit.
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

/**
 * Requests a minute one client address may send to the provider callbacks, whatever the method.
 * A shopper's payment makes one or two (the browser's return, maybe the service worker's replay),
 * so this leaves room for many shoppers behind one carrier-grade NAT, while a loop asking bKash
 * about made-up payments is stopped.
 */
export const CALLBACKS_PER_MINUTE = 60;

/** True for requests that change data. */
const isWrite = (c: Context): boolean => WRITE_METHODS.has(c.req.method);

/** Which limit refused a request, for the log line (never the address or the user). */
type LimitName = 'ip' | 'user' | 'callback';

const tooMany = (c: Context<AppEnv>, limit: LimitName) => {
  c.var.log.warn('rate limited', { limit });
  return errorResponse(
    c,
    429,
    'rate_limited',
    limit === 'callback'
      ? 'Too many requests in a short time; wait a moment and try again.'
      : 'Too many changes in a short time; wait a moment and try again.',
  );
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

/**
 * A limit of `limit` requests a minute per `key`, counted only for requests `counts` (all when
 * absent): through the Workers binding `binding` when the runtime has it, else in memory.
 */
function requestLimit(
  name: LimitName,
  binding: string,
  limit: number,
  key: (c: Context<AppEnv>) => string,
  counts: (c: Context) => boolean = () => true,
): MiddlewareHandler<AppEnv> {
  const inMemory = rateLimiter<AppEnv>({
    windowMs: WINDOW_MS,
    limit,
    standardHeaders: 'draft-7',
    keyGenerator: key,
    skip: (c) => !counts(c),
    handler: (c) => tooMany(c, name),
  });
  return async (c, next) => {
    const limiter = bindingOf(c, binding);
    if (!limiter) return inMemory(c, next);
    if (!counts(c)) return next();
    const { success } = await limiter.limit({ key: key(c) });
    if (success) return next();
    c.header('Retry-After', String(BINDING_PERIOD_S));
    return tooMany(c, name);
  };
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEXTET = /^[0-9a-f]{1,4}$/;

/**
 * The eight 16-bit groups of IPv6 address `text` (lower case, zone and brackets removed; an
 * embedded IPv4 tail as two groups), or undefined when it is not one.
 */
function ipv6Groups(text: string): number[] | undefined {
  const address = text
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  if (!address.includes(':') || address.length > 45) return undefined;
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && IPV4.test(piece)) {
        const [a = 0, b = 0, c = 0, d = 0] = piece.split('.').map(Number);
        groups.push((a << 8) | b, (c << 8) | d);
      } else if (HEXTET.test(piece)) groups.push(parseInt(piece, 16));
      else return undefined;
    }
    return groups;
  };
  const head = parse(halves[0] ?? '');
  const tail = halves.length === 2 ? parse(halves[1] ?? '') : [];
  if (!head || !tail) return undefined;
  if (halves.length === 1) return head.length === 8 ? head : undefined;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : undefined;
}

/** True when `text` is an IPv4 or IPv6 address. */
const isIpAddress = (text: string): boolean => IPV4.test(text) || ipv6Groups(text) !== undefined;

/**
 * The rate-limit key of client address `address`: an IPv4 address whole (also when written as
 * IPv4-mapped IPv6, `::ffff:1.2.3.4`), an IPv6 address by its /64 (`2001:db8:0:1::/64`), and
 * anything else (`unknown`) as it is.
 */
export function addressKey(address: string): string {
  const text = address.trim();
  if (IPV4.test(text)) return text;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/**
 * The client's address for the IP limit (TRUST_PROXY, .env.example). `peer` is the address the
 * runtime saw (the socket's, or Cloudflare's CF-Connecting-IP); `forwardedFor` the request's
 * X-Forwarded-For; `trustedHops` how many reverse proxies in front of the server append to it.
 * With 0 the header is ignored (a client can write anything there); with N the Nth address from
 * its right, the one the outermost trusted proxy saw (with fewer addresses, the leftmost). A
 * header that is absent, or whose chosen entry is not an IP address, gives `peer`.
 */
export function clientAddress(peer: string, forwardedFor: string | undefined, trustedHops: number): string {
  if (trustedHops === 0 || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  const chosen = hops[Math.max(0, hops.length - trustedHops)];
  return chosen !== undefined && isIpAddress(chosen) ? chosen : peer;
}

/** The IP limits' key of request `c`: its client address (`clientIp` through TRUST_PROXY), by {@link addressKey}. */
const ipKey = (c: Context<AppEnv>): string =>
  `ip:${addressKey(clientAddress(c.get('clientIp')(c), c.req.header('X-Forwarded-For'), c.get('config').trustProxy))}`;

/**
 * Limits writes per client address (`clientIp` from the runtime entry, through TRUST_PROXY:
 * {@link clientAddress}; keyed by {@link addressKey}). Reads pass untouched.
 */
export function ipWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return requestLimit('ip', 'IP_WRITE_LIMITER', limit, ipKey, isWrite);
}

/** Limits writes per verified user (`c.var.user`); run it after the token check. */
export function userWriteLimit(limit: number): MiddlewareHandler<AppEnv> {
  return requestLimit('user', 'USER_WRITE_LIMITER', limit, (c) => `user:${c.get('user').uid}`, isWrite);
}

/**
 * Limits every request, reads included, per client address (as {@link ipWriteLimit}) to
 * `limit` a minute: for the routes anyone may call that make the shop call a payment provider.
 */
export function ipCallbackLimit(limit = CALLBACKS_PER_MINUTE): MiddlewareHandler<AppEnv> {
  return requestLimit('callback', 'IP_CALLBACK_LIMITER', limit, ipKey);
}
