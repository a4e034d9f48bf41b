/**
 * `/api/push` (DESIGN.md §3, §11): the VAPID public key a browser subscribes with, and the
 * account's subscriptions. An endpoint must be `https:` on one of PUSH_SERVICE_ORIGINS
 * (push/origins.ts), else 400 `validation_failed` naming `endpoint`: the server never posts to an
 * address a client made up. An endpoint belongs to the account that subscribed it: another
 * account posting it gets 409 `push_endpoint_taken` and the subscription stays as it was. Without
 * VAPID keys every route answers 404 `push_not_configured`.
 */
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../contract/push';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import type { PushConfig } from '../push/config';
import { isAllowedEndpoint } from '../push/origins';
import { deleteOwnSubscription, saveSubscription } from '../push/subscriptions';
import { deletedAnswer, doc } from './openapi';

/** @throws ApiError 404 `push_not_configured` when the server has no VAPID keys. */
function pushConfigOrThrow(config: PushConfig | undefined): PushConfig {
  if (!config) throw new ApiError(404, 'push_not_configured', 'Notifications are not configured on this server.');
  return config;
}

/**
 * The routes: `GET /public-key`, `POST /subscriptions` (201; 409 `push_endpoint_taken` for an
 * endpoint another account holds), `DELETE /subscriptions` (`{deletedCount}`).
 */
export const push = factory
  .createApp()
  .get(
    '/public-key',
    doc({
      summary: 'The VAPID public key (base64url) a browser subscribes with; 404 push_not_configured when push is off',
      auth: 'anyone',
      ok: { status: 200, description: 'The key', schema: z.object({ publicKey: z.string() }) },
      errors: [404],
    }),
    (c) => {
      const { vapid } = pushConfigOrThrow(c.var.config.push);
      c.header('Cache-Control', 'no-cache');
      return c.json({ publicKey: vapid.publicKey });
    },
  )
  // The configuration is checked before the sign-in, so a client learns push is off without a token.
  .post(
    '/subscriptions',
    doc({
      summary:
        'Keep this browser’s push subscription for your account (an https: endpoint of an allowed push service), with the language to notify in; 409 push_endpoint_taken when another account holds the endpoint',
      auth: 'user',
      body: pushSubscriptionSchema,
      ok: { status: 201, description: 'Kept', schema: z.object({ endpoint: z.string() }) },
      errors: [400, 404, 409],
    }),
    (c, next) => (pushConfigOrThrow(c.var.config.push), next()),
    requireUser,
    validate('json', pushSubscriptionSchema),
    async (c) => {
      const config = pushConfigOrThrow(c.var.config.push);
      const subscription = c.req.valid('json');
      if (!isAllowedEndpoint(subscription.endpoint, config.allowedOrigins))
        throw new ApiError(400, 'validation_failed', 'This endpoint is not on a push service the shop sends to.', {
          fields: { endpoint: ['Must be an https: URL of a known push service'] },
        });
      const { user, db } = c.var;
      if (!(await saveSubscription(db, user.uid, subscription, user.isAdmin)))
        throw new ApiError(
          409,
          'push_endpoint_taken',
          'Another account holds this push subscription. Unsubscribe this browser and subscribe again.',
          undefined,
          { reason: 'push endpoint held by another account' },
        );
      return c.json({ endpoint: subscription.endpoint }, 201);
    },
  )
  .delete(
    '/subscriptions',
    doc({
      summary: 'Remove one of your push subscriptions, by endpoint',
      auth: 'user',
      body: pushUnsubscribeSchema,
      ok: { status: 200, description: 'How many were removed (0 or 1)', schema: deletedAnswer },
      errors: [400, 404],
    }),
    (c, next) => (pushConfigOrThrow(c.var.config.push), next()),
    requireUser,
    validate('json', pushUnsubscribeSchema),
    async (c) => {
      const { endpoint } = c.req.valid('json');
      return c.json({ deletedCount: await deleteOwnSubscription(c.var.db, c.var.user.uid, endpoint) });
    },
  );
