/**
 * Figures 5, 7 and 10 (bench/README.md): `POST /api/orders` at 200 connections for 30 s on its
 * own server (distinct Idempotency-Keys, emulator tokens) against plain libSQL batches of the
 * same rows, with `GET /api/products` at 200 connections against bare `node:http`;
 * `GET /api/orders?email=` p99 with 1k and with 100k orders in the database; orders for counted
 * stock against orders for products not counted, and orders checked against an area and a quote
 * against orders that are not.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Client, InStatement } from '@libsql/client';
import { decodeJwt } from 'jose';
import type { DeliveryArea } from '../../edge-api/src/contract/delivery-area';
import type { Order, OrderInput } from '../../edge-api/src/contract/order';
import { priceCart } from '../../edge-api/src/contract/pricing';
import { openDatabase } from '../../edge-api/src/db/client';
import { insertAnsweredKeyStatement } from '../../edge-api/src/db/idempotency-keys';
import { insertOrderStatements } from '../../edge-api/src/db/orders';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { listProducts } from '../../edge-api/src/db/products';
import { deliverySlot, type TimedSlot } from '../../edge-api/src/delivery/slots';
import { orderInput } from '../../edge-api/src/testing/order-fixture';
import { apiServer } from '../../edge-api/src/testing/processes';
import { emulatorToken } from '../../edge-api/src/testing/tokens';
import { load, loadWithWarmup, startBareServer, type LoadResult } from './load';
import { kib, median, ms, pct, type Figure } from './report';

export type Shopper = { email: string; token: string };

/** The bench shopper's details, in the API's orders and the plain inserts alike (figure 5 compares the same rows). */
const BENCH_CONTACT = {
  customerName: 'Bench Shopper',
  phone: '+8801711000000',
  address: 'Road 27, Dhanmondi',
} as const;

/**
 * A valid `POST /api/orders` body (the sample order of order-fixture.ts with {@link BENCH_CONTACT})
 * for `email`: the first two of `productIds`, 1 kg each (the server prices it), cash on delivery.
 */
export const benchOrderBody = (email: string, productIds: readonly string[]): OrderInput =>
  orderInput({
    ...BENCH_CONTACT,
    email,
    orderedProduct: productIds.slice(0, 2).map((_id) => ({ _id, cartQuantity: 1 })),
    paymentMethod: 'cod',
  });

/**
 * The rows one order writes (its idempotency key with the answer, the order and its first
 * timeline entry, in `slot` or none), with the API's own statements; `now` is epoch ms.
 */
export function orderRows(email: string, n: number, now: number, slot: TimedSlot | null = null): InStatement[] {
  const id = `plain-${n}-${now}`;
  const userId = `uid-${email}`;
  const order: Order = {
    _id: id,
    ...BENCH_CONTACT,
    email,
    areaId: 'dhanmondi',
    shipping: 40,
    orderStatus: 'Pending',
    totalAmount: 150,
    maxAmount: 150,
    orderDate: '21/11/2026',
    orderedProduct: [],
    paymentMethod: 'cod',
    paymentStatus: 'unpaid',
    createdAt: new Date(now).toISOString(),
    statusHistory: [{ status: 'Pending', at: new Date(now).toISOString() }],
    deliverySlot: slot && deliverySlot(slot.startMs, slot.endMs),
  };
  return [
    insertAnsweredKeyStatement(userId, id, 'hash', 201, JSON.stringify(order), now),
    ...insertOrderStatements(order, userId, slot),
  ];
}

/**
 * Plain libSQL: one write batch per order, back to back on one connection, for `durationS`;
 * orders/s. SQLite runs one writer at a time anyway, so this is the most a writer gets.
 * `rowsFor` makes order `n`'s statements at `now` (epoch ms), by default {@link orderRows}.
 */
export async function plainInserts(
  db: Client,
  email: string,
  durationS: number,
  rowsFor: (n: number, now: number) => Promise<InStatement[]> = async (n, now) => orderRows(email, n, now),
): Promise<number> {
  const end = Date.now() + durationS * 1000;
  let done = 0;
  while (Date.now() < end) {
    await db.batch(await rowsFor(done, Date.now()), 'write');
    done += 1;
  }
  return done / durationS;
}

/**
 * Plain batches' orders/s on `databaseUrl` for `seconds`, measured by plain-writer.ts in a process
 * of its own: @libsql/client as it comes, untouched by the API's client this process opened.
 */
