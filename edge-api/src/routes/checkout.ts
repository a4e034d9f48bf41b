/**
 * Card payments (DESIGN.md §3, §6): `POST /api/checkout` starts an embedded Stripe Checkout for
 * an order the user owns, charging the server's stored total; `POST /api/stripe/webhook` marks
 * the order paid once Stripe confirms. Without Stripe keys both answer 404
 * `payments_not_configured`: a feature that is switched off (DESIGN.md §3), not an error; the
 * shop offers cash on delivery. Failures are logged with their reason (c.var.log).
 */
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { recordId } from '../contract/fields';
import { OrderNotFoundError } from '../db/errors';
import { chooseCardPayment, findOrder, markOrderPaid } from '../db/orders';
import { factory } from '../env';
import { ApiError, errorResponse } from '../http/errors';
import { createOrderCheckout, paidOrderFromWebhook } from '../payments/stripe';
import { validate } from '../http/validation';

const notConfigured = 'Card payment is not configured; choose cash on delivery.';
const NOT_CONFIGURED = 'payments_not_configured';

/** A Stripe error as a log may name it: its type and code (e.g. `StripeInvalidRequestError email_invalid`), never its message. */
function stripeErrorName(error: unknown): string {
  const { type, code } = (typeof error === 'object' && error !== null ? error : {}) as {
    type?: unknown;
    code?: unknown;
  };
  const name = typeof type === 'string' ? type : error instanceof Error ? error.name : 'unknown error';
  return typeof code === 'string' ? `${name} ${code}` : name;
}

/** `POST /api/checkout` `{orderId}` → `{sessionId, clientSecret}`; 404 for another user's order (`not_found`) or without Stripe (`payments_not_configured`), 409 when already paid, 502 when Stripe fails. */
export const checkout = factory
  .createApp()
  .post('/', requireUser, validate('json', z.object({ orderId: recordId })), async (c) => {
    const stripe = c.var.stripe;
    // Thrown, not returned, so the route's only typed answer is the session (the PWA's client reads it).
    if (!stripe) throw new ApiError(404, NOT_CONFIGURED, notConfigured);
    const { orderId } = c.req.valid('json');
    const order = await findOrder(c.var.db, orderId);
    if (order.email !== c.var.user.email) throw new OrderNotFoundError(orderId);
    if (order.paymentStatus === 'paid') throw new ApiError(409, 'already_paid', 'This order is already paid.');
    let session;
    try {
      session = await createOrderCheckout(stripe, order);
    } catch (error) {
      // Logged at warn by onError with this reason: Stripe's error type and code only, as its
      // message may quote what was sent (an invalid customer e-mail) or part of the key.
      const reason = `Stripe checkout for order ${orderId} failed: ${stripeErrorName(error)}`;
      throw new ApiError(
        502,
        'payment_provider_error',
        'The card payment could not be started. Try again, or pay cash on delivery.',
        undefined,
        { reason },
      );
    }
    await chooseCardPayment(c.var.db, orderId);
    return c.json(session);
  });

/** `POST /api/stripe/webhook`: marks the order paid; 400 for a missing or bad signature (logged), 404 `payments_not_configured` without Stripe. */
export const stripeWebhook = factory.createApp().post('/webhook', async (c) => {
  const stripe = c.var.stripe;
  const secret = c.var.config.stripeWebhookSecret;
  if (!stripe || !secret) return errorResponse(c, 404, NOT_CONFIGURED, 'Stripe webhooks are not configured.');
  const signature = c.req.header('Stripe-Signature');
  if (!signature) {
    c.var.log.warn('stripe webhook signature rejected', { reason: 'no Stripe-Signature header' });
    throw new ApiError(400, 'invalid_signature', 'Missing Stripe-Signature header.');
  }
  let orderId;
  try {
    orderId = await paidOrderFromWebhook(stripe, await c.req.text(), signature, secret);
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
  // A replayed event changes nothing (markOrderPaid leaves a paid order as it is).
  if (orderId) await markOrderPaid(c.var.db, orderId);
  return c.json({ received: true });
});
