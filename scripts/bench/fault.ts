/**
 * Figure 8 (bench/README.md): orders while the database fails. The Node server (`node.ts
 * --api-only`) over sqld; 50 shoppers place 1,000 orders, each with its own Idempotency-Key,
 * retrying as the PWA's outbox does (network error, 409, 429, 5xx) after a short backoff, while
 * sqld is SIGKILLed every 2 s and started again 0.5 s later. Reported: orders lost and
 * duplicated (rows in `orders` against the keys acknowledged), the slowest order's wait after
 * the database came back, and the statuses the shoppers saw.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { openDatabase } from '../../edge-api/src/db/client';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { listProducts } from '../../edge-api/src/db/products';
import {
  checkOrderBooks,
  placeOrder,
  sendTo,
  slowestWaitAfterRecovery,
  type Attempt,
  type OrderOutcome,
} from '../../edge-api/src/testing/order-client';
import { apiServer, killRepeatedly, sqldMissing, sqldServer, type Outage } from '../../edge-api/src/testing/processes';
import { emulatorToken } from '../../edge-api/src/testing/tokens';
import { benchOrderBody } from './orders';
import { ms, type Figure } from './report';

const SHOPPERS = 50;
const ORDERS_EACH = 20;
/** sqld runs this long between kills, and stays down this long (ms). */
const UP_MS = 2_000;
const DOWN_MS = 500;
/** A shopper's wait before a retry, and the most it waits between two orders (ms). */
const BACKOFF_MS = 200;
const MAX_THINK_MS = 1_000;
const WAIT_BUDGET_MS = 5_000;

const NAMES = {
  books: 'Orders while sqld is SIGKILLed every 2 s: lost and duplicated',
  wait: 'Orders while sqld is SIGKILLed: slowest wait after the database came back',
  statuses: 'Orders while sqld is SIGKILLed: failed tries by status',
};

/** `counts` as "503 ×12, network ×3" (most first), or "none". */
const tally = (counts: Map<string, number>) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([status, n]) => `${status} ×${n}`)
    .join(', ') || 'none';

/** Each failed try's status, counted apart for tries answered during an outage (killed → answering again) and after. */
function failedTries(attempts: readonly Attempt[], outages: readonly Outage[]) {
  const during = new Map<string, number>();
  const otherwise = new Map<string, number>();
  for (const { at, status } of attempts) {
    if (typeof status === 'number' && status < 400) continue;
    const counts = outages.some((o) => at >= o.killedAt && at <= o.backAt) ? during : otherwise;
    counts.set(String(status), (counts.get(String(status)) ?? 0) + 1);
  }
  return { during, otherwise };
}

/** Figure 8: its own sqld and Node server in a temp folder. @returns the three figures (one report-only figure when sqld is missing). */
export async function measureFaults(): Promise<Figure[]> {
  const missing = sqldMissing();
  if (missing) return [{ name: NAMES.books, value: `not measured: ${missing}`, budget: 'report', pass: null }];
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-fault-'));
  const sqld = await sqldServer(dir);
  let server: Awaited<ReturnType<typeof apiServer>> | undefined;
  let db: Client | undefined;
  try {
    await sqld.start();
    db = await openDatabase(sqld.url);
    await prepareDatabase(db);
    const products = (await listProducts(db)).map((p) => p._id);
    server = await apiServer(sqld.url);
    await server.start();
    const send = sendTo(server.url);

    const shoppers = Array.from({ length: SHOPPERS }, (_, i) => ({
      uid: `uid-fault-${i}`,
      email: `fault.shopper${i}@example.test`,
      name: `Fault Shopper ${i}`,
    }));
    const attempts: Attempt[] = [];
    const outcomes: OrderOutcome[] = [];
    const startedAt = Date.now();
    const chaos = killRepeatedly(sqld, { upMs: UP_MS, downMs: DOWN_MS });
    try {
      await Promise.all(
        shoppers.map(async (user) => {
          const order = { token: emulatorToken(user), body: benchOrderBody(user.email, products) };
          for (let i = 0; i < ORDERS_EACH; i += 1) {
            await new Promise((resolve) => setTimeout(resolve, Math.random() * MAX_THINK_MS));
            const giveUpAt = Date.now() + 120_000;
            outcomes.push(
              await placeOrder(
                send,
                { ...order, key: crypto.randomUUID() },
                { backoffMs: BACKOFF_MS, giveUpAt, onAttempt: (a) => attempts.push(a) },
              ),
            );
          }
        }),
      );
    } finally {
      await chaos.stop();
    }
    const durationMs = Date.now() - startedAt;
    const outages = chaos.outages;
    const books = await checkOrderBooks(
      db,
      shoppers.map((s) => s.uid),
      outcomes,
    );
    const placed = outcomes.filter((o) => o.status === 201).length;
    const slowest = slowestWaitAfterRecovery(
      outcomes,
      outages.map((o) => o.restartedAt),
    );
    const { during, otherwise } = failedTries(attempts, outages);
    const saw500 = (during.get('500') ?? 0) + (otherwise.get('500') ?? 0);
    const run = {
      orders: outcomes.length,
      placed,
      tries: attempts.length,
      durationMs,
      outages: outages.length,
      downMs: outages.map((o) => o.backAt - o.killedAt),
    };
    return [
      {
        name: NAMES.books,
        value: `${books.lost} lost, ${books.duplicates} duplicated (${books.acknowledged} acknowledged, ${books.ordersInDb} rows; ${outages.length} outages)`,
        budget: `0 lost, 0 duplicated, all ${SHOPPERS * ORDERS_EACH} placed`,
        pass:
          books.lost === 0 &&
          books.duplicates === 0 &&
          books.answersDisagree === 0 &&
          placed === SHOPPERS * ORDERS_EACH,
        data: { books, run },
      },
      {
        name: NAMES.wait,
        value: ms(slowest),
        budget: `≤ ${ms(WAIT_BUDGET_MS)}`,
        pass: slowest <= WAIT_BUDGET_MS,
        data: { slowestMs: slowest, outages },
      },
      {
        name: NAMES.statuses,
        value: `during outages: ${tally(during)}; otherwise: ${tally(otherwise)}`,
        budget: 'no 500 (503 database_unavailable)',
        pass: saw500 === 0,
        data: { during: Object.fromEntries(during), otherwise: Object.fromEntries(otherwise) },
      },
    ];
  } finally {
    db?.close();
    await server?.stop();
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
