/**
 * A delivery slot's places taken (`slot_places`, migration 0022) follow every write to `orders`:
 * placing, cancelling, moving an order to another slot, deleting it; and a database in use
 * starts with the counts of the orders it already holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InStatement } from '@libsql/client';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '../contract/order';
import { SAMPLE_CONTACT } from '../testing/order-fixture';
import { createTestDb, type TestDb } from '../testing/test-db';
import { openDatabase } from './client';
import { applyMigrations } from './migrate';
import { loadMigrations } from './migrations-fs';
import { countOrdersBySlot, slotCapacityGuard, slotRoom } from './slot-places';
import { insertOrderStatements } from './orders';
import { runGuardedBatch } from './guarded-batch';
import { syncValueLists } from './value-lists';

const [NINE, ELEVEN, THREE] = ['2026-11-22T09:00:00+06:00', '2026-11-22T11:00:00+06:00', '2026-11-22T15:00:00+06:00'];
const SLOTS = [NINE, ELEVEN, THREE];

/** The statements that place order `id` in `slot` (or none) with `status`. */
function placed(id: string, slot: string | null, status: Order['orderStatus'] = 'Pending'): InStatement[] {
  return insertOrderStatements(
    {
      _id: id,
      ...SAMPLE_CONTACT,
      shipping: 40,
      email: '',
      orderStatus: status,
      totalAmount: 150,
      maxAmount: 150,
      orderDate: '22/11/2026',
      orderedProduct: [],
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      createdAt: '2026-11-22T03:00:00.000Z',
      statusHistory: [],
      deliverySlot: null,
    },
    'uid-a',
    slot === null ? null : { id: slot, startMs: Date.parse(slot), endMs: Date.parse(slot) + 7_200_000 },
  );
}

let t: TestDb | undefined;
afterEach(() => t?.cleanup());

/** Moves order `id` to `slot` (or out of slots), as a reschedule writes it. */
const moveTo = (id: string, slot: string | null) =>
  t!.db.execute({
    sql: 'UPDATE orders SET slot_id = ?, slot_start_ms = ?, slot_end_ms = ? WHERE id = ?',
    args: [slot, slot && Date.parse(slot), slot && Date.parse(slot) + 7_200_000, id],
  });

const counts = async () => Object.fromEntries(await countOrdersBySlot(t!.db, SLOTS));

describe('slot places', () => {
  it('counts the orders placed in a slot, not a cancelled one nor one without a slot', async () => {
    t = await createTestDb({ seed: false });
    await t.db.batch(
      [...placed('o1', NINE), ...placed('o2', NINE), ...placed('o3', ELEVEN), ...placed('o4', null)],
      'write',
    );
    await t.db.batch(placed('o5', THREE, 'Cancelled'), 'write');
    expect(await counts()).toEqual({ [NINE]: 2, [ELEVEN]: 1 });
    expect(await slotRoom(t.db, SLOTS, 2, ELEVEN)).toEqual({ askedTaken: 1, firstWithRoom: ELEVEN });
  });

  it('gives a place back when an order is cancelled, and takes it again when the order comes back', async () => {
    t = await createTestDb({ seed: false });
    await t.db.batch([...placed('o1', NINE), ...placed('o2', NINE)], 'write');
    await t.db.execute("UPDATE orders SET order_status = 'Cancelled' WHERE id = 'o1'");
    expect(await counts()).toEqual({ [NINE]: 1 });
    // A state change that keeps the order live changes nothing.
    await t.db.execute("UPDATE orders SET order_status = 'Approved' WHERE id = 'o2'");
    expect(await counts()).toEqual({ [NINE]: 1 });
    await t.db.execute("UPDATE orders SET order_status = 'Pending' WHERE id = 'o1'");
    expect(await counts()).toEqual({ [NINE]: 2 });
  });

  it('moves a place with an order moved to another slot, or out of slots', async () => {
    t = await createTestDb({ seed: false });
    await t.db.batch([...placed('o1', NINE), ...placed('o2', NINE), ...placed('o3', null)], 'write');
    await moveTo('o1', ELEVEN);
    await moveTo('o2', null);
    await moveTo('o3', THREE);
    expect(await counts()).toEqual({ [ELEVEN]: 1, [THREE]: 1 });
    // A cancelled order moved takes no place anywhere.
    await t.db.execute("UPDATE orders SET order_status = 'Cancelled' WHERE id = 'o3'");
    await moveTo('o3', NINE);
    expect(await counts()).toEqual({ [ELEVEN]: 1 });
  });

  it('gives a deleted order’s place back', async () => {
    t = await createTestDb({ seed: false });
    await t.db.batch([...placed('o1', NINE), ...placed('o2', NINE), ...placed('o3', ELEVEN, 'Cancelled')], 'write');
    await t.db.execute("DELETE FROM orders WHERE id IN ('o1', 'o3')");
    expect(await counts()).toEqual({ [NINE]: 1 });
  });

  it('finds the earliest slot of the horizon with room, and the places taken in the asked one', async () => {
    t = await createTestDb({ seed: false });
    // Two orders fill nine o'clock (capacity 2), one is at eleven: eleven has room.
    await t.db.batch([...placed('o1', NINE), ...placed('o2', NINE), ...placed('o3', ELEVEN)], 'write');
    expect(await slotRoom(t.db, SLOTS, 2, ELEVEN)).toEqual({ askedTaken: 1, firstWithRoom: ELEVEN });
    expect(await slotRoom(t.db, SLOTS, 1, null)).toEqual({ askedTaken: 0, firstWithRoom: THREE });
    expect(await slotRoom(t.db, [NINE], 2, NINE)).toEqual({ askedTaken: 2, firstWithRoom: null });
    // A full slot inside the range but not in this horizon (another area's) is passed over.
    expect(await slotRoom(t.db, [NINE, THREE], 1, null)).toEqual({ askedTaken: 0, firstWithRoom: THREE });
    // A place given back in the earliest slot is found there.
    await t.db.execute("UPDATE orders SET order_status = 'Cancelled' WHERE id = 'o2'");
    expect(await slotRoom(t.db, SLOTS, 2, NINE)).toEqual({ askedTaken: 1, firstWithRoom: NINE });
  });

  it('holds the capacity guard at commit: the order over capacity is not stored', async () => {
    t = await createTestDb({ seed: false });
    await t.db.batch(placed('o1', NINE), 'write');
    const failed = await runGuardedBatch(t.db, [...placed('o2', NINE), slotCapacityGuard(NINE, 1)]);
    expect(failed?.error.name).toBe('SlotFullError');
    expect(await counts()).toEqual({ [NINE]: 1 });
    expect((await t.db.execute("SELECT count(*) AS n FROM orders WHERE id = 'o2'")).rows[0]?.n).toBe(0);
  });
});

describe('migration 0022 on a database in use', () => {
  it('starts each slot’s count from the live orders it already holds', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taza-haat-slot-places-'));
    const db = await openDatabase(`file:${join(dir, 'shop.db')}`);
    try {
      const migrations = await loadMigrations();
      await applyMigrations(
        db,
        migrations.filter((m) => m.version < 22),
      );
      await syncValueLists(db);
      await db.batch(
        [...placed('o1', NINE), ...placed('o2', NINE), ...placed('o3', ELEVEN, 'Cancelled'), ...placed('o4', null)],
        'write',
      );
      await applyMigrations(db, migrations);
      expect(Object.fromEntries(await countOrdersBySlot(db, SLOTS))).toEqual({ [NINE]: 2 });
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
