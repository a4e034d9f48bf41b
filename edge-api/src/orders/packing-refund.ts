/**
 * A packed order's partial refund (DESIGN.md §17, §14): the difference a prepaid order's final
 * bill leaves below what was charged, claimed in packing's own batch (orders/pack.ts), asked of the
 * order's provider after the commit under the ledger's id (orders/claimed-refund.ts), and finished
 * by the next request of the order (a packing, a status update, a cancel) when a crash or a
 * provider not answering left it.
 */
import type { Order } from '../contract/order';
import { claimedPackingRefund, takeOverPackingRefund } from '../db/packing-refunds';
import type { RefundRequest } from '../payments/provider';
import { makeClaimedRefund } from './claimed-refund';
import type { RefundDeps } from './refund-deps';
import { refundErrors } from './refund-errors';

/** The refusals of a refund the provider did not make. */
const errors = refundErrors({
  failed: 'The order is packed, but the difference could not be refunded yet. Try again later.',
  unavailable:
    'The order is packed; the payment service cannot be reached to refund the difference, so try again in a moment.',
});

/**
 * Asks the provider for packing refund `request` of `order` and records its outcome (refused: asked
 * again by the next packing request; unknown: the claim open to the next request).
 * @throws as makeClaimedRefund.
 */
async function makePackingRefund(deps: RefundDeps, order: Order, request: RefundRequest): Promise<void> {
  const made = await makeClaimedRefund(deps, order, request, { errors, what: `packing refund of order ${order._id}` });
  if (made)
    deps.log.info('packing refund made', {
      orderId: order._id,
      provider: order.paymentMethod,
      amountPoisha: request.amountPoisha,
      refundId: made.providerRef,
      retry: request.retry,
    });
}

/**
 * Finishes order `order`'s packing refund that an earlier request left: one claimed more than
 * REFUND_CLAIM_MS ago or whose outcome is unknown and, with `retryFailed` (a packing request),
 * one the provider refused. Nothing to do for an order without one, or whose refund is done.
 * @returns whether a refund was asked for (the order may have changed), false when nothing was to do.
 * @throws ApiError 503 `busy` (another request is making it), and as makeClaimedRefund.
 */
export async function finishPackingRefund(
  deps: RefundDeps,
  order: Order,
  options: { retryFailed: boolean },
): Promise<boolean> {
  const state = await takeOverPackingRefund(deps.db, order._id, options);
  if (state.kind === 'busy') throw errors.busy();
  if (state.kind !== 'claimed') return false;
  await makePackingRefund(deps, order, state.request);
  return true;
}

/**
 * Makes the refund a packing of `order` just claimed (at its plan's time, `claimedMs` epoch ms),
 * when it claimed one.
 * @returns whether a refund was asked for (the order may have changed), false when none was claimed.
 * @throws as makeClaimedRefund.
 */
export async function makeClaimedPackingRefund(deps: RefundDeps, order: Order, claimedMs: number): Promise<boolean> {
  const request = await claimedPackingRefund(deps.db, order._id, claimedMs);
  if (!request) return false;
  await makePackingRefund(deps, order, request);
  return true;
}
