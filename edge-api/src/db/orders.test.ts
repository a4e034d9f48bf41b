import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../contract/order';
import { deliverySlot } from '../delivery/slots';
import { createTestDb, type TestDb } from '../testing/test-db';
import { changeOrderStatus, findOrder, insertOrderStatements } from './orders';
import { countOrdersBySlot, slotCapacityGuard } from './slot-places';
import { decodeCursor, encodeCursor } from './cursor';
import { SlotFullError } from './errors';
import { runGuardedBatch } from './guarded-batch';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.execute('DELETE FROM orders');
});

const start = Date.parse('2026-11-22T09:00:00+06:00');
const slot = { ...deliverySlot(start, start + 7_200_000), startMs: start, endMs: start + 7_200_000, day: 0 };
const order = (id: string, createdAt = '2026-11-21T10:00:00.000Z'): Order => ({
  _id: id,
  customerName: 'Asha',
  email: 'asha@example.test',
  phone: '017',
  areaId: 'dhanmondi',
  shipping: 40,
  address: 'Dhaka',
  orderStatus: 'Pending',
  totalAmount: 100,
  maxAmount: 100,
  orderDate: '21/11/2026',
  orderedProduct: [],
  paymentMethod: 'cod',
  paymentStatus: 'unpaid',
  createdAt,
  statusHistory: [{ status: 'Pending', at: createdAt }],
  deliverySlot: { id: slot.id, start: slot.start, end: slot.end, label: slot.label },
});

describe('orders rows', () => {
  it('store and read back an order with its slot and its timeline', async () => {
    await t.db.batch(insertOrderStatements(order('o1'), 'uid-a', slot), 'write');
    expect(await findOrder(t.db, 'o1')).toEqual(order('o1'));
  });

  it('fail a batch whose slot is over capacity at the guard, keeping nothing of it', async () => {
    expect(
      await runGuardedBatch(t.db, [
        ...insertOrderStatements(order('o1'), 'uid-a', slot),
        slotCapacityGuard(slot.id, 1),
      ]),
    ).toBeUndefined();
    const failed = await runGuardedBatch(t.db, [
      ...insertOrderStatements(order('o2'), 'uid-a', slot),
      slotCapacityGuard(slot.id, 1),
    ]);
    expect(failed?.error).toBeInstanceOf(SlotFullError);
    expect(failed?.error).toMatchObject({ slotId: slot.id });
    // Another constraint is thrown as it is, never taken for a full slot.
    await expect(
      runGuardedBatch(t.db, [...insertOrderStatements(order('o1'), 'uid-a', slot), slotCapacityGuard(slot.id, 5)]),
    ).rejects.toThrow(/UNIQUE|PRIMARY KEY|constraint/i);
    expect(await countOrdersBySlot(t.db, [slot.id, 'other'])).toEqual(new Map([[slot.id, 1]]));
    expect(
      (await t.db.execute("SELECT count(*) AS n FROM order_status_history WHERE order_id = 'o2'")).rows[0]?.n,
    ).toBe(0);
  });

  it('move an order only from the state it is in, recording each step once, oldest first', async () => {
    await t.db.batch(insertOrderStatements(order('o1'), 'uid-a', null), 'write');
    expect(
      await changeOrderStatus(t.db, 'o1', 'Pending', 'Approved', 'uid-admin', Date.parse('2026-11-21T11:00:00Z')),
    ).toBe(1);
    // A second admin who read Pending too: no change, no second entry.
    expect(
      await changeOrderStatus(t.db, 'o1', 'Pending', 'Approved', 'uid-admin-2', Date.parse('2026-11-21T11:00:01Z')),
    ).toBe(0);
    expect(
      await changeOrderStatus(
        t.db,
        'o1',
        'Approved',
        'Out for delivery',
        'uid-admin',
        Date.parse('2026-11-21T12:00:00Z'),
      ),
    ).toBe(1);
    const found = await findOrder(t.db, 'o1');
    expect(found.orderStatus).toBe('Out for delivery');
    expect(found.statusHistory).toEqual([
      { status: 'Pending', at: '2026-11-21T10:00:00.000Z' },
      { status: 'Approved', at: '2026-11-21T11:00:00.000Z' },
      { status: 'Out for delivery', at: '2026-11-21T12:00:00.000Z' },
    ]);
    const by = (await t.db.execute("SELECT status, by_uid FROM order_status_history WHERE order_id = 'o1' ORDER BY id"))
      .rows;
    expect(by.map((r) => [r.status, r.by_uid])).toEqual([
      ['Pending', 'uid-a'],
      ['Approved', 'uid-admin'],
      ['Out for delivery', 'uid-admin'],
    ]);
  });
});

describe('countOrdersBySlot', () => {
  it('counts only the slots asked for, even with others between them', async () => {
    const at = (hour: number) => {
      const startMs = Date.parse(`2026-11-22T${String(hour).padStart(2, '0')}:00:00+06:00`);
      return { ...deliverySlot(startMs, startMs + 3_600_000), startMs, endMs: startMs + 3_600_000, day: 0 };
    };
    const [nine, ten, eleven] = [at(9), at(10), at(11)];
    await t.db.batch(
      [nine, ten, ten, eleven].flatMap((s, i) =>
        insertOrderStatements({ ...order(`c${i}`), deliverySlot: s }, 'uid-a', s),
      ),
      'write',
    );
    expect(await countOrdersBySlot(t.db, [eleven.id, nine.id])).toEqual(
      new Map([
        [nine.id, 1],
        [eleven.id, 1],
      ]),
    );
    expect(await countOrdersBySlot(t.db, [ten.id])).toEqual(new Map([[ten.id, 2]]));
  });
});

describe('page cursors', () => {
  it('round-trip and are opaque base64url', () => {
    const cursor = { createdAt: 1_763_700_000_123, id: 'a0b1-ç' };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it.each(['', '!!!', btoa('12345'), btoa('abc.def'), btoa(`1.${'x'.repeat(65)}`)])('refuses %j', (text) => {
    expect(decodeCursor(text)).toBeUndefined();
  });
});
