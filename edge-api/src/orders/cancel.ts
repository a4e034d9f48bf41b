/**
 * Cancelling an order (DESIGN.md §3, §6, §14): an unpaid one is deleted with its units back in
 * stock; a paid one is refunded what is left of its payment (never more than was charged) through
 * its payment provider (payments/provider.ts) and kept as Cancelled with payment `refunded`. Money
 * moves at most once: the refund is claimed in the ledger with the order (db/refunds.ts) before
 * the provider is asked, under the provider's idempotency key; a retry after a crash or a lost
 * answer finishes what was started. The store credit a cancelled order took goes back to its owner
 * in the same write that cancels it (deleted or recorded refunded: db/orders.ts,
 * db/order-payments.ts), once (DESIGN.md §19).
 */
import type { Context } from 'hono';
import type { Order } from '../contract/order';
import type { OrderStatus } from '../contract/delivery';
import { deleteOrder, findOrder, readOrder } from '../db/orders';
import { recordRefund } from '../db/order-payments';
import { claimOrderRefund, endOrderRefundAttempt, recordOrderRefunded } from '../db/refunds';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { ProviderRefusedError, ProviderUnavailableError } from '../payments/provider';
import { notifyOrderCancelled, notifyPaymentRefunded } from '../push/notify';
import { orderFor } from './access';
import { chargePoisha } from './amount-due';
import { finishPackingRefund } from './packing-refund';
import { refundDeps, type RefundDeps } from './refund-deps';
import { refundErrors } from './refund-errors';

/** The refusals of a refund the provider did not make. */
const refundError = refundErrors({
  failed: 'The payment could not be refunded, so the order is kept as it was. Try again later.',
  unavailable:
    'The payment service cannot be reached right now, so the order is kept as it was; try again in a moment.',
});

/** `DELETE /orders/:id`'s answer: how many orders were deleted (unpaid) and how many cancelled and refunded (paid, kept). */
export type CancelAnswer = { deletedCount: number; cancelledCount: number };

/** The 409 for cancelling an order that is no longer Pending (its owner may cancel only then). */
const notPending = (current: OrderStatus) =>
  new ApiError(409, 'not_pending', `Only Pending orders can be cancelled; this one is already ${current}.`, {
    current,
  });

/**
 * Cancels paid `order` (DESIGN.md §6): refunds what is left of its payment through its provider
 * (all of it, or for a packed order what its packing did not refund already, DESIGN.md §17) and
 * keeps it as Cancelled with payment `refunded`; with `onlyIfPending` (its owner), only while Pending.
 * @returns `{deletedCount: 0, cancelledCount: 1}`, or both 0 for an order already Cancelled.
 * @throws ApiError 409 `invalid_transition` (disputed payment), 409 `not_pending`, 503 `busy`
 * (another request is refunding it), 503 `payment_provider_unavailable` (outcome unknown: the
 * next try settles it), 502 `payment_provider_error` (refused: the order is as it was);
 * OrderNotFoundError when it went meanwhile.
 */
