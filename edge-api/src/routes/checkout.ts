/**
 * Card payments (DESIGN.md §3, §6): `POST /api/checkout` and the Stripe webhook. Both answer 501
 * until the checkout issue wires Stripe; the route and its guard exist now so the contract and
 * the authorization matrix cover them.
 */
import { requireUser } from '../auth/middleware';
import { factory } from '../env';
import { errorResponse } from '../errors';

export const checkout = factory
  .createApp()
  .post('/', requireUser, (c) => errorResponse(c, 501, 'not_implemented', 'Card payment is not configured; choose cash on delivery.'));

export const stripeWebhook = factory
  .createApp()
  .post('/webhook', (c) => errorResponse(c, 501, 'not_implemented', 'Stripe webhooks are not configured.'));
