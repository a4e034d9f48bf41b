/**
 * Card payments (DESIGN.md §3, §6): `POST /api/checkout` starts an embedded Stripe Checkout for
 * an order the user owns, charging the server's stored total; `POST /api/stripe/webhook` marks
 * the order paid once Stripe confirms the order's own amount and currency (and refunds, once, a
 * payment the order cannot keep: late or a second one), and follows refunds and disputes made at
 * Stripe. Without Stripe keys both answer 404
 * `payments_not_configured`: a feature that is switched off (DESIGN.md §3), not an error; the
 * shop offers cash on delivery. Failures are logged with their reason (c.var.log).
 */
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { recordId } from '../contract/fields';
import { orderFor } from '../orders/access';
import { chargeOrder } from '../orders/pay';
import { paymentsNotConfigured } from '../payments/providers';
import { myOrdersUrl } from '../contract/my-orders';
import { factory } from '../env';
import { ApiError, errorResponse } from '../http/errors';
import { applyWebhookEvent } from '../payments/stripe-orders';
import { isLiveKey, readWebhookEvent } from '../payments/stripe';
import { validate } from '../http/validation';
import { notifyPaymentCompleted, notifyPaymentRefunded } from '../push/notify';
import { doc } from './openapi';

/** `POST /api/checkout` `{orderId}` → `{sessionId, clientSecret}`; 404 for another user's order (`not_found`) or without Stripe (`payments_not_configured`), 409 when already paid (or refunded, or disputed), 502 when Stripe fails. */
export const checkout = factory.createApp().post(
  '/',
  doc({
    summary: 'Start a card payment (embedded Stripe Checkout) for your own order, at the server’s total',
    auth: 'user',
    body: z.object({ orderId: recordId }),
    ok: {
      status: 200,
      description: 'The Checkout session',
      schema: z.object({ sessionId: z.string(), clientSecret: z.string() }),
    },
    errors: [404, 409, 502],
  }),
  requireUser,
  validate('json', z.object({ orderId: recordId })),
  async (c) => {
    const { orderId } = c.req.valid('json');
    // Thrown, not returned, so the route's only typed answer is the session (the PWA's client reads it).
    if (!c.var.paymentProvider('card')) throw paymentsNotConfigured('card');
    // Paid for by the account that placed it (DESIGN.md §3), never by whoever has its e-mail now.
    const { order } = await orderFor(c.var, c.var.user, orderId, 'owner');
    // From the configuration, never the request's Host: Stripe sends the shopper back there.
    const callbackURL = `${c.var.shopOrigin(c)}${myOrdersUrl({ order: orderId })}`;
    const start = await chargeOrder(c.var, order, 'card', callbackURL);
    if (start.kind !== 'embedded') throw new Error('the card provider answered a charge without an embedded checkout');
    const session = { sessionId: start.sessionId, clientSecret: start.clientSecret };
    return c.json(session);
  },
);

/**
 * `POST /api/stripe/webhook`: marks an order paid, refunded or disputed (see applyWebhookEvent);
 * 200 `{received: true}` for every validly signed event, 400 for a missing or bad signature
 * (logged), 404 `payments_not_configured` without Stripe.
 */
export const stripeWebhook = factory.createApp().post(
  '/webhook',
  doc({
    summary:
      'Stripe’s payment events (signed): marks the order paid when amount, currency and mode match it, and refunds once a payment the order cannot keep (its order deleted or cancelled, or already paid by another); follows refunds and disputes; 200 for every signed event, 502 when such a refund could not be asked (Stripe sends the event again)',
    auth: 'stripe',
    ok: { status: 200, description: 'Received', schema: z.object({ received: z.literal(true) }) },
    errors: [400, 404, 502],
  }),
  async (c) => {
    const stripe = c.var.stripe;
    const secret = c.var.config.stripeWebhookSecret;
    if (!stripe || !secret)
      return errorResponse(c, 404, 'payments_not_configured', 'Stripe webhooks are not configured.');
    const signature = c.req.header('Stripe-Signature');
    if (!signature) {
      c.var.log.warn('stripe webhook signature rejected', { reason: 'no Stripe-Signature header' });
      throw new ApiError(400, 'invalid_signature', 'Missing Stripe-Signature header.');
    }
    let event;
    try {
      event = await readWebhookEvent(stripe, await c.req.text(), signature, secret);
    } catch (error) {
      // Stripe's reason (no matching signature, timestamp outside the tolerance…); for anything
      // else only the error's name, since a parser's message may quote the payload.
      const stripeReason =
        (error as { type?: unknown }).type === 'StripeSignatureVerificationError' && error instanceof Error;
      c.var.log.warn('stripe webhook signature rejected', {
        reason: stripeReason ? error.message : error instanceof Error ? error.name : 'unknown',
      });
      throw new ApiError(400, 'invalid_signature', 'The webhook signature is not valid.');
    }
    await applyWebhookEvent(c.var.db, stripe, c.var.log, event, isLiveKey(c.var.config.stripeSecretKey), {
      paid: (orderId) => notifyPaymentCompleted(c, orderId),
      refunded: (orderId) => notifyPaymentRefunded(c, orderId),
    });
    return c.json({ received: true });
  },
);
