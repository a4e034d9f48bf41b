/**
 * The database layer's own errors: each names what went wrong with the data a route needs to
 * answer it. The layer knows nothing of HTTP; http/errors.ts turns these into API answers.
 */

/** There is no order `orderId`. */
export class OrderNotFoundError extends Error {
  override name = 'OrderNotFoundError';
  constructor(readonly orderId: string) {
    super(`no order ${orderId}`);
  }
}

/**
 * Delivery slot `slotId` is full: it filled between the count an order's slot was chosen by and
 * the order's commit (db/orders.ts slotCapacityGuard), so nothing of the order was written.
 */
export class SlotFullError extends Error {
  override name = 'SlotFullError';
  constructor(readonly slotId: string) {
    super(`delivery slot ${slotId} is full`);
  }
}
