/**
 * Card payments' events from Stripe (DESIGN.md §6), as payments/bkash-orders.ts is bKash's
 * callback: a verified webhook event applied to its order — a completed checkout settles it
 * (orders/settle.ts), a payment the order cannot keep is refunded, a refund or dispute made at
 * Stripe is followed.
 */
import type { Client } from '@libsql/client';
import type Stripe from 'stripe';
import { chargePoisha } from '../orders/amount-due';
import { markDisputed, orderIdByPaymentRef, recordRefund } from '../db/order-payments';
import { readOrder } from '../db/orders';
import { refundedPoisha } from '../db/refunds';
import { ApiError } from '../http/errors';
import type { RequestLog } from '../http/logger';
import { settlePayment } from '../orders/settle';
import { refundUnkeptPayment, stripeErrorName, type WebhookEvent } from './stripe';

/** Tells the shopper their payment changed (push/notify.ts), once the change is recorded. */
export type PaymentNews = { paid: (orderId: string) => void; refunded: (orderId: string) => void };

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
export async function applyWebhookEvent(
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
    const expected = order && chargePoisha(order);
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
      // A packing's refund of maxAmount − finalAmount (DESIGN.md §17) is the shop's own, in the
      // ledger already; any other partial refund was made at Stripe, by hand, and is not recorded.
      const own =
        event.paymentIntent !== null && event.amountRefunded <= (await refundedPoisha(db, event.paymentIntent));
      if (own) log.info('stripe partial refund already recorded', { ...fields, orderId });
      else log.warn('stripe partial refund not recorded', { ...fields, orderId });
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
