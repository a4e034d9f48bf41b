/**
 * The real Node server (`node --import tsx edge-api/src/node.ts --api-only`) on a libSQL file,
 * SIGKILLed while 20 shoppers place orders back to back, then started again: every key is
 * retried, and each time no order is lost or duplicated and every retry succeeds within 5 s.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { checkOrderBooks, placeOrder, sendTo, type OrderOutcome, type OrderRequest } from '../testing/order-client';
import { apiServer, type Restartable } from '../testing/processes';
import { orderBody } from '../testing/test-app';
import { createTestDb, type TestDb } from '../testing/test-db';
import { emulatorToken } from '../testing/tokens';

const shoppers = Array.from({ length: 20 }, (_, i) => ({
  uid: `uid-crash-${i}`,
  email: `crash${i}@example.test`,
  name: `Crash Shopper ${i}`,
}));

let t: TestDb;
let server: Restartable;
beforeAll(async () => {
  t = await createTestDb();
  server = await apiServer(t.url);
});
afterAll(async () => {
  await server.stop();
  t.cleanup();
});

it('SIGKILLed mid-write and restarted, twice: every order retried is placed once, within 5 s', async () => {
  const send = sendTo(server.url);
  const orders: OrderRequest[] = [];
  const outcomes: OrderOutcome[] = [];
  await server.start();
  for (const round of [1, 2]) {
    let stopping = false;
    let answered = 0;
    // Each shopper places orders back to back, one try each, until the server is gone.
    const load = shoppers.map(async (user) => {
      const token = emulatorToken(user);
      const body = await orderBody(t, user);
      while (!stopping) {
        const order = { key: crypto.randomUUID(), token, body };
        orders.push(order);
        const outcome = await placeOrder(send, order, { backoffMs: 0, giveUpAt: 0 });
        outcomes.push(outcome);
        if (outcome.status === 'network') return outcome.startedAt;
        answered += 1;
      }
      return undefined;
    });
    const firstAnswers = answered + 30;
    while (answered < firstAnswers) await new Promise((resolve) => setTimeout(resolve, 10));
    stopping = true;
    const killedAt = Date.now();
    await server.kill();
    const cut = (await Promise.all(load)).filter((startedAt) => startedAt !== undefined && startedAt < killedAt);
    expect(cut.length, `round ${round}: requests in flight when the server was killed`).toBeGreaterThan(0);

    await server.start();
    const readyAt = Date.now();
    const retries = await Promise.all(
      orders.map((order) => placeOrder(send, order, { backoffMs: 100, giveUpAt: readyAt + 5_000 })),
    );
    outcomes.push(...retries);
    const books = await checkOrderBooks(
      t.db,
      shoppers.map((s) => s.uid),
      outcomes,
    );
    expect({
      notPlaced: retries.filter((r) => r.status !== 201).map((r) => r.status),
      slowRetries: retries.filter((r) => r.answeredAt - readyAt >= 5_000).length,
      ...books,
    }).toEqual({
      notPlaced: [],
      slowRetries: 0,
      lost: 0,
      duplicates: 0,
      answersDisagree: 0,
      ordersInDb: orders.length,
      acknowledged: orders.length,
    });
  }
}, 90_000);
