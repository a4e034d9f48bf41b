/**
 * Idempotent writes over a real libSQL server (sqld, Hrana over HTTP) with both clients the API
 * runs on: `@libsql/client` (Node) and `@libsql/client/web` (Workers). Same-key races, a guard,
 * and sqld SIGKILLed and restarted while shoppers place orders with retries.
 * Skipped, with the reason, where the sqld binary is not installed.
 */
import { createClient as createNodeClient, type Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { oneReviewEachApp } from '../testing/guarded-route';
import {
  checkOrderBooks,
  placeOrder,
  slowestWaitAfterRecovery,
  type OrderOutcome,
  type Send,
} from '../testing/order-client';
import { killRepeatedly, sqldMissing, type Restartable } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import { orderBody } from '../testing/test-app';
import '../testing/test-logs'; // the apps' log lines are collected, not printed
import { emulatorToken } from '../testing/tokens';

const missing = sqldMissing();
const clients = [
  { runtime: 'Node (@libsql/client)', tag: 'node', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', tag: 'web', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(`idempotent orders over sqld${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let sqld: Restartable;
  let t: SqldTestDb;
  beforeAll(async () => {
    t = await startSqldTestDb();
    sqld = t.sqld;
  }, 30_000);
  afterAll(async () => {
    await t.stop();
  });

  describe.each(clients)('on $runtime', ({ tag, open }) => {
    let db: Client;
    let send: Send;
    beforeAll(() => {
      db = open(sqld.url);
      const app = createApp({ db, config: t.config });
      send = (path, init) => Promise.resolve(app.request(path, init));
    });
    afterAll(() => db.close());
    const shopper = (i: number) => ({
      uid: `uid-sqld-${tag}-${i}`,
      email: `sqld-${tag}-${i}@example.test`,
      name: `Sqld Shopper ${i}`,
    });

    it('makes one order from 10 concurrent requests with one key, and replays it', async () => {
      const user = shopper(0);
      const order = { key: crypto.randomUUID(), token: emulatorToken(user), body: await orderBody(t, user) };
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () => placeOrder(send, order, { backoffMs: 0, giveUpAt: 0 })),
      );
      expect(outcomes.every((o) => o.status === 201 || o.status === 409)).toBe(true);
      const replay = await placeOrder(send, order, { backoffMs: 50, giveUpAt: Date.now() + 5_000 });
      expect(replay).toMatchObject({ status: 201, replayed: true });
      expect(await checkOrderBooks(t.db, [user.uid], [...outcomes, replay])).toMatchObject({
        lost: 0,
        duplicates: 0,
        answersDisagree: 0,
        ordersInDb: 1,
      });
    });

    it('rolls back a write whose guard fails and stores the guard’s answer', async () => {
      const guarded = oneReviewEachApp(db);
      const user = `uid-guard-${tag}`;
      const post = (key: string) =>
        guarded.request('/api/one-review', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Test-User': user },
          body: '{"review":"ok"}',
        });
      expect((await post(crypto.randomUUID())).status).toBe(201);
      const key = crypto.randomUUID();
      expect((await post(key)).status).toBe(409);
      const replay = await post(key);
      expect([replay.status, replay.headers.get('Idempotent-Replayed')]).toEqual([409, 'true']);
      expect(
        (await t.db.execute({ sql: 'SELECT count(*) AS n FROM reviews WHERE user_id = ?', args: [user] })).rows[0]?.n,
      ).toBe(1);
    });

    it('answers 503 while sqld is SIGKILLed and restarted, loses and duplicates nothing, and places every order within 5 s of sqld coming back', async () => {
      const users = Array.from({ length: 20 }, (_, i) => shopper(i + 1));
      const chaos = killRepeatedly(sqld, { upMs: 400, downMs: 300 });
      const giveUpAt = Date.now() + 60_000;
      const outcomes: OrderOutcome[] = [];
      const failedStatuses: Array<number | 'network'> = [];
      await Promise.all(
        users.map(async (user) => {
          const token = emulatorToken(user);
          const body = await orderBody(t, user);
          for (let i = 0; i < 8; i += 1) {
            const outcome = await placeOrder(
              send,
              { key: crypto.randomUUID(), token, body },
              { backoffMs: 100, giveUpAt, onAttempt: (a) => a.status !== 201 && failedStatuses.push(a.status) },
            );
            outcomes.push(outcome);
          }
        }),
      );
      await chaos.stop();
      expect(chaos.outages.length).toBeGreaterThan(0);
      // The shoppers saw the outages as 503 database_unavailable, never 500.
      expect(failedStatuses.length).toBeGreaterThan(0);
      expect(failedStatuses.filter((status) => status !== 503)).toEqual([]);
      const slowestWaitMs = slowestWaitAfterRecovery(
        outcomes,
        chaos.outages.map((o) => o.restartedAt),
      );
      expect(slowestWaitMs).toBeLessThanOrEqual(5_000);
      const books = await checkOrderBooks(
        t.db,
        users.map((u) => u.uid),
        outcomes,
      );
      expect({ notPlaced: outcomes.filter((o) => o.status !== 201).map((o) => o.status), ...books }).toEqual({
        notPlaced: [],
        lost: 0,
        duplicates: 0,
        answersDisagree: 0,
        acknowledged: outcomes.length,
        ordersInDb: outcomes.length,
      });
    }, 90_000);
  });
});
