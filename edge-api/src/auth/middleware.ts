/**
 * Route guards (DESIGN.md §3): `requireUser` verifies `Authorization: Bearer <Firebase ID token>`
 * and resolves the admin flag (users.admin, or an e-mail in ADMIN_EMAILS, and only with a token
 * that says `email_verified: true`: db/users.ts isAdminAccount); `requireAdmin` also
 * needs that flag. Failures are 401 (no or bad token), 403 (not an admin) and 503 with
 * Retry-After (the token's signing keys cannot be loaded); the log says why (http/errors.ts).
 */
import { isRiderAccount, recordAccount } from '../db/accounts';
import { isAdminAccount } from '../db/users';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { KeyServerUnavailableError } from './jwks';
import { InvalidTokenError } from './verify-token';

/**
 * Sets `c.var.user` (uid, e-mail, name, picture and `isAdmin`) from the bearer token, then applies
 * the per-user write limit. @throws ApiError 401 without a token or with an invalid or expired one;
 * 503 when the key server cannot be reached.
 */
export const requireUser = factory.createMiddleware(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!match?.[1])
    throw new ApiError(401, 'unauthenticated', 'Sign in to continue (no bearer token).', undefined, {
      reason: 'no bearer token',
    });
  // c.get, not c.var: c.var copies every variable of the request into a new object at each read.
  const user = await c
    .get('verifyToken')(match[1])
    .catch((error: unknown) => {
      // Google's key server being down is not the client's fault: 503, so the client retries
      // later and keeps its sign-in instead of being signed out.
      if (error instanceof KeyServerUnavailableError) {
        c.header('Retry-After', String(error.retryAfterSeconds));
        throw new ApiError(
          503,
          'auth_unavailable',
          'Sign-in cannot be checked right now; try again in a moment.',
          undefined,
          { reason: error.message },
        );
      }
      // The log gets the verifier's reason (e.g. "exp" claim check failed), never the token.
      const reason = `token rejected: ${error instanceof InvalidTokenError ? error.message : 'the verifier failed'}`;
      throw new ApiError(401, 'invalid_token', 'Your sign-in has expired or is invalid; sign in again.', undefined, {
        reason,
      });
    });
  c.set('user', { ...user, isAdmin: await isAdminAccount(c.get('db'), c.get('config').adminEmails, user) });
  return c.get('userWriteLimit')(c, next);
});

/** {@link requireUser}, then only admins pass. @throws ApiError 401 as requireUser; 403 when not an admin. */
export const requireAdmin = factory.createMiddleware(async (c, next) => {
  return requireUser(c, async () => {
    if (!c.var.user.isAdmin)
      throw new ApiError(403, 'forbidden', 'Only admins may do this.', undefined, {
        reason: c.var.user.emailVerified ? 'not an admin' : 'not an admin (e-mail not verified)',
      });
    await next();
  });
});

/**
 * {@link requireUser}, then records the account as its token shows it (db/accounts.ts: once per
 * process unless the token says something new), so an admin can name it a rider (DESIGN.md §18).
 * On the routes a signed-in app calls when it starts (`/users`, the rider's run), not on every
 * route: a write there would wait on a locked database. A failure is logged, never the request's.
 * @throws ApiError 401 as requireUser.
 */
export const requireKnownUser = factory.createMiddleware(async (c, next) => {
  return requireUser(c, async () => {
    await recordAccount(c.var.db, c.var.user).catch((error: unknown) => {
      c.var.log.warn('account not recorded', { reason: error instanceof Error ? error.name : 'unknown' });
    });
    await next();
  });
});

/**
 * {@link requireKnownUser}, then only riders pass (DESIGN.md §18): accounts an admin named, whose
 * token shows a verified e-mail or a phone sign-in (db/accounts.ts isRiderAccount).
 * @throws ApiError 401 as requireUser; 403 `forbidden` when not a rider.
 */
export const requireRider = factory.createMiddleware(async (c, next) => {
  return requireKnownUser(c, async () => {
    if (!(await isRiderAccount(c.var.db, c.var.user)))
      throw new ApiError(403, 'forbidden', 'Only riders may do this.', undefined, { reason: 'not a rider' });
    await next();
  });
});
