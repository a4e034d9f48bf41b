/**
 * What an order holds of counted stock (DESIGN.md §4): taking its units when it is placed, giving
 * them back when it is deleted or cancelled, and the limits on what one account may hold on its
 * open orders (units of a product, open orders), as guards of the placing write's batch.
 */
import type { Client, InStatement, InValue } from '@libsql/client';
import { StockChangedError } from './errors';
import { writeGuard, type BatchStep, type Guard } from './guarded-batch';

/**
 * The steps that take an order's units from counted stock (DESIGN.md §4), for the batch that
 * inserts it: per product, a guard that it is still in stock with at least `quantity` units when
 * counted (its error is StockChangedError: the order is planned again with fresh stock), then
 * the UPDATE that takes them (a product not counted, `stock` NULL, keeps NULL).
 * @param quantities product id → the order's units of it (its lines summed).
 */
export function takeStockSteps(quantities: ReadonlyMap<string, number>): BatchStep[] {
  return [...quantities].flatMap(([id, quantity]): BatchStep[] => [
    writeGuard(
      'coalesce((SELECT in_stock = 1 AND (stock IS NULL OR stock >= ?) FROM products WHERE id = ?), 0)',
      [quantity, id],
      () => new StockChangedError(id),
    ),
    { sql: 'UPDATE products SET stock = stock - ? WHERE id = ? AND stock IS NOT NULL', args: [quantity, id] },
  ]);
}

/**
 * The statement that gives back to counted stock the units of the order `o` that `where`
 * selects (an SQL condition on the alias `o`, e.g. `o.id = ? AND o.payment_status = 'unpaid'`),
 * read from its line snapshot; placed before the statement that deletes or cancels the order,
 * so it gives them back once, only when that statement will match. Products not counted, or
 * gone, are left as they are. A packed order (DESIGN.md §17) holds what was packed: its lines
 * found and its substitutes (the units of lines not found went back when it was packed).
 */
export function giveBackStockStatement(where: string, args: InValue[]): InStatement {
  // A line is held unless its packing entry (same index) says not found; JSON true/false read as 1/0.
  const held = `coalesce(json_extract(o.packing, '$.lines[' || line.key || '].found'), 1)`;
  const lines = `FROM orders AS o, json_each(o.ordered_product) AS line WHERE ${where} AND ${held}`;
  const substitutes = `FROM orders AS o, json_each(o.packing, '$.lines') AS packed
    WHERE ${where} AND json_extract(packed.value, '$.substitute._id') IS NOT NULL`;
  return {
    sql: `UPDATE products SET stock = stock
            + coalesce((SELECT sum(json_extract(line.value, '$.cartQuantity')) ${lines}
                          AND json_extract(line.value, '$._id') = products.id), 0)
            + coalesce((SELECT sum(json_extract(packed.value, '$.substitute.quantity')) ${substitutes}
                          AND json_extract(packed.value, '$.substitute._id') = products.id), 0)
          WHERE stock IS NOT NULL AND id IN (SELECT json_extract(line.value, '$._id') ${lines}
                                             UNION ALL SELECT json_extract(packed.value, '$.substitute._id') ${substitutes})`,
    args: [...args, ...args, ...args, ...args],
  };
}

// The units of product `?` (2nd arg) on the lines of account `?`'s (1st arg) open (Pending) orders,
// found through the partial index `orders_user_open`.
const HELD_UNITS = `SELECT coalesce(sum(json_extract(line.value, '$.cartQuantity')), 0)
  FROM orders AS o, json_each(o.ordered_product) AS line
  WHERE o.user_id = ? AND o.order_status = 'Pending' AND json_extract(line.value, '$._id') = ?`;

/**
 * The units of each of `productIds` that account `userId` holds on its open (Pending) orders.
 * @returns product id → units (0 for none).
 */
export async function heldUnits(
  db: Client,
  userId: string,
  productIds: readonly string[],
): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  for (const id of productIds) {
    const { rows } = await db.execute({ sql: `SELECT (${HELD_UNITS}) AS units`, args: [userId, id] });
    held.set(id, Number(rows[0]?.units ?? 0));
  }
  return held;
}

/**
 * The guard that account `userId` holds at most `max` units of product `productId` across its
 * open (Pending) orders, at its place in a guarded batch: placed after an order's insert, it
 * counts that order's units too, so concurrent orders cannot pass the limit together. `error` is
 * raised when it fails.
 */
export function heldUnitsGuard(userId: string, productId: string, max: number, error: Error | (() => Error)): Guard {
  return writeGuard(`(${HELD_UNITS}) <= ?`, [userId, productId, max], error);
}

/**
 * The guard that account `userId` has at most `max` open (Pending) orders, however they are paid,
 * at its place in a guarded batch (db/guarded-batch.ts): placed after an order's insert, it counts
 * that order too, inside the same transaction, so concurrent orders cannot pass the limit
 * together. An unpaid card or bKash order holds counted stock as a cash one does, so it counts
 * too. It counts the entries of the partial index `orders_user_open` (the account's Pending
 * orders), reading no order. `error` is raised when it fails.
 */
export function openOrdersGuard(userId: string, max: number, error: Error | (() => Error)): Guard {
  return writeGuard(
    "(SELECT count(*) FROM orders WHERE user_id = ? AND order_status = 'Pending') <= ?",
    [userId, max],
    error,
  );
}
