/**
 * The database checks order states, payment methods and statuses, and sale units against the
 * code's lists (migration 0014, db/value-lists.ts): a value no list has is refused, and a value
 * added to a list is taken once the lists are written again, with no migration.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatuses } from '../contract/delivery';
import { saleUnits } from '../contract/catalogue';
import { createTestDb, type TestDb } from '../testing/test-db';
import { syncValueLists, valueLists } from './value-lists';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.execute(
    `INSERT INTO orders (id, user_id, customer_name, email, phone, address, total_amount, order_date, ordered_product, created_at)
     VALUES ('o1', 'u1', 'Asha', '', '01711111111', 'Dhanmondi', 120, 'd', '[]', 1)`,
  );
});
afterAll(() => t.cleanup());

const setStatus = (status: string) =>
  t.db.execute({ sql: 'UPDATE orders SET order_status = ? WHERE id = ?', args: [status, 'o1'] });
const setUnit = (unit: string) =>
  t.db.execute({ sql: 'UPDATE products SET unit = ? WHERE id = (SELECT id FROM products LIMIT 1)', args: [unit] });

describe('the value lists', () => {
  it('hold what the code lists', async () => {
    const { rows } = await t.db.execute('SELECT list, value FROM allowed_values ORDER BY list, value');
    const stored = rows.map((row) => `${String(row.list)}:${String(row.value)}`);
    const listed = Object.entries(valueLists).flatMap(([list, values]) => values.map((value) => `${list}:${value}`));
    expect(stored.sort()).toEqual(listed.sort());
  });

  it('refuse a value no list has: order state, payment method and status, sale unit, history entry', async () => {
    await expect(setStatus('Returned')).rejects.toThrow(/CHECK constraint failed/);
    await expect(t.db.execute("UPDATE orders SET payment_method = 'nagad' WHERE id = 'o1'")).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(t.db.execute("UPDATE orders SET payment_status = 'half-paid' WHERE id = 'o1'")).rejects.toThrow(
      /CHECK constraint failed/,
    );
    await expect(setUnit('crate')).rejects.toThrow(/CHECK constraint failed/);
    await expect(
      t.db.execute("INSERT INTO order_status_history (order_id, status, at) VALUES ('o1', 'Returned', 2)"),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect((await t.db.execute("SELECT order_status FROM orders WHERE id = 'o1'")).rows[0]?.order_status).toBe(
      'Pending',
    );
  });

  it('take a state or unit added to the code’s list once the lists are written again, with no migration', async () => {
    await syncValueLists(t.db, {
      ...valueLists,
      order_status: [...orderStatuses, 'Returned'],
      sale_unit: [...saleUnits, 'crate'],
    });
    await setStatus('Returned');
    await setUnit('crate');
    expect((await t.db.execute("SELECT order_status FROM orders WHERE id = 'o1'")).rows[0]?.order_status).toBe(
      'Returned',
    );
    // Taken out of the list again: refused for new writes, the row keeping it stays.
    await syncValueLists(t.db);
    await expect(setStatus('Returned')).rejects.toThrow(/CHECK constraint failed/);
    await setStatus('Approved');
    await setUnit('kg');
  });
});
