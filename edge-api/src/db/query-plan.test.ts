/**
 * The queries the API runs use their indexes (EXPLAIN QUERY PLAN), so My Orders and every filter
 * of the admin's queue stay fast at 100k orders. The SQL is the db modules' own, so a change to
 * a query is checked here.
 */
import type { InStatement } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, queryPlan, type TestDb } from '../testing/test-db';
import type { Guard } from './guarded-batch';
import { countOrdersBySlot, countOrdersBySlotStatement, slotRoomStatement } from './slot-places';
import { heldUnits, heldUnitsGuard, openOrdersGuard } from './order-stock';
import { listOrdersStatements, SEARCH_WINDOW, type OrderFilter } from './order-list';
import { runOrdersStatement } from './orders';
import { LIST_PRODUCTS_SQL } from './products';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

const plan = (statement: InStatement) => queryPlan(t.db, statement);
/** A guard's condition as the SELECT of its own value, as its batch runs it. */
const guardSelect = ({ condition }: Guard): InStatement => ({
  sql: `SELECT (${condition.sql}) AS ok`,
  args: condition.args,
});

describe('query plans', () => {
  const after = { createdAt: 1_700_000_000_000, id: 'order-id' };
  // Each filter's first page and a later one: the index gives the order, so nothing is sorted
  // (the timeline's subquery reads each order's history in order through its index, too).
  const cases: Array<[name: string, filter: OrderFilter, index: string]> = [
    ['every order', {}, 'orders_created'],
    ['one account’s orders (my orders)', { userId: 'uid-a' }, 'orders_user_created'],
    ['the orders with one e-mail (an admin’s look-up)', { email: 'a@b.test' }, 'orders_email_created'],
    ['one state', { status: 'Pending' }, 'orders_status_created'],
    ['one slot', { slot: '2026-11-22T09:00:00+06:00' }, 'orders_slot_created'],
  ];
  for (const [name, filter, index] of cases) {
    it(`pages ${name} newest first through ${index}, without sorting`, async () => {
      for (const page of [{ limit: 50 }, { limit: 50, after }]) {
        const { rows, windowEnd } = listOrdersStatements(filter, page);
        const detail = await plan(rows);
        expect(detail).toMatch(new RegExp(`USING INDEX ${index}\\b`));
        expect(detail).not.toMatch(/TEMP B-TREE/);
        expect(detail).toMatch(/SEARCH order_status_history USING INDEX order_status_history_order \(order_id=\?\)/);
        expect(windowEnd).toBeUndefined();
      }
    });
  }

  it(`searches (q) a bounded window of ${SEARCH_WINDOW} orders on the covering orders_created index, streaming, sorting only the page`, async () => {
    for (const page of [{ limit: 50 }, { limit: 50, after }]) {
      const { rows, windowEnd } = listOrdersStatements({ q: 'asha' }, page);
      const detail = await plan(rows);
      // The window, then the matches, each a co-routine (streamed: matching stops at limit + 1),
      // then the page's rows by primary key.
      expect(detail).toMatch(
        /^CO-ROUTINE \(subquery-\d\)\nCO-ROUTINE \(subquery-\d\)\n(SEARCH|SCAN) orders USING COVERING INDEX orders_created\b.*\nSCAN \(subquery-\d\)\nSCAN \(subquery-\d\)\nSEARCH orders USING INDEX sqlite_autoindex_orders_1 \(id=\?\)\n/,
      );
      expect(detail).not.toMatch(/SCAN orders USING INDEX/);
      expect(windowEnd && (await plan(windowEnd))).toMatch(/USING COVERING INDEX orders_created/);
    }
    // The window is a LIMIT inside the statement, not the whole table.
    const { rows } = listOrdersStatements({ q: 'asha' }, { limit: 50 });
    expect(typeof rows === 'object' && rows.args).toContain(SEARCH_WINDOW);
  });

  it('counts an account’s open orders by the entries of orders_user_open alone, reading no order', async () => {
    const detail = await plan(guardSelect(openOrdersGuard('uid-a', 3, new Error('too many'))));
    expect(detail).toMatch(/SEARCH orders USING COVERING INDEX orders_user_open \(user_id=\?\)/);
    expect(detail).not.toMatch(/orders_user_created|SCAN orders/);
  });

  it('finds the units an account holds through orders_user_open, reading only its Pending orders', async () => {
    const detail = await plan(guardSelect(heldUnitsGuard('uid-a', 'p1', 5, new Error('too many'))));
    expect(detail).toMatch(/SEARCH o USING INDEX orders_user_open \(user_id=\?\)/);
    expect(detail).not.toMatch(/orders_user_created|SCAN o\b/);
    const lines = (quantity: number) => JSON.stringify([{ _id: 'p1', cartQuantity: quantity }]);
    await t.db.batch(
      [
        {
          sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
                  ordered_product, payment_method, created_at)
                VALUES ('h1', 'uid-a', 'Asha', '', '017', 'Dhaka', 'Pending', 100, 'd', ?, 'cod', 1),
                       ('h2', 'uid-a', 'Asha', '', '017', 'Dhaka', 'Approved', 100, 'd', ?, 'cod', 2),
                       ('h3', 'uid-b', 'Babul', '', '018', 'Mirpur', 'Pending', 100, 'd', ?, 'cod', 3)`,
          args: [lines(2), lines(7), lines(11)],
        },
      ],
      'write',
    );
    try {
      expect(await heldUnits(t.db, 'uid-a', ['p1', 'p2'])).toEqual(
        new Map([
          ['p1', 2],
          ['p2', 0],
        ]),
      );
      const open = async (userId: string) =>
        (await t.db.execute(guardSelect(openOrdersGuard(userId, 0, new Error('too many'))))).rows[0]?.ok;
      // uid-a holds one Pending order (the Approved one is not open): more than 0.
      expect(await open('uid-a')).toBe(0);
      expect(await open('uid-c')).toBe(1);
    } finally {
      await t.db.execute("DELETE FROM orders WHERE id IN ('h1', 'h2', 'h3')");
    }
  });

  it('reads a rider’s run through orders_rider (DESIGN.md §18)', async () => {
    const detail = await plan(runOrdersStatement('uid-rider', '2026-11-24'));
    expect(detail).toMatch(/SEARCH orders USING INDEX orders_rider \(rider_uid=\?\)/);
  });

  it('reads the slots’ places by seeks of slot_places alone', async () => {
    const detail = await plan(
      countOrdersBySlotStatement([
        '2026-11-22T11:00:00+06:00',
        '2026-11-22T09:00:00+06:00',
        '2026-11-24T19:00:00+06:00',
      ]),
    );
    expect(detail).toBe('SEARCH slot_places USING PRIMARY KEY (slot_id=?)');
    expect(await countOrdersBySlot(t.db, ['a'])).toEqual(new Map());
  });

  it('finds the first slot with room by a seek and a range of slot_places alone', async () => {
    const [first, second, third] = [
      '2026-11-22T11:00:00+06:00',
      '2026-11-22T15:00:00+06:00',
      '2026-11-22T17:00:00+06:00',
    ];
    const slots = [first, second, third];
    const detail = await plan(slotRoomStatement(slots, 2, third));
    expect(detail).toMatch(/SEARCH slot_places USING PRIMARY KEY \(slot_id=\?\)/);
    expect(detail).toMatch(/SEARCH slot_places USING PRIMARY KEY \(slot_id>\? AND slot_id<\?\)/);
    expect(detail).not.toMatch(/orders/);
  });

  it('reads the catalogue in order through products_created', async () => {
    expect(await plan(LIST_PRODUCTS_SQL)).toMatch(/USING INDEX products_created/);
  });
});
