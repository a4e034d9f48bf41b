/**
 * Verifies Firebase ID tokens without firebase-admin, so the same code runs on Workers
 * (Firebase docs, "Verify ID tokens using a third-party JWT library"): RS256 signed by a key of
 * Google's securetoken JWKS; `aud` = project id; `iss` = https://securetoken.google.com/<project>;
 * `exp`, `iat` and `auth_time` required and checked with 30 s of clock skew, `exp` at most one
 * hour after `iat` (Firebase issues tokens for exactly one hour, so a longer life is forged or
 * not Firebase's); `sub` non-empty, ≤ 128 chars; an `email` claim, or a `phone_number` claim for
 * an account signed in with a phone number (it has no e-mail). Unsigned (`alg: none`)
 * emulator tokens pass only when the caller allows them (auth/emulator-tokens.ts) and only for a
 * `demo-` project (DESIGN.md §3). A key server that cannot be reached is not a bad token: it
 * rejects with jwks.ts's KeyServerUnavailableError, which the auth middleware answers 503.
 */
import { decodeProtectedHeader, jwtVerify, UnsecuredJWT, type JWTPayload } from 'jose';
import { KeyServerUnavailableError, type KeySource } from './jwks';

/**
 * The signed-in user a verified token names. `email` is lower-cased, and '' for an account
 * signed in with a phone number (no e-mail: the empty `email` its orders store, DESIGN.md §3);
 * `emailVerified` is the token's `email_verified` claim (true only when the provider has
 * confirmed the address; never for a phone account, so it is never an admin). `phoneNumber` is
 * the token's `phone_number` (E.164) when it has one.
 */
export type AuthUser = {
  uid: string;
  email: string;
  emailVerified: boolean;
  phoneNumber: string | undefined;
  name: string | undefined;
  picture: string | undefined;
};

/** Thrown for any token that must not be trusted; `message` says why (for logs, not clients). */
export class InvalidTokenError extends Error {
  override name = 'InvalidTokenError';
}

/** Resolves a token's user; rejects with InvalidTokenError (401) or KeyServerUnavailableError (503). */
export type TokenVerifier = (token: string) => Promise<AuthUser>;

const CLOCK_SKEW_S = 30;
/** The longest life (`exp` − `iat`) a token may have: Firebase's ID tokens live one hour. */
const MAX_TOKEN_LIFETIME_S = 3600;

function userFrom(payload: JWTPayload, nowS: number): AuthUser {
  const {
    sub,
    email,
    email_verified: emailVerified,
    phone_number: phoneNumber,
    iat,
    exp,
    auth_time: authTime,
    name,
    picture,
  } = payload as JWTPayload & Record<string, unknown>;
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw new InvalidTokenError('bad sub');
  const phone = typeof phoneNumber === 'string' && /^\+[1-9]\d{6,14}$/.test(phoneNumber) ? phoneNumber : undefined;
  const hasEmail = typeof email === 'string' && email.length > 0;
  if (!hasEmail && !phone) throw new InvalidTokenError('no email or phone_number claim');
  if (typeof iat !== 'number' || iat > nowS + CLOCK_SKEW_S) throw new InvalidTokenError('iat in the future');
  // jose checks `exp` only when present: a token without one would never expire.
  if (typeof exp !== 'number') throw new InvalidTokenError('no exp claim');
  if (exp - iat > MAX_TOKEN_LIFETIME_S + CLOCK_SKEW_S)
    throw new InvalidTokenError(`exp more than ${MAX_TOKEN_LIFETIME_S} s after iat`);
  if (typeof authTime !== 'number' || authTime > nowS + CLOCK_SKEW_S) throw new InvalidTokenError('bad auth_time');
  return {
    uid: sub,
    email: hasEmail ? email.toLowerCase() : '',
    emailVerified: hasEmail && emailVerified === true,
    phoneNumber: phone,
    name: typeof name === 'string' && name.trim() ? name.trim() : undefined,
    picture: typeof picture === 'string' && picture ? picture : undefined,
  };
}

/**
 * Builds the verifier for `projectId`. `acceptEmulatorTokens` is honoured only for `demo-`
 * projects, whatever the caller asks; whether a request may use it at all (the emulator set, a
 * loopback listener or host) is the caller's decision (app.ts).
 * @returns a function resolving to the token's {@link AuthUser}, rejecting with InvalidTokenError,
 * or KeyServerUnavailableError when the keys to check a signed token cannot be loaded.
 */
export function createTokenVerifier(opts: {
  projectId: string;
  keys: KeySource;
  acceptEmulatorTokens: boolean;
  now?: () => number;
}): TokenVerifier {
  const issuer = `https://securetoken.google.com/${opts.projectId}`;
  const emulator = opts.acceptEmulatorTokens && opts.projectId.startsWith('demo-');
  const now = opts.now ?? Date.now;
  const claims = { issuer, audience: opts.projectId, clockTolerance: CLOCK_SKEW_S };

  return async (token) => {
    const nowS = Math.floor(now() / 1000);
    let header;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidTokenError('malformed token');
    }
    try {
      if (header.alg === 'none') {
        if (!emulator) throw new InvalidTokenError('unsigned token outside emulator mode');
        return userFrom(UnsecuredJWT.decode(token, { ...claims, currentDate: new Date(now()) }).payload, nowS);
      }
      if (header.alg !== 'RS256') throw new InvalidTokenError(`algorithm ${String(header.alg)} not allowed`);
      if (!header.kid) throw new InvalidTokenError('no kid');
      const { payload } = await jwtVerify(token, opts.keys, {
        ...claims,
        algorithms: ['RS256'],
        currentDate: new Date(now()),
      });
      return userFrom(payload, nowS);
    } catch (error) {
      if (error instanceof InvalidTokenError || error instanceof KeyServerUnavailableError) throw error;
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
  };
}
