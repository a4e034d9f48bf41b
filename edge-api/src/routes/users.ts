/**
 * `/api/users` (spec §7, DESIGN.md §3): a signed-in user saves their own profile (e-mail must be
 * the token's; the profile is bound to the account, db/users.ts); reads their own record with the
 * effective admin flag (admins read anyone's); admins grant admin rights.
 */
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import { email } from '../contract/fields';
import { myOrdersQuery } from '../contract/order';
import { adminGrantSchema, userUpsertSchema, type User } from '../contract/user';
import { grantAdmin, readProfile, readUser, upsertUser } from '../db/users';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import { answerOrderPage } from './orders';

const saveProfile = factory.createHandlers(requireUser, validate('json', userUpsertSchema), async (c) => {
  const input = c.req.valid('json');
  const user = c.var.user;
  if (input.email !== user.email)
    throw new ApiError(403, 'forbidden', 'You can only save your own profile.', {
      fields: { email: ['Must be the e-mail you signed in with'] },
    });
  await upsertUser(c.var.db, user, input.displayName);
  return c.json({ email: user.email, displayName: input.displayName, admin: user.isAdmin } satisfies User);
});

/** The `/api/users` routes: grant admin, save a profile (PUT or POST), read a profile, the account's orders. */
export const users = factory
  .createApp()
  .put('/admin', requireAdmin, validate('json', adminGrantSchema), async (c) => {
    const { email: target } = c.req.valid('json');
    return c.json({ modifiedCount: await grantAdmin(c.var.db, target) });
  })
  .put('/', ...saveProfile)
  .post('/', ...saveProfile)
  .get('/:email', requireUser, validate('param', z.object({ email })), async (c) => {
    const { email: target } = c.req.valid('param');
    const user = c.var.user;
    if (target === user.email) {
      // Their own: the account's profile (not one another account with this e-mail saved) and
      // the flag the API applies to this token, so an unverified e-mail shows no admin screens.
      const own = await readProfile(c.var.db, user);
      // No profile yet (e.g. right after a popup sign-in): the token's name.
      return c.json({
        email: user.email,
        displayName: own?.displayName ?? user.name ?? '',
        admin: user.isAdmin,
      } satisfies User);
    }
    if (!user.isAdmin) throw new ApiError(403, 'forbidden', 'You can only read your own profile.');
    const found = await readUser(c.var.db, target, c.var.config.adminEmails);
    if (!found) throw new ApiError(404, 'not_found', `No user ${target}.`);
    return c.json(found);
  })
  // The account's own orders by uid, whatever its sign-in (e-mail, Google, phone: DESIGN.md §3).
  .get('/me/orders', requireUser, validate('query', myOrdersQuery), async (c) => {
    const { limit, cursor, status } = c.req.valid('query');
    return answerOrderPage(c, { userId: c.var.user.uid, status }, { status }, { limit, cursor });
  });
