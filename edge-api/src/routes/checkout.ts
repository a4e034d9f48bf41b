/**
 * Card payments (DESIGN.md §3, §6): `POST /api/checkout` starts an embedded Stripe Checkout for
 * an order the user owns, charging the server's stored total; `POST /api/stripe/webhook` marks
 * the order paid once Stripe confirms the order's own amount and currency, and follows refunds
 * and disputes made at Stripe. Without Stripe keys both answer 404
 * `payments_not_configured`: a feature that is switched off (DESIGN.md §3), not an error; the
 * shop offers cash on delivery. Failures are logged with their reason (c.var.log).
 */
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { recordId } from '../contract/fields';
import { OrderNotFoundError } from '../db/errors';
import {
  chooseCardPayment,
  findOrder,
  markDisputed,
  markOrderPaid,
  orderIdByPaymentRef,
  readOrder,
  readOrderOwner,
  recordRefund,
} from '../db/orders';
import { factory } from '../env';
import { ApiError, errorResponse } from '../http/errors';
import { toPoisha } from '../contract/pricing';
import type { RequestLog } from '../http/logger';
import { createOrderCheckout, isLiveKey, readWebhookEvent, type WebhookEvent } from '../payments/stripe';
import type { Client } from '@libsql/client';
import { validate } from '../http/validation';
import { notifyPaymentCompleted, notifyPaymentRefunded } from '../push/notify';

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

/** `POST /api/checkout` `{orderId}` → `{sessionId, clientSecret}`; 404 for another user's order (`not_found`) or without Stripe (`payments_not_configured`), 409 when already paid (or refunded, or disputed), 502 when Stripe fails. */
export const checkout = factory
  .createApp()
  .post('/', requireUser, validate('json', z.object({ orderId: recordId })), async (c) => {
    const stripe = c.var.stripe;
    // Thrown, not returned, so the route's only typed answer is the session (the PWA's client reads it).
    if (!stripe) throw new ApiError(404, NOT_CONFIGURED, notConfigured);
    const { orderId } = c.req.valid('json');
    const order = await findOrder(c.var.db, orderId);
    // Paid for by the account that placed it (DESIGN.md §3), never by whoever has its e-mail now.
    if ((await readOrderOwner(c.var.db, orderId)) !== c.var.user.uid) throw new OrderNotFoundError(orderId);
    // Refunded and disputed payments too: a Cancelled order must never be charged again.
    if (order.paymentStatus !== 'unpaid') throw new ApiError(409, 'already_paid', 'This order is already paid.');
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

/** Tells the shopper their payment changed (push/notify.ts), once the change is recorded. */
type PaymentNews = { paid: (orderId: string) => void; refunded: (orderId: string) => void };

/**
 * Applies a verified webhook event to its order and logs what it did. Every event is answered
 * 200 (Stripe retries anything else for days, and retrying cannot fix these): an event from the
 * other mode (a test event for a live key, or the reverse), a paid checkout for no order, or one
 * whose amount or currency is not the order's is logged at error for the operator and changes
 * nothing. A full refund at Stripe (`charge.refunded`) makes the payment `refunded` and the order
 * Cancelled, unless it was Delivered (the goods reached the shopper: it stays Delivered, with the
 * money returned); a partial refund is logged and changes nothing (the order has no partly
 * refunded state). A dispute (`charge.dispute.created`) makes the payment `disputed`, shown to
 * the admin. Log fields are ids, amounts and reasons only: never card, e-mail or address data.
 */
async function applyWebhookEvent(
  db: Client,
  log: RequestLog,
  event: WebhookEvent,
  liveKey: boolean,
  news: PaymentNews,
): Promise<void> {
  const fields = { eventId: event.id, eventType: event.type };
  if (event.kind === 'ignored') return;
  if (event.livemode !== liveKey) {
    log.error('stripe event from the other mode ignored', {
      ...fields,
      reason: `a ${event.livemode ? 'live' : 'test'} event for a ${liveKey ? 'live' : 'test'} key`,
    });
    return;
  }
  if (event.kind === 'paid') {
    const order = event.orderId ? await readOrder(db, event.orderId) : undefined;
    if (!order) {
      log.error('stripe payment for no order', {
        ...fields,
        orderId: event.orderId ?? null,
        paymentIntent: event.paymentIntent,
      });
      return;
    }
    const expected = toPoisha(order.totalAmount);
    if (event.amount !== expected || event.currency !== 'bdt') {
      log.error('stripe payment does not match its order', {
        ...fields,
        orderId: order._id,
        expectedAmount: expected,
        expectedCurrency: 'bdt',
        amount: event.amount,
        currency: event.currency,
      });
      return;
    }
    if (await markOrderPaid(db, order._id, event.paymentIntent)) {
      log.info('order paid by card', { ...fields, orderId: order._id });
      news.paid(order._id);
      return;
    }
    // A replay, or a payment for an order already refunded: logged loud when money may be kept.
    if (order.paymentStatus === 'paid') log.info('stripe payment already recorded', { ...fields, orderId: order._id });
    else
      log.error('stripe payment for an order that cannot take it', {
        ...fields,
        orderId: order._id,
        orderStatus: order.orderStatus,
        paymentStatus: order.paymentStatus,
      });
    return;
  }
  const orderId = event.paymentIntent ? await orderIdByPaymentRef(db, event.paymentIntent) : undefined;
  if (!orderId) {
    log.error(`stripe ${event.kind === 'refunded' ? 'refund' : 'dispute'} for no order`, {
      ...fields,
      paymentIntent: event.paymentIntent,
    });
    return;
  }
  if (event.kind === 'refunded') {
    if (!event.fully) {
      log.warn('stripe partial refund not recorded', { ...fields, orderId });
      return;
    }
    const changed = await recordRefund(db, orderId, null, { keepDelivered: true });
    log.info(changed ? 'order refunded at stripe' : 'stripe refund already recorded', { ...fields, orderId });
    if (changed) news.refunded(orderId);
    return;
  }
  const changed = await markDisputed(db, orderId);
  log.warn(changed ? 'order payment disputed' : 'stripe dispute changed nothing', { ...fields, orderId });
}

/**
 * `POST /api/stripe/webhook`: marks an order paid, refunded or disputed (see applyWebhookEvent);
 * 200 `{received: true}` for every validly signed event, 400 for a missing or bad signature
 * (logged), 404 `payments_not_configured` without Stripe.
 */
export const stripeWebhook = factory.createApp().post('/webhook', async (c) => {
  const stripe = c.var.stripe;
  const secret = c.var.config.stripeWebhookSecret;
  if (!stripe || !secret) return errorResponse(c, 404, NOT_CONFIGURED, 'Stripe webhooks are not configured.');
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
  await applyWebhookEvent(c.var.db, c.var.log, event, isLiveKey(c.var.config.stripeSecretKey), {
    paid: (orderId) => notifyPaymentCompleted(c, orderId),
    refunded: (orderId) => notifyPaymentRefunded(c, orderId),
  });
  return c.json({ received: true });
});
