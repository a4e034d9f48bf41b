/**
 * The value lists the database checks (migration 0014): each is the code's own list, written to
 * `allowed_values` whenever the database is prepared, so a new order state, payment method or sale
 * unit is a change to its list in the contract, with no migration and no table rebuild.
 */
import type { Client } from '@libsql/client';
import { saleUnits } from '../contract/catalogue';
import { orderStatuses } from '../contract/delivery';
import { paymentMethods, paymentStatuses } from '../contract/order';

/**
 * A payment's stored states: the API's, and `refunding` (a refund claimed and not yet recorded,
 * db/refunds.ts; the API shows it as `paid`).
 */
const storedPaymentStatuses = [...paymentStatuses, 'refunding'] as const;

/** Each list the database checks, by its name in `allowed_values`. */
export const valueLists: Record<string, readonly string[]> = {
  order_status: orderStatuses,
  payment_method: paymentMethods,
  payment_status: storedPaymentStatuses,
  sale_unit: saleUnits,
};

/**
 * Makes `allowed_values` hold exactly `lists` ({@link valueLists}), in one write: values added to
 * a list are allowed from now on; values gone from it are refused for new writes (rows keeping one stay).
 */
export async function syncValueLists(db: Client, lists: Record<string, readonly string[]> = valueLists): Promise<void> {
  const entries = Object.entries(lists).flatMap(([list, values]) => values.map((value) => [list, value]));
  await db.batch(
    [
      {
        sql: `DELETE FROM allowed_values WHERE (list, value) NOT IN (${entries.map(() => '(?, ?)').join(', ')})`,
        args: entries.flat(),
      },
      ...entries.map(([list, value]) => ({
        sql: 'INSERT OR IGNORE INTO allowed_values (list, value) VALUES (?, ?)',
        args: [list as string, value as string],
      })),
    ],
    'write',
  );
}
