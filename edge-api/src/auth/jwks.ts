/**
 * Google's public keys for Firebase ID tokens (the securetoken JWKS), fetched on demand and
 * cached for as long as the answer's `Cache-Control: max-age` allows (Firebase docs, "Verify ID
 * tokens using a third-party JWT library"). An unknown `kid` refetches, at most every 30 s.
 */
import { createLocalJWKSet, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export const FIREBASE_JWKS_URL = 'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

const DEFAULT_MAX_AGE_S = 3600;
const REFETCH_COOLDOWN_MS = 30_000;

/** Reads `max-age` from a Cache-Control header (seconds), or undefined. */
export function maxAgeSeconds(cacheControl: string | null): number | undefined {
  const match = /(?:^|,)\s*max-age=(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
}

export type KeySource = { getKey: (kid: string) => Promise<JWTVerifyGetKey> };

/**
 * A cached JWKS at `url`. `getKey(kid)` returns a jose key set containing `kid`.
 * @throws Error when the JWKS cannot be fetched or does not contain `kid`.
 */
export function createJwksSource(url: string, fetchFn: typeof fetch = fetch, now: () => number = Date.now): KeySource {
  let cache: { kids: Set<string>; keySet: JWTVerifyGetKey; expiresAt: number; fetchedAt: number } | undefined;
  let inflight: Promise<void> | undefined;

  const refresh = () =>
    (inflight ??= (async () => {
      try {
        const res = await fetchFn(url);
        if (!res.ok) throw new Error(`JWKS fetch answered ${res.status}`);
        const jwks = (await res.json()) as JSONWebKeySet;
        const maxAge = maxAgeSeconds(res.headers.get('cache-control')) ?? DEFAULT_MAX_AGE_S;
        cache = {
          kids: new Set(jwks.keys.map((key) => key.kid ?? '')),
          keySet: createLocalJWKSet(jwks),
          expiresAt: now() + maxAge * 1000,
          fetchedAt: now(),
        };
      } finally {
        inflight = undefined;
      }
    })());

  return {
    getKey: async (kid) => {
      if (!cache || cache.expiresAt <= now()) await refresh();
      else if (!cache.kids.has(kid) && now() - cache.fetchedAt > REFETCH_COOLDOWN_MS) await refresh();
      if (!cache?.kids.has(kid)) throw new Error(`no public key with kid ${kid}`);
      return cache.keySet;
    },
  };
}
