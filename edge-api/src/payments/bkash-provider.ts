/**
 * bKash as a {@link PaymentProvider} (DESIGN.md §10, §14): a charge creates a payment at bKash for
 * what the order owes, with a callbackURL carrying a new `state`, and sends the shopper to bKash's
 * page; a refund is bKash's v2 refund, whole or a part, checked against bKash's refund status on a
 * retry. Settling bKash's callback is payments/bkash-orders.ts.
 */
import type { Client } from '@libsql/client';
import type { Order } from '../contract/order';
import { base64url } from '../contract/base64url';
import { toPoisha } from '../contract/pricing';
import { bkashPaymentByTrxId, insertBkashPayment, markBkashPaymentRefunded } from '../db/bkash-payments';
import { refundedPoisha } from '../db/refunds';
import { ApiError } from '../http/errors';
import type { RequestLog } from '../http/logger';
import { chargeTk } from '../orders/amount-due';
import { bkashAmount, BkashRefusedError, BkashUnavailableError, type BkashClient } from './bkash';
import {
  ProviderRefusedError,
  ProviderUnavailableError,
  type PaymentProvider,
  type RefundMade,
  type RefundRequest,
} from './provider';

/** Seconds a client waits before asking again after bKash did not answer. */
const BKASH_RETRY_AFTER_S = 10;

/** The 503 for bKash not answering a create: the order is unchanged, ask again after Retry-After. */
const bkashUnavailable = (reason: string) =>
  new ApiError(
    503,
    'payment_provider_unavailable',
    'bKash cannot be reached right now; your order is kept. Try again in a moment.',
    { operation: 'create' },
    { reason, retryAfterS: BKASH_RETRY_AFTER_S },
  );

/** The shopper's phone as bKash's payerReference (its wallet number is asked on bKash's page): digits only. */
const payerReference = (phone: string) => phone.replace(/\D/g, '').slice(-11) || 'taza-haat';

/** A new callback `state`: 128 random bits, base64url. */
const newCallbackState = () => base64url(crypto.getRandomValues(new Uint8Array(16)));

/**
 * Starts paying `order` with bKash: creates the payment for what the order owes (its maxAmount less
 * its store credit, orders/amount-due.ts; 2 decimals, the
 * figure Stripe charges too) with the order id as the invoice number and `callbackURL` carrying a
 * new `state`, and records it with that state.
 * @returns bKash's page for the shopper.
 * @throws ApiError 503 `payment_provider_unavailable` (bKash not answering), 502
 * `payment_provider_error` with `details.bkashCode` (bKash refused, e.g. 2029 duplicate invoice).
 */
async function startBkashPayment(
  deps: { db: Client; bkash: BkashClient; log: RequestLog },
  order: Order,
  callbackURL: string,
): Promise<string> {
  // A prepaid order is charged its ceiling less its store credit (DESIGN.md §17, §19); packing
  // refunds what it does not cost.
  const amount = bkashAmount(chargeTk(order));
  const state = newCallbackState();
  const callback = new URL(callbackURL);
  callback.searchParams.set('state', state);
  let created;
  try {
    created = await deps.bkash.createPayment(
      {
        amount,
        merchantInvoiceNumber: order._id,
        payerReference: payerReference(order.phone),
        callbackURL: callback.toString(),
      },
      deps.log,
    );
  } catch (error) {
    if (error instanceof BkashUnavailableError) throw bkashUnavailable(error.message);
    if (error instanceof BkashRefusedError)
      throw new ApiError(
        502,
        'payment_provider_error',
        'The bKash payment could not be started. Try again, or pay cash on delivery.',
        { bkashCode: error.statusCode },
        { reason: `bKash create for order ${order._id} refused: ${error.statusCode} ${error.statusMessage}` },
      );
    throw error;
  }
  await insertBkashPayment(deps.db, { paymentId: created.paymentID, orderId: order._id, amount, callbackState: state });
  deps.log.info('bkash payment created', { orderId: order._id, paymentID: created.paymentID });
  return created.bkashURL;
}
/** The `reason` bKash is told for each kind of refund (plain words, shown in bKash's records). */
const refundReasons: Record<RefundRequest['reason'], string> = {
  cancel: 'Order cancelled',
  stray: 'Payment not accepted by the shop',
  packing: 'Final bill below the amount paid',
  problem: 'A reported problem with the delivery',
};

/** The refunds bKash lists for a payment, in poisha (completed ones only). */
const refundedAtBkash = (refunds: ReadonlyArray<{ refundTransactionStatus: string; refundAmount: string }>) =>
  refunds
    .filter((refund) => refund.refundTransactionStatus === 'Completed')
    .reduce((sum, refund) => sum + toPoisha(Number(refund.refundAmount)), 0);

/**
 * bKash as a {@link PaymentProvider}: a charge is a payment created at bKash, the shopper sent
 * to bKash's page ({@link startBkashPayment}); a refund is bKash's v2 refund of the payment whose trxID is
 * `paymentRef`. bKash takes no idempotency key, so a retry first asks bKash's refund status and
 * counts what bKash refunded beyond what the ledger recorded: when that covers this refund, it was
 * made and is not asked again.
 */
export function bkashProvider(deps: { db: Client; bkash: BkashClient }): PaymentProvider {
  const { db, bkash } = deps;
  const asProviderError = (error: unknown, refundId: string): unknown => {
    if (error instanceof BkashUnavailableError) return new ProviderUnavailableError(`${refundId}: ${error.message}`);
    if (error instanceof BkashRefusedError)
      return new ProviderRefusedError(`${refundId}: ${error.statusCode} ${error.statusMessage}`, error.statusCode);
    return error;
  };
  return {
    method: 'bkash',
    async charge(order, request, log) {
      return { kind: 'redirect', url: await startBkashPayment({ db, bkash, log }, order, request.callbackURL) };
    },
    async refund(request: RefundRequest, log): Promise<RefundMade> {
      const payment = await bkashPaymentByTrxId(db, request.paymentRef);
      if (!payment) throw new ProviderRefusedError(`${request.refundId}: no bKash payment on record with this trxID`);
      // The payment is wholly refunded once this refund and those recorded before it (a packing's
      // part, DESIGN.md §17) come to what was paid.
      const recorded = await refundedPoisha(db, request.paymentRef);
      const whole = recorded + request.amountPoisha >= toPoisha(Number(payment.amount));
      try {
        if (request.retry) {
          const listed = await bkash.refundStatus(payment.paymentId, request.paymentRef, log);
          const unrecorded = refundedAtBkash(listed) - recorded;
          if (unrecorded >= request.amountPoisha) {
            if (whole) await markBkashPaymentRefunded(db, payment.paymentId, null);
            return { providerRef: listed.at(-1)?.refundTrxId ?? null };
          }
        }
        const refund = await bkash.refund(
          {
            paymentId: payment.paymentId,
            trxId: request.paymentRef,
            refundAmount: bkashAmount(request.amountPoisha / 100),
            sku: request.orderId,
            reason: refundReasons[request.reason],
          },
          log,
        );
        if (whole) await markBkashPaymentRefunded(db, payment.paymentId, null);
        return { providerRef: refund.refundTrxId };
      } catch (error) {
        throw asProviderError(error, request.refundId);
      }
    },
  };
}
