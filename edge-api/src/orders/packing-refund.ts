/**
 * A packed order's partial refund (DESIGN.md §17, §14): the difference a prepaid order's final
 * bill leaves below what was charged, claimed in packing's own batch (orders/pack.ts), asked of the
 * order's provider after the commit under the ledger's id, and finished by the next request of the
 * order (a packing, a status update, a cancel) when a crash or a provider not answering left it.
 */
import type { Order } from '../contract/order';
import { claimedPackingRefund, takeOverPackingRefund } from '../db/packing-refunds';
import { endClaimedRefundAttempt, recordClaimedRefundDone } from '../db/refunds';
import { ProviderRefusedError, ProviderUnavailableError, type RefundRequest } from '../payments/provider';
import type { RefundDeps } from './refund-deps';
import { refundErrors } from './refund-errors';

/** The refusals of a refund the provider did not make. */
const refundError = refundErrors({
  failed: 'The order is packed, but the difference could not be refunded yet. Try again later.',
  unavailable:
    'The order is packed; the payment service cannot be reached to refund the difference, so try again in a moment.',
  busy: "This order's refund is under way; try again in a moment.",
});

/**
 * Asks the provider for packing refund `request` of `order` and records its outcome: made (the
 * ledger row done, the order's refunded amount up), refused (the row failed, asked again by the
 * next packing request) or unknown (the claim open to the next request).
 * @throws ApiError 502 `payment_provider_error` (refused, or no provider configured for the
 * order's method), 503 `payment_provider_unavailable` (outcome unknown).
 */
async function makePackingRefund(deps: RefundDeps, order: Order, request: RefundRequest): Promise<void> {
  const { db, log } = deps;
  const provider = deps.provider(order);
  if (!provider) {
    await endClaimedRefundAttempt(db, request.refundId, 'refused');
    throw refundError.failed(`packing refund for order ${order._id}: ${order.paymentMethod} is not configured`);
  }
  let made;
  try {
    made = await provider.refund(request, log);
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      await endClaimedRefundAttempt(db, request.refundId, 'refused');
      throw refundError.failed(
        `${provider.method} packing refund for order ${order._id} refused: ${error.message}`,
        error.code,
      );
    }
    if (error instanceof ProviderUnavailableError) {
      await endClaimedRefundAttempt(db, request.refundId, 'unknown');
      throw refundError.unavailable(`${provider.method} packing refund for order ${order._id}: ${error.message}`);
    }
    throw error;
  }
  await recordClaimedRefundDone(db, order._id, request.refundId, made.providerRef);
  log.info('packing refund made', {
    orderId: order._id,
    provider: provider.method,
    amountPoisha: request.amountPoisha,
    refundId: made.providerRef,
    retry: request.retry,
  });
}

/**
 * Finishes order `order`'s packing refund that an earlier request left: one claimed more than
 * REFUND_CLAIM_MS ago or whose outcome is unknown and, with `retryFailed` (a packing request),
 * one the provider refused. Nothing to do for an order without one, or whose refund is done.
 * @throws ApiError 503 `busy` (another request is making it), and as makePackingRefund.
 */
export async function finishPackingRefund(
  deps: RefundDeps,
  order: Order,
  options: { retryFailed: boolean },
): Promise<void> {
  const state = await takeOverPackingRefund(deps.db, order._id, options);
  if (state.kind === 'busy') throw refundError.busy();
  if (state.kind === 'claimed') await makePackingRefund(deps, order, state.request);
}

/**
 * Makes the refund a packing of `order` just claimed (at its plan's time, `claimedMs` epoch ms),
 * when it claimed one.
 * @throws as makePackingRefund.
 */
export async function makeClaimedPackingRefund(deps: RefundDeps, order: Order, claimedMs: number): Promise<void> {
  const request = await claimedPackingRefund(deps.db, order._id, claimedMs);
  if (request) await makePackingRefund(deps, order, request);
}
