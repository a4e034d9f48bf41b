/**
 * Delivery over a real libSQL server (sqld over HTTP), whose own SQL parser sees every statement
 * first: a slot's capacity where concurrent orders really overlap between counting and
 * committing (50 orders at once for a slot's last 3 places), on both clients the API runs on;
 * and every list, filter and status change of Manage Orders. Skipped, with the reason, where
 * the sqld binary is not installed.
 */
import { createClient as createNodeClient } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app';
import { orderSchema, type Order } from '../contract/order';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import { customerA, orderBody } from '../testing/test-app';
import '../testing/test-logs'; // the apps' log lines are collected, not printed
import { emulatorToken, type TokenClaims } from '../testing/tokens';

const missing = sqldMissing();
const CAPACITY = 5;
const ADMIN = { uid: 'uid-sqld-admin', email: 'sqld.admin@example.test', name: 'Sqld Admin' };
const NOW = '2026-11-22T08:30:00+06:00';
const FIRST = '2026-11-22T11:00:00+06:00';
const clients = [
  { runtime: 'Node (@libsql/client)', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(
  `delivery slot capacity over sqld${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let t: SqldTestDb;
    beforeAll(async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date(NOW));
      t = await startSqldTestDb({ DELIVERY_SLOT_CAPACITY: String(CAPACITY), ADMIN_EMAILS: ADMIN.email });
    }, 30_000);
    afterAll(async () => {
      await t.stop();
      vi.useRealTimers();
    });

    it.each(clients)(
      'on $runtime: the last 3 places go to exactly 3 of 50 concurrent orders; 47 are moved, none refused, none lost',
      async ({ open }) => {
        await t.db.execute('DELETE FROM orders');
        const db = open(t.url);
        try {
          const app = createApp({ db, config: t.config });
          const post = async () =>
            app.request('/api/orders', {
              method: 'POST',
              headers: {
                'Content-Type': 'application/json',
                Authorization: `Bearer ${emulatorToken(customerA)}`,
                'Idempotency-Key': crypto.randomUUID(),
              },
              body: JSON.stringify({ ...(await orderBody(t, customerA)), deliverySlot: FIRST }),
            });
          for (let i = 0; i < CAPACITY - 3; i += 1) expect((await post()).status).toBe(201);
          const answers = await Promise.all(Array.from({ length: 50 }, post));
          expect(answers.map((res) => res.status)).toEqual(Array(50).fill(201));
          const orders = await Promise.all(answers.map(async (res) => orderSchema.parse(await res.json())));
          expect(orders.filter((order) => order.deliverySlot?.id === FIRST)).toHaveLength(3);
          expect(
            orders.filter(
              (order) => order.deliverySlotChanged === true && order.deliverySlot && order.deliverySlot.id !== FIRST,
            ),
          ).toHaveLength(47);
          const rows = (await t.db.execute('SELECT id, slot_id FROM orders')).rows;
          expect(rows).toHaveLength(CAPACITY - 3 + 50);
          const stored = new Map(rows.map((row) => [String(row.id), String(row.slot_id)]));
          expect(orders.every((order) => stored.get(order._id) === order.deliverySlot?.id)).toBe(true);
          const counts = (await t.db.execute('SELECT count(*) AS n FROM orders GROUP BY slot_id')).rows.map((row) =>
            Number(row.n),
          );
          expect(Math.max(...counts)).toBeLessThanOrEqual(CAPACITY);
        } finally {
          db.close();
        }
      },
      60_000,
    );

    it('serves Manage Orders over sqld: every filter, a later page, a search, the timeline and a status change', async () => {
      await t.db.execute('DELETE FROM orders');
      const app = createApp({ db: t.db, config: t.config });
      const call = (method: string, path: string, user: TokenClaims = ADMIN, body?: unknown) =>
        app.request(path, {
          method,
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${emulatorToken(user)}`,
            'Idempotency-Key': crypto.randomUUID(),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
      const placed: Order[] = [];
      for (let i = 0; i < 3; i += 1) {
        const res = await call('POST', '/api/orders', customerA, {
          ...(await orderBody(t, customerA)),
          deliverySlot: FIRST,
        });
        placed.push(orderSchema.parse(await res.json()));
      }
      expect(
        (await call('PUT', `/api/orders/update/${placed[0]?._id}`, ADMIN, { orderStatus: 'Approved' })).status,
      ).toBe(200);
      expect(
        (await call('PUT', `/api/orders/update/${placed[0]?._id}`, ADMIN, { orderStatus: 'Delivered' })).status,
      ).toBe(409);
      const ids = async (path: string, user: TokenClaims = ADMIN) => {
        const res = await call('GET', path, user);
        expect(res.status).toBe(200);
        return { ids: ((await res.json()) as Array<{ _id: string }>).map((o) => o._id), link: res.headers.get('Link') };
      };
      // The clock is frozen: one created_at, so newest first is by id, descending.
      const newestFirst = placed
        .map((o) => o._id)
        .sort()
        .reverse();
      expect((await ids('/api/orders')).ids).toEqual(newestFirst);
      expect((await ids('/api/orders?status=Approved')).ids).toEqual([placed[0]?._id]);
      expect((await ids(`/api/orders?slot=${encodeURIComponent(FIRST)}`)).ids).toEqual(newestFirst);
      expect((await ids('/api/orders?q=ASHA')).ids).toEqual(newestFirst);
      expect((await ids(`/api/orders?email=${customerA.email}`, customerA)).ids).toEqual(newestFirst);
      const first = await ids('/api/orders?limit=2');
      const next = /^<([^>]+)>/.exec(first.link ?? '')?.[1] ?? '';
      expect([...first.ids, ...(await ids(next)).ids]).toEqual(newestFirst);
      const mine = (await (await call('GET', `/api/orders?email=${customerA.email}`, customerA)).json()) as Array<{
        _id: string;
        statusHistory: Array<{ status: string }>;
      }>;
      expect(mine.find((o) => o._id === placed[0]?._id)?.statusHistory.map((c) => c.status)).toEqual([
        'Pending',
        'Approved',
      ]);
      // The order details page reads one order (GET /api/orders/:id), with the same timeline.
      const one = await call('GET', `/api/orders/${placed[0]?._id}`, customerA);
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual(mine.find((o) => o._id === placed[0]?._id));
      expect((await call('GET', '/api/delivery-slots')).status).toBe(200);
    }, 60_000);
  },
);
