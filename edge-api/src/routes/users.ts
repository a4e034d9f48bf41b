/**
 * `/api/users` (spec §7, DESIGN.md §3): a signed-in user saves their own profile (e-mail must be
 * the token's; the profile is bound to the account, db/users.ts); reads their own record with the
 * effective admin flag (admins read anyone's); admins grant admin rights. `/me` is the account's
 * profile by uid, with its saved phone and addresses (db/user-profiles.ts); `/me/credit` its store
 * credit (DESIGN.md §19, db/credit.ts).
 */
import type { Client } from '@libsql/client';
import { z } from 'zod';
import { requireAdmin, requireKnownUser, requireUser } from '../auth/middleware';
import { creditAnswerSchema } from '../contract/credit';
import { email } from '../contract/fields';
import { myOrdersQuery, orderSchema } from '../contract/order';
import {
  adminGrantSchema,
  profileSchema,
  profileUpdateSchema,
  userSchema,
  userUpsertSchema,
  type Profile,
  type User,
} from '../contract/user';
import { riderGrantAnswerSchema, riderGrantSchema } from '../contract/rider';
import { setRider } from '../db/accounts';
import { readCredit } from '../db/credit';
import { listDeliveryAreas } from '../db/delivery-areas';
import { readStoredProfile, saveStoredProfile } from '../db/user-profiles';
import { grantAdmin, readProfile, readUser, upsertUser } from '../db/users';
import { factory, type RequestUser } from '../env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import { answerOrderPage } from '../orders/list';
import { doc, modifiedAnswer } from './openapi';

const emailParam = z.object({ email });

/**
 * Refuses saved addresses whose `areaId` names no delivery area (DESIGN.md §15): what is saved
 * must be orderable to. An area switched off since is kept (the order to it says so); null is an
 * old free-text address, kept until it is given an area.
 * @throws ApiError 400 naming each such `addresses.<i>.areaId`.
 */
async function checkAddressAreas(db: Client, addresses: ReadonlyArray<{ areaId: string | null }>): Promise<void> {
  if (addresses.every((address) => address.areaId === null)) return;
  const known = new Set((await listDeliveryAreas(db, { all: true })).map((area) => area.id));
  const fields = Object.fromEntries(
    addresses.flatMap((address, i) =>
      address.areaId !== null && !known.has(address.areaId) ? [[`addresses.${i}.areaId`, ['Not a delivery area']]] : [],
    ),
  );
  if (Object.keys(fields).length > 0)
    throw new ApiError(400, 'validation_failed', 'Some addresses name no delivery area; see details.fields.', {
      fields,
    });
}

const saveProfile = factory.createHandlers(requireKnownUser, validate('json', userUpsertSchema), async (c) => {
  const input = c.req.valid('json');
  const user = c.var.user;
  if (input.email !== user.email)
    throw new ApiError(403, 'forbidden', 'You can only save your own profile.', {
      fields: { email: ['Must be the e-mail you signed in with'] },
    });
  await upsertUser(c.var.db, user, input.displayName);
  return c.json({ email: user.email, displayName: input.displayName, admin: user.isAdmin } satisfies User);
});

/**
 * The signed-in account's profile (DESIGN.md §3): e-mail and phone number from the token, the
 * effective admin flag, the name saved under its e-mail (users) or on the account
 * (user_profiles), else the token's; saved phone and addresses by uid.
 */
async function readMe(db: Client, user: RequestUser): Promise<Profile> {
  const [stored, own] = await Promise.all([
    readStoredProfile(db, user.uid),
    user.email ? readProfile(db, user) : Promise.resolve(undefined),
  ]);
  return {
    uid: user.uid,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    displayName: own?.displayName ?? stored.displayName ?? user.name ?? '',
    admin: user.isAdmin,
    phone: stored.phone,
    addresses: stored.addresses,
  };
}

/**
 * The `/api/users` routes: grant admin, the account's own profile (`/me`: read, change name,
 * phone and addresses; `/me/orders`: its orders), save a profile (PUT or POST), read a profile.
 */