async function cancelPaidOrder(
  deps: RefundDeps,
  order: Order,
  options: { onlyIfPending: boolean; byUid: string },
): Promise<CancelAnswer> {
  const { db, log } = deps;
  const id = order._id;
  if (order.orderStatus === 'Cancelled' || order.paymentStatus === 'refunded')
    return { deletedCount: 0, cancelledCount: 0 };
  if (order.paymentStatus === 'disputed')
    throw new ApiError(
      409,
      'invalid_transition',
      "This order's card payment is disputed; it cannot be cancelled until the dispute is settled.",
      { current: order.orderStatus, next: null, paymentStatus: 'disputed' },
    );
  const provider = deps.provider(order);
  if (!provider) throw refundError.failed(`order ${id} is paid by ${order.paymentMethod}, which is not configured`);
  if (!order.paymentRef)
    throw refundError.failed(`order ${id} is paid but has no stored payment reference; refund it at the provider`);
  // A packed order's partial refund left unfinished is settled first: what it returned is not
  // refunded again, and what it could not return is part of the rest (DESIGN.md §17).
  if (order.packing) {
    await finishPackingRefund(deps, order, { retryFailed: false });
    // A packing that returned all of the charge (a final bill below the store credit taken) leaves
    // nothing to ask the provider for: the order is only recorded Cancelled, its credit given back.
    const packed = await findOrder(db, id);
    if (chargePoisha(packed) - Math.round((packed.refundedAmount ?? 0) * 100) <= 0) {
      const changed = await recordRefund(db, id, options.byUid);
      return { deletedCount: 0, cancelledCount: changed ? 1 : 0 };
    }
  }
  const request = await claimOrderRefund(db, id, { onlyIfPending: options.onlyIfPending });
  if (!request) {
    const now = await findOrder(db, id);
    if (now.orderStatus === 'Cancelled') return { deletedCount: 0, cancelledCount: 0 };
    if (options.onlyIfPending && now.orderStatus !== 'Pending') throw notPending(now.orderStatus);
    throw refundError.busy();
  }
  let made;
  try {
    made = await provider.refund(request, log);
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      await endOrderRefundAttempt(db, id, request.refundId, 'refused');
      throw refundError.failed(`${provider.method} refund for order ${id} refused: ${error.message}`, error.code);
    }
    if (error instanceof ProviderUnavailableError) {
      await endOrderRefundAttempt(db, id, request.refundId, 'unknown');
      throw refundError.unavailable(`${provider.method} refund for order ${id}: ${error.message}`);
    }
    throw error;
  }
  await recordOrderRefunded(db, id, request.refundId, made.providerRef, options.byUid);
  log.info('order cancelled and refunded', {
    orderId: id,
    provider: provider.method,
    refundId: made.providerRef,
    retry: request.retry,
  });
  return { deletedCount: 0, cancelledCount: 1 };
}

/**
 * Cancels order `order` for its owner (`onlyIfPending`) or an admin: a paid one is refunded and
 * kept ({@link cancelPaidOrder}); an unpaid one is deleted, unless it was paid between the read
 * and the delete, when it is refunded instead.
 * @returns how many orders were deleted, and how many cancelled and refunded.
 * @throws as {@link cancelPaidOrder}.
 */
async function cancelOrder(
  deps: RefundDeps,
  order: Order,
  options: { onlyIfPending: boolean; byUid: string },
): Promise<CancelAnswer> {
  if (order.paymentStatus !== 'unpaid') return cancelPaidOrder(deps, order, options);
  const deletedCount = await deleteOrder(deps.db, order._id, { onlyIfPending: options.onlyIfPending });
  if (deletedCount === 0) {
    // Paid (a provider's webhook or callback) between the read and the delete: it is refunded instead.
    const now = await readOrder(deps.db, order._id);
    if (now && now.paymentStatus !== 'unpaid') return cancelPaidOrder(deps, now, options);
  }
  return { deletedCount, cancelledCount: 0 };
}

/**
 * `DELETE /orders/:id` for the signed-in caller (DESIGN.md §3, §6): their own order while it is
 * Pending, or any order for an admin, cancelled as {@link cancelOrder} does. An admin's cancel is
 * news to the shopper, so it is pushed to them; the shopper's own is not.
 * @returns `{deletedCount, cancelledCount}`, the answer's body.
 * @throws OrderNotFoundError (404) for a missing order or another account's; ApiError 409
 * `not_pending` for the owner's order past Pending; as {@link cancelPaidOrder} for a paid one.
 */
export async function cancelOrderFor(c: Context<AppEnv>, id: string): Promise<CancelAnswer> {
  const { user } = c.var;
  const { order, ownerUid } = await orderFor(c.var, user, id, 'owner-or-admin');
  if (!user.isAdmin && order.orderStatus !== 'Pending') throw notPending(order.orderStatus);
  const answer = await cancelOrder(refundDeps(c.var), order, { onlyIfPending: !user.isAdmin, byUid: user.uid });
  if (user.isAdmin && answer.cancelledCount === 1) notifyPaymentRefunded(c, order._id, { cancelled: true });
  if (user.isAdmin && answer.deletedCount === 1) notifyOrderCancelled(c, order._id, ownerUid);
  return answer;
}
