/**
 * Paying orders with bKash (DESIGN.md §10): starting a payment for an order, settling bKash's
 * callback — executed exactly once, checked against the order, settled by the status query when
 * the execute's answer is lost — and refunding a paid bKash order that is cancelled.
 *
 * The two points where money changes an order are one function each: {@link bkashOrderPaid} and
 * {@link bkashOrderRefunded}.
 */
import type { Client } from '@libsql/client';
import type { BkashCallbackAnswer, BkashOutcome } from '../contract/payments';
import type { Order } from '../contract/order';
import {
  claimBkashExecute,
  completeBkashPayment,
  endBkashPayment,
  insertBkashPayment,
  markBkashPaymentRefunded,
  paidBkashPayment,
  readBkashPayment,
  type BkashPaymentRow,
} from '../db/bkash-payments';
import { readOrder, recordRefund, releaseRefund } from '../db/orders';
import { ApiError } from '../http/errors';
import type { RequestLog } from '../http/logger';
import {
  bkashAmount,
  BkashRefusedError,
  BkashUnavailableError,
  sameAmount,
  type BkashClient,
  type BkashPayment,
} from './bkash';

/** What the bKash flows use: the database, the client and the request's log. */
export type BkashDeps = { db: Client; bkash: BkashClient; log: RequestLog };

/** Seconds a client waits before asking again after bKash did not answer. */
export const BKASH_RETRY_AFTER_S = 10;

/** How long a callback waits for a concurrent one's execute to end before answering `pending` (ms). */
export const EXECUTING_WAIT_MS = 3_000;

/**
 * How long an execute may be under way (ms) before a later callback settles it with the status
 * query: longer than the execute's own timeout, so a claimer still waiting is never overtaken.
 */
export const STALE_EXECUTE_MS = 30_000;

/**
 * bKash's statusCodes that say the payment was executed already (2062 the payment has already
 * been completed; 2117 its execution was called before): the status query says how it ended.
 */
const EXECUTED_ALREADY = new Set(['2062', '2117']);

/** The 503 for bKash not answering: the order is unchanged, ask again after Retry-After. */
export const bkashUnavailable = (operation: 'create' | 'refund', reason: string) =>
  new ApiError(
    503,
    'payment_provider_unavailable',
    operation === 'refund'
      ? 'bKash cannot be reached right now, so the order is kept as it was; try again in a moment.'
      : 'bKash cannot be reached right now; your order is kept. Try again in a moment.',
    { operation },
    { reason },
  );

/**
 * The order is paid: the one place a bKash payment marks an order paid, with bKash's `trxID` as
 * its reference, in the same write that records the payment completed.
 * @returns whether the order took the payment (false: already paid, cancelled, another method's or
 * gone — the caller refunds it).
 */
export async function bkashOrderPaid(deps: BkashDeps, payment: BkashPaymentRow, trxId: string): Promise<boolean> {
  const paid = await completeBkashPayment(deps.db, payment.paymentId, payment.orderId, trxId);
  if (paid)
    deps.log.info('order paid by bkash', { orderId: payment.orderId, paymentID: payment.paymentId, trxID: trxId });
  return paid;
}

/**
 * The order is refunded: the one place a cancelled bKash order records its refund — payment
 * 'refunded', the order Cancelled with its units back in stock and its timeline entry by `byUid`
 * (db/orders.ts recordRefund) — once bKash refunded `refundTrxId`.
 */
export async function bkashOrderRefunded(
  deps: BkashDeps,
  orderId: string,
  byUid: string,
  refundTrxId: string | null,
): Promise<void> {
  await recordRefund(deps.db, orderId, byUid);
  deps.log.info('order cancelled and refunded', { orderId, provider: 'bkash', refundTrxId });
}

/** The shopper's phone as bKash's payerReference (its wallet number is asked on bKash's page): digits only. */
const payerReference = (phone: string) => phone.replace(/\D/g, '').slice(-11) || 'taza-haat';