export const users = factory
  .createApp()
  .put(
    '/admin',
    doc({
      summary: 'Make a user an admin',
      auth: 'admin',
      body: adminGrantSchema,
      ok: { status: 200, description: '1, or 0 for an unknown user or one already admin', schema: modifiedAnswer },
    }),
    requireAdmin,
    validate('json', adminGrantSchema),
    async (c) => {
      const { email: target } = c.req.valid('json');
      return c.json({ modifiedCount: await grantAdmin(c.var.db, target) });
    },
  )
  .put(
    '/rider',
    doc({
      summary:
        'Make an account a rider (DESIGN.md §18), by its e-mail (seen verified) or its phone number (a phone sign-in): exactly one of the two',
      auth: 'admin',
      body: riderGrantSchema,
      ok: {
        status: 200,
        description:
          '1, or 0 with `reason`: unknown_account (no one signed in with it yet), email_not_verified, already_rider',
        schema: riderGrantAnswerSchema,
      },
    }),
    requireAdmin,
    validate('json', riderGrantSchema),
    async (c) => {
      const answer = await setRider(c.var.db, c.req.valid('json'), true);
      c.var.log.info('rider grant', { modifiedCount: answer.modifiedCount, reason: answer.reason ?? null });
      return c.json(answer);
    },
  )
  .delete(
    '/rider',
    doc({
      summary: 'Stop an account being a rider, by its e-mail or phone number (as PUT)',
      auth: 'admin',
      body: riderGrantSchema,
      ok: {
        status: 200,
        description: '1, or 0 with `reason`: unknown_account, not_a_rider',
        schema: riderGrantAnswerSchema,
      },
    }),
    requireAdmin,
    validate('json', riderGrantSchema),
    async (c) => {
      const answer = await setRider(c.var.db, c.req.valid('json'), false);
      c.var.log.info('rider removed', { modifiedCount: answer.modifiedCount, reason: answer.reason ?? null });
      return c.json(answer);
    },
  )
  .get(
    '/me',
    doc({
      summary: 'Your account’s profile: name, saved phone and addresses, and the effective admin flag',
      auth: 'user',
      ok: { status: 200, description: 'The profile', schema: profileSchema },
    }),
    requireKnownUser,
    async (c) => c.json(await readMe(c.var.db, c.var.user)),
  )
  .put(
    '/me',
    doc({
      summary: 'Change your name, saved phone (null clears it) or saved addresses (the whole list, at most 5)',
      auth: 'user',
      body: profileUpdateSchema,
      ok: { status: 200, description: 'The saved profile', schema: profileSchema },
      errors: [400],
    }),
    requireKnownUser,
    validate('json', profileUpdateSchema),
    async (c) => {
      const input = c.req.valid('json');
      const user = c.var.user;
      if (input.addresses) await checkAddressAreas(c.var.db, input.addresses);
      await saveStoredProfile(c.var.db, user.uid, {
        displayName: input.displayName,
        phone: input.phone === null ? '' : input.phone,
        addresses: input.addresses?.map((a) => ({ ...a, id: a.id ?? crypto.randomUUID() })),
      });
      // An account with an e-mail keeps its name where GET /users/:email reads it.
      if (input.displayName !== undefined && user.email) await upsertUser(c.var.db, user, input.displayName);
      return c.json(await readMe(c.var.db, user));
    },
  )
  .put(
    '/',
    doc({
      summary: 'Save your own profile',
      auth: 'user',
      body: userUpsertSchema,
      ok: { status: 200, description: 'The saved profile', schema: userSchema },
      errors: [403],
    }),
    ...saveProfile,
  )
  .post(
    '/',
    doc({
      summary: 'Save your own profile (as PUT)',
      auth: 'user',
      body: userUpsertSchema,
      ok: { status: 200, description: 'The saved profile', schema: userSchema },
      errors: [403],
    }),
    ...saveProfile,
  )
  .get(
    '/:email',
    doc({
      summary: 'A profile: your own, or anyone’s for admins',
      auth: 'user',
      params: emailParam,
      ok: { status: 200, description: 'The profile', schema: userSchema },
      errors: [400, 403, 404],
    }),
    requireKnownUser,
    validate('param', emailParam),
    async (c) => {
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
    },
  )
  // The account's own orders by uid, whatever its sign-in (e-mail, Google, phone: DESIGN.md §3).
  .get(
    '/me/orders',
    doc({
      summary:
        'Your own orders (by account, whatever the sign-in: e-mail, Google, phone number), newest first, optionally of one `status`; `limit` a page',
      auth: 'user',
      query: myOrdersQuery,
      etag: true,
      ok: {
        status: 200,
        description:
          'A page of orders (`Cache-Control: private, no-cache`). When more follow, header `Link: </api/users/me/orders?…&cursor=…>; rel="next"` gives the next page',
        schema: z.array(orderSchema),
      },
      errors: [400],
    }),
    requireUser,
    validate('query', myOrdersQuery),
    async (c) => {
      const { limit, cursor, status } = c.req.valid('query');
      return answerOrderPage(c, { userId: c.var.user.uid, status }, { status }, { limit, cursor });
    },
  )
  // The account's own store credit by uid (DESIGN.md §19): no one else's, admins' included.
  .get(
    '/me/credit',
    doc({
      summary:
        'Your store credit (DESIGN.md §19): the balance (Tk, never below 0) and the newest 100 ledger entries, newest first — + given (a problem credited, an order cancelled or packed below its credit), − spent on an order',
      auth: 'user',
      ok: {
        status: 200,
        description: 'The balance and entries, Tk to the poisha (`Cache-Control: private, no-store`)',
        schema: creditAnswerSchema,
      },
    }),
    requireUser,
    async (c) => {
      // Money the account holds now: never kept by a cache.
      c.header('Cache-Control', 'private, no-store');
      return c.json(await readCredit(c.var.db, c.var.user.uid));
    },
  );
