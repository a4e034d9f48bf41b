/**
 * Cacheable JSON for the catalogue (`GET /products`, `GET /reviews`): a strong ETag over the
 * exact bytes, `If-None-Match` → 304. `no-cache` makes every fetch revalidate (a 304 costs a
 * few bytes), so a shopper never sees a price an admin has just changed; serving the last copy
 * at once while revalidating (stale-while-revalidate) is the service worker's job, offline too.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { base64url } from '../contract/base64url';
import { sha256Bytes } from './sha256';

export const CATALOGUE_CACHE_CONTROL = 'public, no-cache';

/** A strong ETag for `text`: a quoted, base64url SHA-256. */
export async function strongEtag(text: string): Promise<string> {
  return `"${base64url(await sha256Bytes(text))}"`;
}

/** True when an If-None-Match header lists `etag` (or `*`); weak forms compare equal (RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Answers JSON `text` (already serialised) with `etag` and `cacheControl` (default: the
 * catalogue's), or 304 when the client already has these bytes. Typed as `T` so the RPC client
 * knows the shape.
 */
export function cacheableText<T>(
  c: Context,
  text: string,
  etag: string,
  cacheControl = CATALOGUE_CACHE_CONTROL,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  type Typed = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
  c.header('ETag', etag);
  c.header('Cache-Control', cacheControl);
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304) as unknown as Typed;
  c.header('Content-Type', 'application/json; charset=UTF-8');
  return c.body(text, 200) as unknown as Typed;
}

/** Answers `body` as JSON with a strong ETag over its bytes, or 304 (see cacheableText). */
export async function cacheableJson<T>(
  c: Context,
  body: T,
  cacheControl?: string,
): Promise<Response & TypedResponse<JSONParsed<T>, 200, 'json'>> {
  const text = JSON.stringify(body);
  return cacheableText<T>(c, text, await strongEtag(text), cacheControl);
}
