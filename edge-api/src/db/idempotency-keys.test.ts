/**
 * Personal data in stored idempotent answers: an order's answer holds the shopper's
 * phone and address, so it is dropped in the same write as the order's cancel, and every key
 * goes after QUEUED_WRITE_MAX_DAYS (7) days — while a retry of a cancelled order is still told
 * it is gone, never placed again.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { QUEUED_WRITE_MAX_DAYS } from '../contract/outbox-answer';
import { orderSchema } from '../contract/order';
import { createTestApp, customerA, orderBody, type Role, type TestApp } from '../testing/test-app';
import { SAMPLE_CONTACT } from '../testing/order-fixture';
import { readKey } from './idempotency-keys';
import { recordRefund } from './order-payments';

const NOW = new Date('2026-11-22T08:30:00+06:00').getTime();
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// Only Date is faked, before the app is built (the sweep and the tokens read Date.now).
let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  t = await createTestApp();
});
afterAll(() => {
  t.cleanup();
  vi.useRealTimers();
});
beforeEach(() => {
  vi.setSystemTime(NOW);
});

/** Places customer A's sample order under `key`; returns the answer. */
const place = async (key: string) =>
  t.call('POST', '/api/orders', {
    role: 'customerA',
    body: await orderBody(t, customerA, 1),
    headers: { 'Idempotency-Key': key },
  });
const orderCount = async () => Number((await t.db.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n);
const storedAnswer = async (key: string) => (await readKey(t.db, customerA.uid, key))?.responseBody;

describe('an order’s stored answer', () => {
  it.each<[string, Role]>([
    ['cancelled by its owner', 'customerA'],
    ['deleted by an admin', 'admin'],
  ])('is gone once the order is %s; a retry is told the order is gone, not placed again', async (_, role) => {
    const key = crypto.randomUUID();
    const order = orderSchema.parse(await (await place(key)).json());
    expect(await storedAnswer(key)).toContain(SAMPLE_CONTACT.address);
    const cancel = await t.call('DELETE', `/api/orders/${order._id}`, { role });
    expect(await cancel.json()).toEqual({ deletedCount: 1, cancelledCount: 0 });

    const stored = (await storedAnswer(key)) ?? '';
    expect(stored).not.toContain(SAMPLE_CONTACT.phone);
    expect(stored).not.toContain(SAMPLE_CONTACT.address);
    expect(stored).not.toContain(customerA.email);
    const before = await orderCount();
    const retry = await place(key);
    expect(retry.status).toBe(404);
    expect(await retry.json()).toEqual({ error: { code: 'not_found', message: 'This order was cancelled.' } });
    expect(await orderCount()).toBe(before);
  });

  it('is gone once a paid order is refunded and kept as Cancelled', async () => {
    const key = crypto.randomUUID();
    const order = orderSchema.parse(await (await place(key)).json());
    await t.db.execute({ sql: "UPDATE orders SET payment_status = 'paid' WHERE id = ?", args: [order._id] });
    expect(await recordRefund(t.db, order._id, null)).toBe(true);

    const stored = (await storedAnswer(key)) ?? '';
    expect(stored).not.toContain(SAMPLE_CONTACT.phone);
    expect(stored).not.toContain(SAMPLE_CONTACT.address);
    const kept = await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(await kept.json()).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('stays while a cancel is refused (the order is kept)', async () => {
    const key = crypto.randomUUID();
    const order = orderSchema.parse(await (await place(key)).json());
    await t.call('PUT', `/api/orders/update/${order._id}`, { role: 'admin', body: { orderStatus: 'Approved' } });
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' })).status).toBe(409);
    const retry = await place(key);
    expect(retry.status).toBe(201);
    expect(orderSchema.parse(await retry.json())).toMatchObject({ _id: order._id, phone: SAMPLE_CONTACT.phone });
  });

  it('leaves the answers of the shopper’s other orders alone', async () => {
    const kept = crypto.randomUUID();
    const gone = crypto.randomUUID();
    await place(kept);
    const order = orderSchema.parse(await (await place(gone)).json());
    await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(await storedAnswer(kept)).toContain(SAMPLE_CONTACT.address);
  });
});

describe('stored keys', () => {
  it(`are kept ${QUEUED_WRITE_MAX_DAYS} days — as long as a phone's outbox retries — and then dropped`, async () => {
    expect(QUEUED_WRITE_MAX_DAYS).toBe(7);
    const old = crypto.randomUUID();
    expect((await place(old)).status).toBe(201);
    // The sweep runs at most hourly, on a write: an hour before the 7 days are up, the key stays…
    vi.setSystemTime(NOW + 7 * DAY - HOUR);
    const newer = crypto.randomUUID();
    expect((await place(newer)).status).toBe(201);
    expect(await storedAnswer(old)).toContain(SAMPLE_CONTACT.phone);
    // …and the first write after them drops it, with its phone and address; the newer key stays.
    vi.setSystemTime(NOW + 7 * DAY + 1000);
    expect((await place(crypto.randomUUID())).status).toBe(201);
    expect(await storedAnswer(old)).toBeUndefined();
    expect(await storedAnswer(newer)).toContain(SAMPLE_CONTACT.phone);
  });
});
