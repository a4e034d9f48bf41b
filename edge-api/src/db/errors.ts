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
 * the order's commit (db/slot-places.ts slotCapacityGuard), so nothing of the order was written.
 */
export class SlotFullError extends Error {
  override name = 'SlotFullError';
  constructor(readonly slotId: string) {
    super(`delivery slot ${slotId} is full`);
  }
}

/**
 * Product `productId` has fewer units (or is no longer in stock) than an order counted on: its
 * stock changed between the order's read and its commit (db/order-stock.ts takeStockSteps), so
 * nothing of the order was written.
 */
export class StockChangedError extends Error {
  override name = 'StockChangedError';
  constructor(readonly productId: string) {
    super(`stock of product ${productId} changed`);
  }
}

/**
 * Delivery area `areaId` is no longer as an order read it (its fee, minimum, slots or name
 * changed, or it was switched off) between the read and the order's commit
 * (db/delivery-areas.ts areaUnchangedGuard), so nothing of the order was written.
 */
export class AreaChangedError extends Error {
  override name = 'AreaChangedError';
  constructor(readonly areaId: string) {
    super(`delivery area ${areaId} changed`);
  }
}
