/**
 * Making a refund claimed in the ledger by its id — a packed order's partial refund, a problem's
 * refund (DESIGN.md §14, §17, §19): the order's provider is asked under the ledger's id, and the
 * outcome recorded so money moves at most once. Made: the ledger row done and the order's refunded
 * amount up. Refused (nothing moved): the row failed, with the caller's own statements. Unknown
 * (no answer): the claim open to the next request at once, which asks the provider first whether
 * it was made.
 */
import type { InStatement } from '@libsql/client';
import type { Order } from '../contract/order';
import { endClaimedRefundAttempt, recordClaimedRefundDone } from '../db/refunds';
import { ProviderRefusedError, ProviderUnavailableError, type RefundRequest } from '../payments/provider';
import type { RefundDeps } from './refund-deps';
import type { RefundErrors } from './refund-errors';

/** How a caller words and completes a claimed refund: its refusals, its name in the log, and what a refusal also writes. */
export type ClaimedRefundOptions = {
  errors: RefundErrors;
  /** What the log's reasons call it, e.g. `packing refund of order <id>`. */
  what: string;
  /** Written with a refusal, in the same batch (a problem opened again). */
  alsoOnRefusal?: InStatement[];
};

/**
 * Asks `order`'s provider for claimed refund `request` and records its outcome.
 * @returns the provider's refund id (null when it gave none) when this call recorded the refund;
 * undefined when it was recorded already (another request's answer came first).
 * @throws `errors.failed` (ApiError 502 `payment_provider_error`: refused, or the order's method
 * not configured now), `errors.unavailable` (503 `payment_provider_unavailable`: outcome unknown).
 */
export async function makeClaimedRefund(
  deps: RefundDeps,
  order: Order,
  request: RefundRequest,
  { errors, what, alsoOnRefusal = [] }: ClaimedRefundOptions,
): Promise<{ providerRef: string | null } | undefined> {
  const { db, log } = deps;
  const provider = deps.provider(order);
  const refused = () => endClaimedRefundAttempt(db, request.refundId, 'refused', alsoOnRefusal);
  if (!provider) {
    await refused();
    throw errors.failed(`${what}: ${order.paymentMethod} is not configured`);
  }
  let made;
  try {
    made = await provider.refund(request, log);
  } catch (error) {
    if (error instanceof ProviderRefusedError) {
      await refused();
      throw errors.failed(`${provider.method} ${what} refused: ${error.message}`, error.code);
    }
    if (error instanceof ProviderUnavailableError) {
      await endClaimedRefundAttempt(db, request.refundId, 'unknown');
      throw errors.unavailable(`${provider.method} ${what}: ${error.message}`);
    }
    throw error;
  }
  const recorded = await recordClaimedRefundDone(db, order._id, request.refundId, made.providerRef);
  return recorded ? { providerRef: made.providerRef } : undefined;
}
