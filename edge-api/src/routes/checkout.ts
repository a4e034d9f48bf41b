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
import { markDisputed, orderIdByPaymentRef, recordRefund } from '../db/order-payments';
import { settlePayment } from '../orders/settle';
import { readOrder } from '../db/orders';
import { orderFor } from '../orders/access';
import { chargeOrder } from '../orders/pay';
import { paymentsNotConfigured } from '../payments/providers';
import { myOrdersUrl } from '../contract/my-orders';
import { factory } from '../env';
import { ApiError, errorResponse } from '../http/errors';
import { toPoisha } from '../contract/pricing';
import type { RequestLog } from '../http/logger';
import {
  isLiveKey,
  readWebhookEvent,
  refundUnkeptPayment,
  stripeErrorName,
  type WebhookEvent,
} from '../payments/stripe';
import type Stripe from 'stripe';
import type { Client } from '@libsql/client';
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
    const callbackURL = new URL(myOrdersUrl({ order: orderId }), c.req.url).toString();
    const start = await chargeOrder(c.var, order, 'card', callbackURL);
    if (start.kind !== 'embedded') throw new Error('the card provider answered a charge without an embedded checkout');
    const session = { sessionId: start.sessionId, clientSecret: start.clientSecret };
    return c.json(session);
  },
);

/** Tells the shopper their payment changed (push/notify.ts), once the change is recorded. */
type PaymentNews = { paid: (orderId: string) => void; refunded: (orderId: string) => void };

/**
 * Refunds in full, at Stripe, a card payment the order cannot keep (payments/stripe.ts
 * refundUnkeptPayment, keyed by the PaymentIntent so a repeated webhook refunds once) and logs it
 * at warn. A refund Stripe refuses (an invalid request: the charge is disputed, say) is logged at
 * error for the operator, and the event answered 200, as retrying cannot change it; any other
 * failure (Stripe unreachable, its 5xx, a rate limit) throws 502, so Stripe sends the event again.
 * @throws ApiError 502 `payment_provider_error` when the refund could not be asked.
 */
async function refundUnkept(
  stripe: Stripe,
  log: RequestLog,
  fields: Record<string, unknown>,
  orderId: string,
  paymentIntent: string | null,
  why: 'late' | 'duplicate',
): Promise<void> {
  const message =
    why === 'late'
      ? 'stripe payment for a cancelled or deleted order refunded'
      : 'second stripe payment for a paid order refunded';
  if (!paymentIntent) {
    log.error("stripe payment the shop cannot keep names no PaymentIntent: refund it in Stripe's Dashboard", {
      ...fields,
      orderId,
      why,
    });
    return;
  }
  let refund;
  try {
    refund = await refundUnkeptPayment(stripe, orderId, paymentIntent, why);
  } catch (error) {
    const reason = `Stripe refund of ${paymentIntent} for order ${orderId} failed: ${stripeErrorName(error)}`;
    if ((error as { type?: unknown }).type === 'StripeInvalidRequestError') {
      log.error('stripe refused to refund a payment the shop cannot keep', {
        ...fields,
        orderId,
        paymentIntent,
        reason,
      });
      return;
    }
    const answer = 'The payment could not be refunded; send the event again.';
    throw new ApiError(502, 'payment_provider_error', answer, undefined, { reason });
  }
  if (refund.status === 'failed' || refund.status === 'canceled') {
    log.error('stripe refund of a payment the shop cannot keep did not succeed', {
      ...fields,
      orderId,
      paymentIntent,
      refundId: refund.refundId,
      refundStatus: refund.status,
    });
    return;
  }
  log.warn(message, {
    ...fields,
    orderId,
    paymentIntent,
    refundId: refund.refundId,
    refundStatus: refund.status,
    alreadyRefunded: refund.alreadyRefunded,
  });
}

/**
 * Applies a verified webhook event to its order and logs what it did. Every event is answered
 * 200 (Stripe retries anything else for days, and retrying cannot fix these), except a refund
 * Stripe could not be asked for (502: the retry makes it): an event from the
 * other mode (a test event for a live key, or the reverse), or one whose amount or currency is
 * not its order's is logged at error for the operator and changes nothing. A paid checkout the
 * order cannot take is refunded in full at Stripe (refundUnkept), never kept: one for an order
 * deleted or Cancelled meanwhile, or a second PaymentIntent for an order another already paid
 * (the first stays its `paymentRef`); a replay of the payment the order holds changes nothing.
 * A full refund at Stripe (`charge.refunded`) makes the payment `refunded` and the order
 * Cancelled, unless it was Delivered (the goods reached the shopper: it stays Delivered, with the
 * money returned); a partial refund is logged and changes nothing (the order has no partly
 * refunded state). A dispute (`charge.dispute.created`) makes the payment `disputed`, shown to
 * the admin. Log fields are ids, amounts and reasons only: never card, e-mail or address data.
 * @throws ApiError 502 `payment_provider_error` (see refundUnkept).
 */
async function applyWebhookEvent(
  db: Client,
  stripe: Stripe,
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
    if (!event.orderId) {
      log.error('stripe payment for no order', { ...fields, orderId: null, paymentIntent: event.paymentIntent });
      return;
    }
    const order = await readOrder(db, event.orderId);
    const expected = order && toPoisha(order.totalAmount);
    if (order && (event.amount !== expected || event.currency !== 'bdt')) {
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
    // A completed checkout is the shopper's choice of card, whatever the order was placed with.
    const settled = await settlePayment(
      db,
      { orderId: event.orderId, method: 'card', paymentRef: event.paymentIntent },
      { anyMethod: true },
    );
    if (settled === 'paid') {
      log.info('order paid by card', { ...fields, orderId: event.orderId });
      news.paid(event.orderId);
      return;
    }
    if (settled === 'kept') {
      log.info('stripe payment already recorded', { ...fields, orderId: event.orderId });
      return;
    }
    // Read again: the order may have been deleted, cancelled or paid since the first read.
    const now = await readOrder(db, event.orderId);
    const late = !now || now.orderStatus === 'Cancelled';
    await refundUnkept(stripe, log, fields, event.orderId, event.paymentIntent, late ? 'late' : 'duplicate');
    return;
  }
  const orderId = event.paymentIntent ? await orderIdByPaymentRef(db, event.paymentIntent) : undefined;
  if (!orderId) {
    // A refund of a payment no order holds is most often this API's own refund of a payment the
    // shop could not keep (refundUnkept, logged then): money going back, so a warning. A dispute
    // of such a payment is an error for the operator.
    const line = { ...fields, paymentIntent: event.paymentIntent };
    if (event.kind === 'refunded') log.warn('stripe refund for no order', line);
    else log.error('stripe dispute for no order', line);
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
