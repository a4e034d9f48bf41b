/**
 * Moving an order through its states (DESIGN.md §3, §8, §17): only to the next one (Pending →
 * Approved → Out for delivery → Delivered; Packed → Out for delivery), each change recorded with
 * who made it and when. An Approved order moved to Out for delivery is packed as ordered on the
 * way (orders/pack.ts), so it has a final bill like any packed order.
 */
import { nextOrderStatus, type OrderStatus } from '../contract/delivery';
import { changeOrderStatus, findOrder } from '../db/orders';
import { ApiError } from '../http/errors';
import { packAsOrdered } from './pack';
import { finishPackingRefund } from './packing-refund';
import type { RefundDeps } from './refund-deps';

/** The 409 for a change from `current` other than to its next state. */
function invalidTransition(current: OrderStatus): ApiError {
  const next = nextOrderStatus(current);
  const message = next
    ? `This order is ${current}; it can only move to ${next}.`
    : `This order is ${current}; it cannot move any further.`;
  return new ApiError(409, 'invalid_transition', message, { current, next: next ?? null });
}

/**
 * Moves order `id` to `to` for Firebase uid `byUid`, when `to` is its next state; an Approved
 * order goes to Out for delivery packed as ordered (orders/pack.ts packAsOrdered). A packing
 * refund an earlier request left unfinished is tried again first; its failure is logged and
 * does not stop the change.
 * @returns 1, the number of orders changed.
 * @throws ApiError 409 `invalid_transition` (`details.current`, `details.next`) when `to` is not
 * its next state, also when another admin moved it meanwhile; OrderNotFoundError when there is none.
 */
export async function advanceOrder(deps: RefundDeps, id: string, to: OrderStatus, byUid: string): Promise<number> {
  const { db } = deps;
  const order = await findOrder(db, id);
  if (to !== nextOrderStatus(order.orderStatus)) throw invalidTransition(order.orderStatus);
  if (order.packing)
    await finishPackingRefund(deps, order, { retryFailed: false }).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
      deps.log.warn('packing refund still not made', { orderId: id, code: error.code, reason: error.reason });
    });
  const modifiedCount =
    order.orderStatus === 'Approved'
      ? Number(await packAsOrdered(deps, order, byUid))
      : await changeOrderStatus(db, id, order.orderStatus, to, byUid);
  // Another admin moved (or deleted) it between the read and the update.
  if (modifiedCount === 0) throw invalidTransition((await findOrder(db, id)).orderStatus);
  return modifiedCount;
}
