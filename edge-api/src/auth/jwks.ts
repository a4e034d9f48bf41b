/**
 * Google's public keys for Firebase ID tokens (the securetoken JWKS), through jose's
 * `createRemoteJWKSet`: fetched on demand with a timeout, cached, and refetched for an unknown
 * `kid` at most every 30 s. A key server that is down or stalled is reported as
 * {@link KeyServerUnavailableError} — not the client's fault, so not an invalid token — and for
 * a few seconds after a failure, requests that need the keys fail at once instead of each waiting
 * out its own timeout.
 */
import { createRemoteJWKSet, errors, type JWTVerifyGetKey } from 'jose';

/** Where Google publishes the keys that sign Firebase ID tokens (the default FIREBASE_JWKS_URL). */
export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

// Google answers in well under a second; a fetch that takes longer is a stalled server, and
// every signed-in request waits on it.
const TIMEOUT_MS = 3_000;
// A forged or stale `kid` must not make every request refetch.
const COOLDOWN_MS = 30_000;
// Google lists a new key days before signing with it, and an unknown `kid` refetches anyway.
const CACHE_MAX_AGE_MS = 60 * 60_000;
const FAILURE_BACKOFF_MS = 5_000;

/** The key set could not be loaded (timeout, network error, bad answer): retry later, the token may be fine. */
export class KeyServerUnavailableError extends Error {
  override name = 'KeyServerUnavailableError';
  constructor(
    message: string,
    /** Seconds until the key server is tried again (the answer's Retry-After). */
    readonly retryAfterSeconds: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A jose key resolver for `jwtVerify`. */
export type KeySource = JWTVerifyGetKey;

/**
 * The key set at `url`, for `jwtVerify`. Rejects with jose's JWKSNoMatchingKey for a `kid` the
 * set does not have, and with {@link KeyServerUnavailableError} when the set cannot be loaded.
 */
export function createJwksSource(url: string): KeySource {
  const remote = createRemoteJWKSet(new URL(url), {
    timeoutDuration: TIMEOUT_MS,
    cooldownDuration: COOLDOWN_MS,
    cacheMaxAge: CACHE_MAX_AGE_MS,
  });
  let failedAt = Number.NEGATIVE_INFINITY;
  return async (header, token) => {
    const sinceFailure = Date.now() - failedAt;
    if (sinceFailure < FAILURE_BACKOFF_MS && !remote.fresh)
      throw new KeyServerUnavailableError(
        'the token key server failed moments ago',
        Math.ceil((FAILURE_BACKOFF_MS - sinceFailure) / 1000),
      );
    try {
      return await remote(header, token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) throw error;
      failedAt = Date.now();
      const reason =
        error instanceof errors.JWKSTimeout
          ? `no answer within ${TIMEOUT_MS} ms`
          : error instanceof Error
            ? error.message
            : String(error);
      throw new KeyServerUnavailableError(
        `the token key set could not be loaded: ${reason}`,
        FAILURE_BACKOFF_MS / 1000,
        { cause: error },
      );
    }
  };
}