async function plainWriterRate(databaseUrl: string, seconds: number): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench/plain-writer.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl, SECONDS: String(seconds) },
  });
  return (JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { ordersPerSecond: number }).ordersPerSecond;
}

/** How `POST /api/orders` is loaded: connections, measured seconds and warm-up seconds. */
export type OrderLoad = { connections: number; durationS: number; warmupS?: number };

/** Figures 9 and 10's load: 20 connections for 10 s after a 2 s warm-up. */
const SMALL_ORDER_LOAD: OrderLoad = { connections: 20, durationS: 10 };

/**
 * `POST /api/orders` under `how` (by default 20 connections for 10 s after a 2 s warm-up), every
 * request a new Idempotency-Key, the `shoppers` in turn, two of `productIds` per order; `body`
 * fields replace the sample order's (another area, quoted prices…).
 * @returns the measured run and the warm-up's (whose orders are stored too).
 */
async function postOrdersWithWarmup(
  baseUrl: string,
  shoppers: readonly Shopper[],
  productIds: readonly string[],
  how: OrderLoad = SMALL_ORDER_LOAD,
  body: Partial<OrderInput> = {},
): Promise<{ warmup: LoadResult; measured: LoadResult }> {
  let n = 0;
  return loadWithWarmup({
    url: `${baseUrl}/api/orders`,
    method: 'POST',
    ...how,
    setupRequest: (request) => {
      const shopper = shoppers[n % shoppers.length] as Shopper;
      n += 1;
      return {
        ...request,
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${shopper.token}`,
          'Idempotency-Key': crypto.randomUUID(),
        },
        body: JSON.stringify({ ...benchOrderBody(shopper.email, productIds), ...body }),
      };
    },
  });
}

/** {@link postOrdersWithWarmup}'s measured run. */
export async function postOrders(
  baseUrl: string,
  shoppers: readonly Shopper[],
  productIds: readonly string[],
  how: OrderLoad = SMALL_ORDER_LOAD,
  body: Partial<OrderInput> = {},
): Promise<LoadResult> {
  return (await postOrdersWithWarmup(baseUrl, shoppers, productIds, how, body)).measured;
}

/** Figure 5's load: 200 shoppers at once for 30 s, after a 2 s warm-up. */
const ORDER_LOAD: OrderLoad = { connections: 200, durationS: 30 };
/** Figure 5's budgets: p99 (ms) and the share of the plain batches' rate. */
const ORDER_P99_MS = 1000;
const ORDER_MIN_RATIO = 0.4;
/** GET /api/products at 200 connections: rounds of each server (API, bare, bare, API…) and their length (s). */
const PRODUCTS_ROUNDS = 2;
const PRODUCTS_ROUND_S = 5;

/** Orders and idempotency keys of the accounts whose uid starts `uid-bench-`, stored now. */
async function benchRows(db: Client): Promise<{ orders: number; keys: number }> {
  const { rows } = await db.execute(`SELECT
      (SELECT count(*) FROM orders WHERE user_id LIKE 'uid-bench-%') AS orders,
      (SELECT count(*) FROM idempotency_keys WHERE user_id LIKE 'uid-bench-%' AND status_code = 201) AS keys`);
  return { orders: Number(rows[0]?.orders), keys: Number(rows[0]?.keys) };
}

/**
 * `GET /api/products` at 200 connections against the bare `node:http` server sending the same
 * bytes: {@link PRODUCTS_ROUNDS} rounds of each, alternating (API, bare, bare, API), 1 s warm-up
 * and {@link PRODUCTS_ROUND_S} s each, so a burst of other load falls on both; the medians, and
 * every round's rate so the spread (noise) shows.
 */
async function productsAt200(baseUrl: string, dir: string): Promise<Figure> {
  const url = `${baseUrl}/api/products`;
  const first = await fetch(url);
  const body = new Uint8Array(await first.arrayBuffer());
  const bodyFile = join(dir, 'catalogue.json');
  writeFileSync(bodyFile, body);
  const bare = await startBareServer(bodyFile, [...first.headers.entries()]);
  const rounds: Record<'api' | 'bare', LoadResult[]> = { api: [], bare: [] };
  try {
    const how = { connections: 200, durationS: PRODUCTS_ROUND_S, warmupS: 1 };
    for (let i = 0; i < PRODUCTS_ROUNDS; i += 1)
      for (const which of i % 2 ? (['bare', 'api'] as const) : (['api', 'bare'] as const))
        rounds[which].push(await load({ ...how, url: which === 'api' ? url : bare.url }));
  } finally {
    await bare.child.stop();
  }
  const api = median(rounds.api.map((r) => r.rps));
  const plain = median(rounds.bare.map((r) => r.rps));
  const ratio = api / plain;
  const spread = (results: LoadResult[]) => results.map((r) => r.rps.toFixed(0)).join(', ');
  const products = (JSON.parse(new TextDecoder().decode(body)) as unknown[]).length;
  return {
    name: 'GET /api/products (200) at 200 connections: throughput vs bare node:http',
    value: `${api.toFixed(0)} vs ${plain.toFixed(0)} req/s (${pct(ratio)}; rounds ${spread(rounds.api)} vs ${spread(rounds.bare)}; ${products} products, ${kib(body.length)})`,
    budget: `≥ ${pct(0.7)} of bare`,
    pass: ratio >= 0.7 && [...rounds.api, ...rounds.bare].every((r) => r.non2xx === 0 && r.errors === 0),
    data: { rounds, products, bytes: body.length },
  };
}

/**
 * Figure 5 on its own server (`node.ts --api-only` over a fresh migrated, seeded libSQL file,
 * emulator tokens of 20 accounts, write limits lifted): `GET /api/products` at 200 connections
 * against bare `node:http`; `POST /api/orders` at {@link ORDER_LOAD} (200 connections, 30 s)
 * with every order checked stored once; then plain libSQL write batches of the same rows, back to
 * back, for 10 s on the same file, through @libsql/client as it comes (plain-writer.ts). @returns
 * its figures.
 */
export async function measureOrderWrites(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-orders-'));
  const databaseUrl = `file:${join(dir, 'shop.db')}`;
  const db = await openDatabase(databaseUrl);
  const server = await apiServer(databaseUrl);
  try {
    await prepareDatabase(db);
    await server.start();
    const shoppers = Array.from({ length: 20 }, (_, i) => {
      const user = { uid: `uid-bench-${i}`, email: `bench.shopper${i}@example.test`, name: `Bench ${i}` };
      return { email: user.email, token: emulatorToken(user) };
    });
    const products = (await listProducts(db)).map((p) => p._id);
    const catalogue = await productsAt200(server.url, dir);
    const { warmup, measured: api } = await postOrdersWithWarmup(server.url, shoppers, products, ORDER_LOAD);
    // Every acknowledged order is stored, and once: one order row per 201 key row; a few more
    // than acknowledged at most (requests in flight when autocannon stopped still commit).
    const stored = await benchRows(db);
    const acknowledged = warmup.ok + api.ok;
    const once =
      stored.orders === stored.keys &&
      stored.orders >= acknowledged &&
      stored.orders <= acknowledged + 2 * ORDER_LOAD.connections;
    const plain = await plainWriterRate(databaseUrl, 10);
    const ratio = api.rps / plain;
    const clean = api.non2xx === 0 && api.errors === 0 && warmup.non2xx === 0 && warmup.errors === 0;
    return [
      catalogue,
      {
        name: `POST /api/orders at ${ORDER_LOAD.connections} connections for ${ORDER_LOAD.durationS} s`,
        value: `${api.rps.toFixed(0)} orders/s, p50 ${ms(api.p50)}, p99 ${ms(api.p99)}, ${api.errors} errors or timeouts (> 10 s), ${api.non2xx} not 2xx (${stored.orders} stored for ${acknowledged} acknowledged)`,
        budget: `p99 ≤ ${ms(ORDER_P99_MS)}, no errors, each order stored once`,
        pass: clean && once && api.p99 <= ORDER_P99_MS,
        data: { api, warmup, stored, acknowledged },
      },
      {
        name: 'POST /api/orders vs plain libSQL batches of the same rows',
        value: `${api.rps.toFixed(0)} vs ${plain.toFixed(0)} orders/s (${pct(ratio)})`,
        budget: `≥ ${pct(ORDER_MIN_RATIO)} of plain`,
        pass: ratio >= ORDER_MIN_RATIO,
        data: { plain },
      },
    ];
  } finally {
    await server.stop();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Replaces all orders with `total` orders, 10 of them the account `uid`'s (with its `email`), the
 * rest spread over 1,000 others: the API finds a shopper's orders by account (DESIGN.md §3).
 */
async function setOrderCount(db: Client, total: number, uid: string, email: string): Promise<void> {
  await db.execute('DELETE FROM orders');
  await db.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
          INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, payment_method, payment_status, created_at)
          SELECT 'scale-' || i, CASE WHEN i % (? / 10) = 0 THEN ? ELSE 'other-' || (i % 1000) END, 'Bench Shopper',
                 CASE WHEN i % (? / 10) = 0 THEN ? ELSE 'other' || (i % 1000) || '@example.test' END,
                 '01711000000', 'Dhanmondi 27, Dhaka', 'Pending', 150, '21/11/2026', '[]', 'cod', 'unpaid', 1700000000000 + i FROM n`,
    args: [total, total, uid, total, email],
  });
}

/** Figure 7: two interleaved rounds per size, the median p99 of each size. */
export async function measureOrderScale(baseUrl: string, databaseUrl: string, shopper: Shopper): Promise<Figure[]> {
  const db = await openDatabase(databaseUrl);
  const uid = decodeJwt(shopper.token).sub;
  if (!uid) throw new Error('the bench shopper’s ID token has no sub (uid)');
  const p99s: Record<number, number[]> = { 1000: [], 100000: [] };
  try {
    for (const round of [1000, 100000, 1000, 100000]) {
      await setOrderCount(db, round, uid, shopper.email);
      const mine = (await (
        await fetch(`${baseUrl}/api/orders?email=${encodeURIComponent(shopper.email)}`, {
          headers: { Authorization: `Bearer ${shopper.token}` },
        })
      ).json()) as unknown[];
      if (mine.length !== 10) throw new Error(`expected 10 orders for the shopper, got ${mine.length}`);
      const result = await load({
        url: `${baseUrl}/api/orders?email=${encodeURIComponent(shopper.email)}`,
        connections: 10,
        durationS: 5,
        headers: { Authorization: `Bearer ${shopper.token}` },
      });
      p99s[round]?.push(result.p99);
    }
  } finally {
    db.close();
  }
  const small = median(p99s[1000] ?? []);
  const large = median(p99s[100000] ?? []);
  const ratio = large / Math.max(small, 1);
  return [
    {
      name: 'GET /api/orders?email= p99: 100k vs 1k orders in the database',
      value: `${ms(large)} vs ${ms(small)} (${ratio.toFixed(2)}×)`,
      budget: '≤ 1.2×',
      pass: ratio <= 1.2,
      data: { p99s },
    },
  ];
}

/** Units given to each counted product of figure 10: more than any run can sell. */
const BENCH_STOCK = 100_000;

/**
 * Figure 10: `POST /api/orders` (as figure 5: 20 connections, 10 s after a 2 s warm-up) for two
 * products whose units are not counted, then for two counted ones (each order takes its units in
 * its insert's batch, behind a guard, and moves the catalogue version), in turn, twice each, in
 * one run; the median orders/s and p99 of each. The counted products are given
 * {@link BENCH_STOCK} units first and are not counted again afterwards.
 */
export async function measureOrderStock(
  baseUrl: string,
  databaseUrl: string,
  shoppers: readonly Shopper[],
): Promise<Figure[]> {
  const ids = ((await (await fetch(`${baseUrl}/api/products`)).json()) as Array<{ _id: string }>).map((p) => p._id);
  const loose = ids.slice(0, 2);
  const counted = ids.slice(2, 4);
  const db = await openDatabase(databaseUrl);
  const runs: Record<'loose' | 'counted', LoadResult[]> = { loose: [], counted: [] };
  try {
    await db.execute({ sql: 'UPDATE products SET stock = ? WHERE id IN (?, ?)', args: [BENCH_STOCK, ...counted] });
    for (const kind of ['loose', 'counted', 'loose', 'counted'] as const)
      runs[kind].push(await postOrders(baseUrl, shoppers, kind === 'loose' ? loose : counted));
    const left = await db.execute({ sql: 'SELECT stock FROM products WHERE id IN (?, ?)', args: counted });
    // Each order took one unit of each counted product: the units gone are the orders holding them.
    const sold = left.rows.map((row) => BENCH_STOCK - Number(row.stock));
    const { rows } = await db.execute({
      sql: `SELECT count(*) AS n FROM orders, json_each(orders.ordered_product) AS line
            WHERE json_extract(line.value, '$._id') = ?`,
      args: [counted[0] ?? ''],
    });
    const placed = Number(rows[0]?.n);
    if (placed === 0 || sold.some((units) => units !== placed))
      throw new Error(`counted stock: ${sold.join(', ')} units taken by ${placed} orders`);
  } finally {
    await db.execute({ sql: 'UPDATE products SET stock = NULL WHERE id IN (?, ?)', args: counted });
    db.close();
  }
  const summary = (results: LoadResult[]) => ({
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
  });
  const loosely = summary(runs.loose);
  const countedly = summary(runs.counted);
  const all = [...runs.loose, ...runs.counted];
  return [
    {
      name: 'POST /api/orders: stock counted vs not counted, 20 connections',
      value: `${countedly.rps.toFixed(0)} vs ${loosely.rps.toFixed(0)} orders/s (${pct(countedly.rps / loosely.rps)}), p99 ${ms(countedly.p99)} vs ${ms(loosely.p99)}`,
      budget: 'report (no errors)',
      pass: all.every((r) => r.non2xx === 0 && r.errors === 0),
      data: { runs },
    },
  ];
}

/** The periphery area of figure 10's second half: its own fee, a minimum order and two slots a day (DESIGN.md §15). */
const QUOTE_AREA = 'savar';

/**
 * Figure 10, second half: `POST /api/orders` (20 connections, 10 s after a 2 s warm-up) to a
 * core area with no quoted prices, then to {@link QUOTE_AREA} with the subtotal and line prices
 * the shopper saw (DESIGN.md §16: the area's fee, minimum and slots and the quote are checked),
 * in turn, twice each; the same lines (enough for the area's minimum), the median orders/s and p99
 * of each. The quote is today's (no order is refused for it).
 */
export async function measureOrderQuotes(baseUrl: string, shoppers: readonly Shopper[]): Promise<Figure[]> {
  const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as Array<{ _id: string; price: number }>;
  const area = (await (await fetch(`${baseUrl}/api/delivery-areas`)).json()) as DeliveryArea[];
  const savar = area.find((a) => a.id === QUOTE_AREA);
  if (!savar) throw new Error(`no ${QUOTE_AREA} area to quote for`);
  const chosen = products.slice(0, 2);
  // Whole units enough for the area's minimum order: the quote's subtotal is the pricing function's.
  const units = Math.max(1, Math.ceil(savar.minimumOrder / chosen.reduce((sum, p) => sum + p.price, 0)));
  const lines = chosen.map((p) => ({ _id: p._id, cartQuantity: units }));
  const quoted = chosen.map((p) => ({ _id: p._id, cartQuantity: units, price: p.price }));
  const totalAmount = priceCart(quoted, savar).subtotal;
  const bodies = {
    plain: { orderedProduct: lines },
    quoted: { areaId: savar.id, orderedProduct: quoted, totalAmount },
  } satisfies Record<string, Partial<OrderInput>>;
  // Each kind is placed once first: a refusal here would make every request of the run one.
  for (const body of Object.values(bodies)) {
    const shopper = shoppers[0] as Shopper;
    const res = await fetch(`${baseUrl}/api/orders`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${shopper.token}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ ...benchOrderBody(shopper.email, []), ...body }),
    });
    if (res.status !== 201) throw new Error(`figure 10's order was refused: ${res.status} ${await res.text()}`);
  }
  const runs: Record<'plain' | 'quoted', LoadResult[]> = { plain: [], quoted: [] };
  for (const kind of ['plain', 'quoted', 'plain', 'quoted'] as const)
    runs[kind].push(await postOrders(baseUrl, shoppers, [], SMALL_ORDER_LOAD, bodies[kind]));
  const summary = (results: LoadResult[]) => ({
    rps: median(results.map((r) => r.rps)),
    p99: median(results.map((r) => r.p99)),
  });
  const plain = summary(runs.plain);
  const quotedRun = summary(runs.quoted);
  return [
    {
      name: 'POST /api/orders: periphery area with quoted prices vs core area without, 20 connections',
      value: `${quotedRun.rps.toFixed(0)} vs ${plain.rps.toFixed(0)} orders/s (${pct(quotedRun.rps / plain.rps)}), p99 ${ms(quotedRun.p99)} vs ${ms(plain.p99)}`,
      budget: 'report (no errors)',
      pass: [...runs.plain, ...runs.quoted].every((r) => r.non2xx === 0 && r.errors === 0),
      data: { runs, totalAmount, units },
    },
  ];
}
