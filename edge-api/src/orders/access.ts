/**
 * Who may read, cancel or pay an order (DESIGN.md §3): the account that placed it (its uid, never
 * an e-mail), and for reading and cancelling an admin too. Another account's order is answered
 * exactly as a missing one: its existence is not theirs to know.
 */
import type { Client } from '@libsql/client';
import type { Order } from '../contract/order';
import { OrderNotFoundError } from '../db/errors';
import { readOrder, readOrderOwner } from '../db/orders';
import type { RequestUser } from '../env';
import type { RequestLog } from '../http/logger';

/** Who may act: the order's owner only (paying it), or its owner or an admin (reading, cancelling). */
export type OrderAccess = 'owner' | 'owner-or-admin';

/**
 * Order `id` as `user` may act on it (its delivery code in it when `user` placed it), with its owner's uid.
 * @throws OrderNotFoundError (404 `not_found`) when there is no such order, or it is another
 * account's and `user` may not act on it (logged as a refusal).
 */
export async function orderFor(
  deps: { db: Client; log: RequestLog },
  user: Pick<RequestUser, 'uid' | 'isAdmin'>,
  id: string,
  access: OrderAccess,
): Promise<{ order: Order; ownerUid: string }> {
  const [order, ownerUid] = await Promise.all([readOrder(deps.db, id, user.uid), readOrderOwner(deps.db, id)]);
  if (!order || ownerUid === undefined) {
    deps.log.info('order not found', { orderId: id });
    throw new OrderNotFoundError(id);
  }
  if (ownerUid !== user.uid && !(access === 'owner-or-admin' && user.isAdmin)) {
    deps.log.warn('request refused', {
      status: 404,
      code: 'not_found',
      reason: "another customer's order, answered as missing",
      orderId: id,
    });
    throw new OrderNotFoundError(id);
  }
  return { order, ownerUid };
}
