/**
 * Moving an order through its states (DESIGN.md §3, §8): only to the next one (Pending → Approved
 * → Out for delivery → Delivered), each change recorded with who made it and when.
 */
import type { Client } from '@libsql/client';
import { nextOrderStatus, type OrderStatus } from '../contract/delivery';
import { changeOrderStatus, findOrder } from '../db/orders';
import { ApiError } from '../http/errors';

/** The 409 for a change from `current` other than to its next state. */
function invalidTransition(current: OrderStatus): ApiError {
  const next = nextOrderStatus(current);
  const message = next
    ? `This order is ${current}; it can only move to ${next}.`
    : `This order is ${current}; it cannot move any further.`;
  return new ApiError(409, 'invalid_transition', message, { current, next: next ?? null });
}

/**
 * Moves order `id` to `to` for Firebase uid `byUid`, when `to` is its next state.
 * @returns 1, the number of orders changed.
 * @throws ApiError 409 `invalid_transition` (`details.current`, `details.next`) when `to` is not
 * its next state, also when another admin moved it meanwhile; OrderNotFoundError when there is none.
 */
export async function advanceOrder(db: Client, id: string, to: OrderStatus, byUid: string): Promise<number> {
  const order = await findOrder(db, id);
  if (to !== nextOrderStatus(order.orderStatus)) throw invalidTransition(order.orderStatus);
  const modifiedCount = await changeOrderStatus(db, id, order.orderStatus, to, byUid);
  // Another admin moved (or deleted) it between the read and the update.
  if (modifiedCount === 0) throw invalidTransition((await findOrder(db, id)).orderStatus);
  return modifiedCount;
}
