/**
 * Delivery slots through the API (DESIGN.md §8) on a fixed clock (Sun 22 Nov 2026, 08:30 in
 * Dhaka): the offers, the slot an order gets, and capacity under concurrent orders.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeliverySlotOffer } from '../contract/delivery';
import { orderSchema, type Order } from '../contract/order';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

const NOW = '2026-11-22T08:30:00+06:00';
const FIRST = '2026-11-22T11:00:00+06:00'; // 09:00 closed at 08:00
const SECOND = '2026-11-22T15:00:00+06:00';
const CAPACITY = 5;

// Only Date is faked, before the app is built (its token verifier keeps the Date.now it is given).
let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  t = await createTestApp({ DELIVERY_SLOT_CAPACITY: String(CAPACITY) });
});
afterAll(() => {
  t.cleanup();
  vi.useRealTimers();
});
beforeEach(async () => {
  vi.setSystemTime(new Date(NOW));
  await t.db.execute('DELETE FROM orders');
});

const place = async (deliverySlot?: string) => {
  const body = { ...(await orderBody(t, customerA)), ...(deliverySlot === undefined ? {} : { deliverySlot }) };
  return t.call('POST', '/api/orders', {
    role: 'customerA',
    body,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
};
const placed = async (deliverySlot?: string) => {
  const res = await place(deliverySlot);
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
};
const offers = async () => (await (await t.call('GET', '/api/delivery-slots')).json()) as DeliverySlotOffer[];
const countIn = async (slot: string) =>
  Number((await t.db.execute({ sql: 'SELECT count(*) AS n FROM orders WHERE slot_id = ?', args: [slot] })).rows[0]?.n);

describe('GET /api/delivery-slots', () => {
  it('offers the open slots of today and the next 2 days with their remaining places, cacheable for a minute', async () => {
    await placed(SECOND);
    const res = await t.call('GET', '/api/delivery-slots');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    const slots = (await res.json()) as DeliverySlotOffer[];
    expect(slots).toHaveLength(4 + 5 + 5);
    expect(slots.slice(0, 2)).toEqual([
      {
        id: FIRST,
        start: FIRST,
        end: '2026-11-22T13:00:00+06:00',
        label: 'Sun 22 Nov, 11:00–13:00',
        remaining: CAPACITY,
      },
      {
        id: SECOND,
        start: SECOND,
        end: '2026-11-22T17:00:00+06:00',
        label: 'Sun 22 Nov, 15:00–17:00',
        remaining: CAPACITY - 1,
      },
    ]);
  });

  it('shows a full slot with 0 remaining', async () => {
    for (let i = 0; i < CAPACITY; i += 1) await placed(FIRST);
    expect((await offers())[0]).toMatchObject({ id: FIRST, remaining: 0 });
  });
});

describe('POST /api/orders: the delivery slot', () => {
  it('gives the slot asked for, stored with the order, without a flag', async () => {
    const order = await placed(SECOND);
    expect(order.deliverySlot).toEqual({
      id: SECOND,
      start: SECOND,
      end: '2026-11-22T17:00:00+06:00',
      label: 'Sun 22 Nov, 15:00–17:00',
    });
    expect(order).not.toHaveProperty('deliverySlotChanged');
    const mine = (await (
      await t.call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' })
    ).json()) as Order[];
    expect(mine[0]?.deliverySlot).toEqual(order.deliverySlot);
    expect(mine[0]?.statusHistory).toEqual([{ status: 'Pending', at: new Date(NOW).toISOString() }]);
  });

  it('gives the earliest free slot, without a flag, when none is asked for', async () => {
    for (let i = 0; i < CAPACITY; i += 1) await placed(FIRST);
    const order = await placed();
    expect(order.deliverySlot?.id).toBe(SECOND);
    expect(order).not.toHaveProperty('deliverySlotChanged');
  });

  it.each([
    ['past its cut-off (queued offline since yesterday)', '2026-11-22T09:00:00+06:00'],
    ['unknown', '2026-11-22T10:00:00+06:00'],
    ['not a slot at all', 'whenever'],
  ])('moves an order whose slot is %s to the earliest free one and says so — never a refusal', async (_why, slot) => {
    const order = await placed(slot);
    expect(order.deliverySlot?.id).toBe(FIRST);
    expect(order.deliverySlotChanged).toBe(true);
  });

  it('moves an order for a full slot, and a replay of it answers the same', async () => {
    for (let i = 0; i < CAPACITY; i += 1) await placed(FIRST);
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    const body = { ...(await orderBody(t, customerA)), deliverySlot: FIRST };
    const first = await t.call('POST', '/api/orders', { role: 'customerA', body, headers: key });
    const replay = await t.call('POST', '/api/orders', { role: 'customerA', body, headers: key });
    expect(first.status).toBe(201);
    const order = orderSchema.parse(await first.json());
    expect(order).toMatchObject({ deliverySlot: { id: SECOND }, deliverySlotChanged: true });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(order);
    expect(await countIn(FIRST)).toBe(CAPACITY);
  });

  it('takes exactly the last 3 places with 50 concurrent orders for them: the other 47 are moved, none refused, none lost', async () => {
    for (let i = 0; i < CAPACITY - 3; i += 1) await placed(FIRST);
    const answers = await Promise.all(Array.from({ length: 50 }, () => place(FIRST)));
    expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
    const orders = await Promise.all(answers.map(async (res) => orderSchema.parse(await res.json())));
    const kept = orders.filter((order) => order.deliverySlot?.id === FIRST);
    const moved = orders.filter((order) => order.deliverySlot?.id !== FIRST);
    expect(kept).toHaveLength(3);
    expect(kept.every((order) => order.deliverySlotChanged === undefined)).toBe(true);
    expect(moved).toHaveLength(47);
    expect(moved.every((order) => order.deliverySlotChanged === true && order.deliverySlot !== null)).toBe(true);
    // Every answer is an order that is stored, in the slot it says, and no slot is over capacity.
    const rows = (await t.db.execute('SELECT id, slot_id FROM orders')).rows;
    expect(rows).toHaveLength(CAPACITY - 3 + 50);
    const stored = new Map(rows.map((row) => [String(row.id), String(row.slot_id)]));
    expect(orders.every((order) => stored.get(order._id) === order.deliverySlot?.id)).toBe(true);
    const perSlot = (await t.db.execute('SELECT slot_id, count(*) AS n FROM orders GROUP BY slot_id ORDER BY slot_id'))
      .rows;
    expect(perSlot.every((row) => Number(row.n) <= CAPACITY)).toBe(true);
    // Moved orders fill the next slots in order: 47 = 9 full slots of 5 and 2 in the tenth.
    expect(perSlot.map((row) => Number(row.n))).toEqual([CAPACITY, ...Array(9).fill(CAPACITY), 2]);
  });
});

describe('POST /api/orders when every slot of 14 days is full', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ DELIVERY_SLOTS: '19:00-21:00', DELIVERY_SLOT_CAPACITY: '1' });
  });
  afterAll(() => small.cleanup());

  it('still takes the order, with no slot (the shop arranges delivery), flagged when one was asked for', async () => {
    const post = async (deliverySlot?: string) => {
      const body = { ...(await orderBody(small, customerA)), ...(deliverySlot ? { deliverySlot } : {}) };
      const res = await small.call('POST', '/api/orders', {
        role: 'customerA',
        body,
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      expect(res.status).toBe(201);
      return orderSchema.parse(await res.json());
    };
    // Today and 14 more days: 15 evening slots of one order each.
    const filled = [];
    for (let i = 0; i < 15; i += 1) filled.push((await post()).deliverySlot?.id);
    expect(filled[0]).toBe('2026-11-22T19:00:00+06:00');
    expect(filled[14]).toBe('2026-12-06T19:00:00+06:00');
    expect(await post('2026-11-23T19:00:00+06:00')).toMatchObject({ deliverySlot: null, deliverySlotChanged: true });
    expect(await post()).toMatchObject({ deliverySlot: null });
  });
});
