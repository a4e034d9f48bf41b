/**
 * Route guards (DESIGN.md §3): `requireUser` verifies `Authorization: Bearer <Firebase ID token>`
 * and resolves the admin flag (users.admin, or an e-mail in ADMIN_EMAILS); `requireAdmin` also
 * needs that flag. Failures are 401 (no or bad token) and 403 (not an admin).
 */
import type { Client } from '@libsql/client';
import { factory } from '../env';
import { ApiError } from '../errors';

/** True when `email` is an admin: listed in ADMIN_EMAILS or marked in `users`. */
export async function isAdminEmail(db: Client, adminEmails: readonly string[], email: string): Promise<boolean> {
  if (adminEmails.includes(email)) return true;
  const { rows } = await db.execute({ sql: 'SELECT admin FROM users WHERE email = ?', args: [email] });
  return Number(rows[0]?.admin ?? 0) === 1;
}

export const requireUser = factory.createMiddleware(async (c, next) => {
  const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
  if (!match?.[1]) throw new ApiError(401, 'unauthenticated', 'Sign in to continue (no bearer token).');
  const user = await c.var.verifyToken(match[1]).catch(() => {
    throw new ApiError(401, 'invalid_token', 'Your sign-in has expired or is invalid; sign in again.');
  });
  c.set('user', { ...user, isAdmin: await isAdminEmail(c.var.db, c.var.config.adminEmails, user.email) });
  return c.var.userWriteLimit(c, next);
});

export const requireAdmin = factory.createMiddleware(async (c, next) => {
  return requireUser(c, async () => {
    if (!c.var.user.isAdmin) throw new ApiError(403, 'forbidden', 'Only admins may do this.');
    await next();
  });
});
