/**
 * `/api/users` (spec §7, DESIGN.md §3): a signed-in user saves their own profile (e-mail must be
 * the token's); reads their own record (admins read anyone's); admins grant admin rights.
 */
import { isAdminEmail, requireAdmin, requireUser } from '../auth/middleware';
import { email } from '../contract/fields';
import { adminGrantSchema, userUpsertSchema, type User } from '../contract/user';
import { factory, type AppEnv } from '../env';
import { ApiError } from '../errors';
import { validate } from '../validation';
import type { Context } from 'hono';
import { z } from 'zod';

async function readUser(c: Context<AppEnv>, forEmail: string): Promise<User | undefined> {
  const { rows } = await c.var.db.execute({ sql: 'SELECT email, display_name FROM users WHERE email = ?', args: [forEmail] });
  if (!rows[0]) return undefined;
  return { email: String(rows[0].email), displayName: String(rows[0].display_name), admin: await isAdminEmail(c.var.db, c.var.config.adminEmails, forEmail) };
}

const saveProfile = factory.createHandlers(requireUser, validate('json', userUpsertSchema), async (c) => {
  const input = c.req.valid('json');
  const user = c.var.user;
  if (input.email !== user.email)
    throw new ApiError(403, 'forbidden', 'You can only save your own profile.', { fields: { email: ['Must be the e-mail you signed in with'] } });
  const now = Date.now();
  await c.var.db.execute({
    sql: `INSERT INTO users (email, display_name, admin, created_at, updated_at) VALUES (?, ?, 0, ?, ?)
          ON CONFLICT (email) DO UPDATE SET display_name = excluded.display_name, updated_at = excluded.updated_at`,
    args: [user.email, input.displayName, now, now],
  });
  return c.json({ email: user.email, displayName: input.displayName, admin: user.isAdmin } satisfies User);
});

export const users = factory
  .createApp()
  .put('/admin', requireAdmin, validate('json', adminGrantSchema), async (c) => {
    const { email: target } = c.req.valid('json');
    const { rowsAffected } = await c.var.db.execute({ sql: 'UPDATE users SET admin = 1, updated_at = ? WHERE email = ? AND admin = 0', args: [Date.now(), target] });
    return c.json({ modifiedCount: rowsAffected });
  })
  .put('/', ...saveProfile)
  .post('/', ...saveProfile)
  .get('/:email', requireUser, validate('param', z.object({ email })), async (c) => {
    const { email: target } = c.req.valid('param');
    const user = c.var.user;
    if (target !== user.email && !user.isAdmin) throw new ApiError(403, 'forbidden', 'You can only read your own profile.');
    const found = await readUser(c, target);
    if (found) return c.json(found);
    if (target !== user.email) throw new ApiError(404, 'not_found', `No user ${target}.`);
    // Signed in, but the profile is not saved yet (e.g. right after a popup sign-in).
    return c.json({ email: user.email, displayName: user.name ?? '', admin: user.isAdmin } satisfies User);
  });