/**
 * Starts paying `order` with bKash: creates the payment for the order's total (2 decimals, the
 * figure Stripe charges too) with the order id as the invoice number, and records it.
 * @returns bKash's page for the shopper.
 * @throws ApiError 503 `payment_provider_unavailable` (bKash not answering), 502
 * `payment_provider_error` with `details.bkashCode` (bKash refused, e.g. 2029 duplicate invoice).
 */
export async function startBkashPayment(deps: BkashDeps, order: Order, callbackURL: string): Promise<string> {
  const amount = bkashAmount(order.totalAmount);
  let created;
  try {
    created = await deps.bkash.createPayment(
      { amount, merchantInvoiceNumber: order._id, payerReference: payerReference(order.phone), callbackURL },
      deps.log,
    );
  } catch (error) {
    if (error instanceof BkashUnavailableError) throw bkashUnavailable('create', error.message);
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
  await insertBkashPayment(deps.db, created.paymentID, order._id, amount);
  deps.log.info('bkash payment created', { orderId: order._id, paymentID: created.paymentID });
  return created.bkashURL;
}

/** What a stored payment's state tells the shopper. */
function answerOf(payment: BkashPaymentRow): BkashCallbackAnswer {
  const outcome: BkashOutcome =
    payment.status === 'completed'
      ? 'paid'
      : payment.status === 'cancelled'
        ? 'cancelled'
        : payment.status === 'failed' || payment.status === 'refunded'
          ? 'failed'
          : 'pending';
  return {
    orderId: payment.orderId,
    outcome,
    ...(payment.statusCode && outcome !== 'paid' ? { bkashCode: payment.statusCode } : {}),
  };
}

/**
 * Returns a payment bKash completed that no order may keep (a wrong amount or invoice, an order
 * already paid, cancelled or gone), in full, and records it refunded; when bKash cannot refund it
 * now, records it failed with its trxID and logs it at error for the operator to refund by hand.
 */
async function returnStrayPayment(
  deps: BkashDeps,
  payment: BkashPaymentRow,
  result: BkashPayment,
  reason: string,
): Promise<void> {
  const trxId = result.trxID ?? null;
  const fields = { orderId: payment.orderId, paymentID: payment.paymentId, trxID: trxId, reason };
  if (!trxId) {
    await endBkashPayment(deps.db, payment.paymentId, 'failed', null);
    deps.log.error('bkash payment refused', fields);
    return;
  }
  try {
    const refund = await deps.bkash.refund(
      {
        paymentId: payment.paymentId,
        trxId,
        refundAmount: result.amount ?? payment.amount,
        sku: payment.orderId,
        reason: 'Payment not accepted by the shop',
      },
      deps.log,
    );
    await markBkashPaymentRefunded(deps.db, payment.paymentId, trxId);
    deps.log.error('bkash payment refused and refunded', { ...fields, refundTrxId: refund.refundTrxId });
  } catch (error) {
    await endBkashPayment(deps.db, payment.paymentId, 'failed', null, {
      trxId,
      from: ['created', 'executing', 'completed'],
    });
    deps.log.error('bkash payment refused and not refunded: refund it in the bKash merchant portal', {
      ...fields,
      refundError: error instanceof Error ? error.message : String(error),
    });
  }
}

/**
 * Applies a payment bKash says is `result` (execute's or the status query's answer): marks the
 * order paid only when `transactionStatus` is Completed, the amount is the order's total and the
 * invoice number is the order's id (DESIGN.md §10); a completed payment the order cannot take is
 * refunded; one not yet completed ('Initiated') stays under way.
 */
async function applyResult(
  deps: BkashDeps,
  payment: BkashPaymentRow,
  result: BkashPayment,
): Promise<BkashCallbackAnswer> {
  const orderId = payment.orderId;
  if (result.transactionStatus === 'Initiated' || result.transactionStatus === undefined) {
    deps.log.warn('bkash payment not settled yet', { orderId, paymentID: payment.paymentId });
    return { orderId, outcome: 'pending' };
  }
  if (result.transactionStatus !== 'Completed') {
    const code = result.statusCode === '0000' ? null : result.statusCode;
    await endBkashPayment(deps.db, payment.paymentId, 'failed', code);
    deps.log.info('bkash payment not completed', {
      orderId,
      paymentID: payment.paymentId,
      transactionStatus: result.transactionStatus,
    });
    return { orderId, outcome: 'failed', ...(code ? { bkashCode: code } : {}) };
  }
  const order = await readOrder(deps.db, orderId);
  const expected = order ? bkashAmount(order.totalAmount) : payment.amount;
  const problems = [
    ...(sameAmount(result.amount, expected) ? [] : [`amount ${result.amount ?? 'none'} is not ${expected}`]),
    ...(result.merchantInvoiceNumber === orderId ? [] : ['merchantInvoiceNumber is not the order id']),
    ...(result.paymentID && result.paymentID !== payment.paymentId ? ['paymentID is not the one executed'] : []),
    ...(result.trxID ? [] : ['no trxID']),
  ];
  if (problems.length > 0 || !result.trxID) {
    await returnStrayPayment(deps, payment, result, `does not match its order: ${problems.join('; ')}`);
    return { orderId, outcome: 'failed' };
  }
  if (await bkashOrderPaid(deps, payment, result.trxID)) return { orderId, outcome: 'paid' };
  // Paid meanwhile (another payment), cancelled or deleted: the money goes back.
  const now = await readOrder(deps.db, orderId);
  const stored = (await readBkashPayment(deps.db, payment.paymentId)) ?? payment;
  await returnStrayPayment(
    deps,
    stored,
    result,
    now ? `order is ${now.orderStatus}, payment ${now.paymentStatus}` : 'order is gone',
  );
  return { orderId, outcome: now?.paymentStatus === 'paid' ? 'paid' : 'failed' };
}

/** Settles an execute whose answer was lost (or that bKash says ran already) with the status query, never executing again. */
async function settleByQuery(deps: BkashDeps, payment: BkashPaymentRow): Promise<BkashCallbackAnswer> {
  let result;
  try {
    result = await deps.bkash.queryPayment(payment.paymentId, deps.log);
  } catch (error) {
    deps.log.warn('bkash payment not settled yet', {
      orderId: payment.orderId,
      paymentID: payment.paymentId,
      reason: error instanceof Error ? error.message : String(error),
    });
    return { orderId: payment.orderId, outcome: 'pending' };
  }
  return applyResult(deps, payment, result);
}

/** The claimer's one execute, and what it means for the order. */
async function executeOnce(deps: BkashDeps, payment: BkashPaymentRow): Promise<BkashCallbackAnswer> {
  let result;
  try {
    result = await deps.bkash.executePayment(payment.paymentId, deps.log);
  } catch (error) {
    if (error instanceof BkashUnavailableError) return settleByQuery(deps, payment);
    if (!(error instanceof BkashRefusedError)) throw error;
    if (EXECUTED_ALREADY.has(error.statusCode)) return settleByQuery(deps, payment);
    await endBkashPayment(deps.db, payment.paymentId, 'failed', error.statusCode);
    deps.log.info('bkash payment failed', {
      orderId: payment.orderId,
      paymentID: payment.paymentId,
      statusCode: error.statusCode,
    });
    return { orderId: payment.orderId, outcome: 'failed', bkashCode: error.statusCode };
  }
  return applyResult(deps, payment, result);
}

/**
 * Settles bKash's callback for payment `paymentID` with `status` (DESIGN.md §10): `success` is
 * executed exactly once — the callback that claims the payment executes it, a repeated or
 * concurrent one waits up to `waitMs` for that outcome (else `pending`), and one arriving after
 * an execute that has been under way for {@link STALE_EXECUTE_MS} settles it with the status query;
 * `failure` and `cancel` end a payment not yet executed. Never throws for bKash's failures.
 * @returns the order, the outcome and bKash's statusCode when it refused; no order for a
 * paymentID the shop never created (logged).
 */
export async function settleBkashCallback(
  deps: BkashDeps,
  paymentID: string,
  status: 'success' | 'failure' | 'cancel',
  options: { waitMs?: number; nowMs?: () => number } = {},
): Promise<BkashCallbackAnswer> {
  const now = options.nowMs ?? Date.now;
  const payment = await readBkashPayment(deps.db, paymentID);
  if (!payment) {
    deps.log.warn('bkash callback for an unknown payment', { paymentID, status });
    return { outcome: 'failed' };
  }
  if (status !== 'success') {
    await endBkashPayment(deps.db, paymentID, status === 'cancel' ? 'cancelled' : 'failed', null, {
      from: ['created'],
    });
    const ended = (await readBkashPayment(deps.db, paymentID)) ?? payment;
    deps.log.info('bkash payment not approved', { orderId: payment.orderId, paymentID, status });
    return answerOf(ended);
  }
  if (await claimBkashExecute(deps.db, paymentID)) return executeOnce(deps, payment);
  // Another callback claimed it: its outcome, once it has one.
  const deadline = now() + (options.waitMs ?? EXECUTING_WAIT_MS);
  let current = (await readBkashPayment(deps.db, paymentID)) ?? payment;
  while (current.status === 'executing' && now() < deadline && now() - current.updatedAt < STALE_EXECUTE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    current = (await readBkashPayment(deps.db, paymentID)) ?? current;
  }
  if (current.status === 'executing' && now() - current.updatedAt >= STALE_EXECUTE_MS)
    return settleByQuery(deps, current);
  return answerOf(current);
}

/**
 * Refunds paid bKash order `order` in full at bKash once db/orders.ts claimRefund has claimed it
 * (`paymentRef`: its trxID), then records it (bkashOrderRefunded). A payment already refunded at
 * bKash (a claim taken over after a crash) is only recorded. On failure the claim is released and
 * the order stays as it was.
 * @throws ApiError 503 `payment_provider_unavailable` (bKash not answering), 502
 * `payment_provider_error` (bKash refused, `details.bkashCode`; or no payment on record).
 */
export async function refundBkashOrder(
  deps: BkashDeps | { db: Client; bkash: undefined; log: RequestLog },
  order: Order,
  paymentRef: string,
  byUid: string,
): Promise<void> {
  const refundFailed = (reason: string, bkashCode?: string) =>
    new ApiError(
      502,
      'payment_provider_error',
      'The payment could not be refunded, so the order is kept as it was. Try again later.',
      { operation: 'refund', ...(bkashCode ? { bkashCode } : {}) },
      { reason },
    );
  const payment = await paidBkashPayment(deps.db, order._id, paymentRef);
  if (!deps.bkash || !payment) {
    await releaseRefund(deps.db, order._id);
    throw refundFailed(
      deps.bkash
        ? `order ${order._id} is paid by bKash but its payment is not on record; refund it in the bKash merchant portal`
        : `order ${order._id} is paid by bKash but bKash is not configured`,
    );
  }
  if (payment.status === 'refunded') return bkashOrderRefunded(deps as BkashDeps, order._id, byUid, null);
  let refund;
  try {
    refund = await deps.bkash.refund(
      {
        paymentId: payment.paymentId,
        trxId: paymentRef,
        refundAmount: payment.amount,
        sku: order._id,
        reason: 'Order cancelled',
      },
      deps.log,
    );
  } catch (error) {
    await releaseRefund(deps.db, order._id);
    if (error instanceof BkashUnavailableError) throw bkashUnavailable('refund', error.message);
    if (error instanceof BkashRefusedError)
      throw refundFailed(
        `bKash refund for order ${order._id} refused: ${error.statusCode} ${error.statusMessage}`,
        error.statusCode,
      );
    throw error;
  }
  await markBkashPaymentRefunded(deps.db, payment.paymentId, null);
  await bkashOrderRefunded(deps as BkashDeps, order._id, byUid, refund.refundTrxId);
}
