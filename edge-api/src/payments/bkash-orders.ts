/**
 * Settling bKash's callback for an order's payment (DESIGN.md §10, §14): executed exactly once,
 * checked against the order, settled by the status query when the execute's answer is lost, and
 * a completed payment no order may keep returned. Starting a payment and refunding are bKash's
 * provider, payments/bkash-provider.ts.
 *
 * Only a callback carrying the `state` the shop put in the payment's callbackURL may act on it: a
 * paymentID alone is no proof that the browser comes back from bKash's page.
 */
import type { Client } from '@libsql/client';
import type { BkashCallbackAnswer, BkashOutcome } from '../contract/payments';
import { toPoisha } from '../contract/pricing';
import { chargeTk } from '../orders/amount-due';
import {
  claimBkashExecute,
  claimStaleBkashExecute,
  completeBkashPaymentStatement,
  executingBkashPayment,
  endBkashPayment,
  noteBkashTrxId,
  readBkashPayment,
  type BkashPaymentRow,
} from '../db/bkash-payments';
import { readOrder } from '../db/orders';
import { settlePayment, type Settled } from '../orders/settle';
import { claimStrayRefund, endStrayRefund } from '../db/refunds';
import type { RequestLog } from '../http/logger';
import {
  bkashAmount,
  BkashRefusedError,
  BkashUnavailableError,
  sameAmount,
  type BkashClient,
  type BkashPayment,
} from './bkash';
import { bkashProvider } from './bkash-provider';
import { ProviderRefusedError } from './provider';

/**
 * What settling a callback uses: the database, the client, the request's log and, optionally,
 * what to tell once an order is paid (the shopper's push news, DESIGN.md §11; never throws).
 */
export type BkashDeps = { db: Client; bkash: BkashClient; log: RequestLog; paid?: (orderId: string) => void };

/** How long a callback waits for a concurrent one's execute to end before answering `pending` (ms). */
const EXECUTING_WAIT_MS = 3_000;

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

/**
 * The order takes bKash's completed payment (orders/settle.ts) with its `trxID` as reference, in
 * the write that records the payment completed, while it is still being executed.
 * @returns what became of it: `unkept` is the caller's to return.
 */
async function bkashOrderPaid(deps: BkashDeps, payment: BkashPaymentRow, trxId: string): Promise<Settled> {
  const settled = await settlePayment(
    deps.db,
    { orderId: payment.orderId, method: 'bkash', paymentRef: trxId },
    {
      onlyIf: executingBkashPayment(payment.paymentId),
      alongside: [completeBkashPaymentStatement(payment.paymentId, trxId)],
    },
  );
  if (settled === 'paid') {
    deps.log.info('order paid by bkash', { orderId: payment.orderId, paymentID: payment.paymentId, trxID: trxId });
    deps.paid?.(payment.orderId);
  }
  return settled;
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
 * already paid by another payment, cancelled or gone), in full, through the refunds ledger
 * (db/refunds.ts claimStrayRefund: never the payment an order keeps, never twice), and records
 * it refunded; when bKash cannot refund it now, records it failed with its trxID and logs it at
 * error for the operator to refund by hand.
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
  await noteBkashTrxId(deps.db, payment.paymentId, trxId);
  const amountPoisha = toPoisha(Number(result.amount ?? payment.amount));
  const request = await claimStrayRefund(deps.db, {
    orderId: payment.orderId,
    method: 'bkash',
    paymentRef: trxId,
    amountPoisha,
  });
  if (!request) {
    deps.log.warn('bkash stray refund not asked: kept by an order, or refunded by another request', fields);
    return;
  }
  try {
    const refund = await bkashProvider(deps).refund(request, deps.log);
    await endStrayRefund(deps.db, request.refundId, refund);
    deps.log.error('bkash payment refused and refunded', { ...fields, refundTrxId: refund.providerRef });
  } catch (error) {
    if (error instanceof ProviderRefusedError) await endStrayRefund(deps.db, request.refundId, 'failed');
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
 * order paid only when `transactionStatus` is Completed, the amount is what the order owes and the
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
  const expected = order ? bkashAmount(chargeTk(order)) : payment.amount;
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
  const settled = await bkashOrderPaid(deps, payment, result.trxID);
  // Paid now, or this very payment is the order's already (another request settled it meanwhile).
  if (settled !== 'unkept') return { orderId, outcome: 'paid' };
  const now = await readOrder(deps.db, orderId);
  // Paid meanwhile (another payment), cancelled or deleted: the money goes back.
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

/** What bKash's callback says, as the browser (or the service worker) brings it back. */
export type BkashCallback = { paymentID: string; status: 'success' | 'failure' | 'cancel'; state: string };

/**
 * Settles bKash's callback (DESIGN.md §10): `success` is executed exactly once — the callback that
 * claims the payment executes it, a repeated or concurrent one waits up to `waitMs` for that
 * outcome (else `pending`), and one arriving after an execute that has been under way for
 * {@link STALE_EXECUTE_MS} settles it with the status query, one such callback at a time;
 * `failure` and `cancel` end a payment not yet executed. A callback whose `state` is not the
 * payment's changes nothing. Never throws for bKash's failures.
 * @returns the order, the outcome and bKash's statusCode when it refused; no order for a
 * paymentID the shop never created or a state that does not match (logged).
 */
export async function settleBkashCallback(
  deps: BkashDeps,
  callback: BkashCallback,
  options: { waitMs?: number; nowMs?: () => number } = {},
): Promise<BkashCallbackAnswer> {
  const { paymentID, status } = callback;
  const now = options.nowMs ?? Date.now;
  const payment = await readBkashPayment(deps.db, paymentID);
  if (!payment) {
    deps.log.warn('bkash callback for an unknown payment', { paymentID, status });
    return { outcome: 'failed' };
  }
  if (payment.callbackState === null || payment.callbackState !== callback.state) {
    deps.log.warn('bkash callback refused', { paymentID, status, reason: 'state does not match' });
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
  // A stalled execute is settled by the one callback that takes it over; the others wait for that.
  if (current.status === 'executing' && now() - current.updatedAt >= STALE_EXECUTE_MS) {
    if (await claimStaleBkashExecute(deps.db, paymentID, current.updatedAt, now())) return settleByQuery(deps, current);
    const waitUntil = Date.now() + (options.waitMs ?? EXECUTING_WAIT_MS);
    do {
      await new Promise((resolve) => setTimeout(resolve, 100));
      current = (await readBkashPayment(deps.db, paymentID)) ?? current;
    } while (current.status === 'executing' && Date.now() < waitUntil);
  }
  return answerOf(current);
}
