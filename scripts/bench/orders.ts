/**
 * Figures 5 and 7 (bench/README.md): `POST /api/orders` at 20 connections (distinct
 * Idempotency-Keys, emulator tokens) against plain libSQL inserts of the same rows; and
 * `GET /api/orders?email=` p99 with 1k and with 100k orders in the database.
 */
import type { Client, InStatement } from '@libsql/client';
import { decodeJwt } from 'jose';
import type { Order, OrderInput } from '../../edge-api/src/contract/order';
import { openDatabase } from '../../edge-api/src/db/client';
import { insertAnsweredKeyStatement } from '../../edge-api/src/db/idempotency-keys';
import { insertOrderStatements } from '../../edge-api/src/db/orders';
import { deliverySlot, type TimedSlot } from '../../edge-api/src/delivery/slots';
import { orderInput } from '../../edge-api/src/testing/order-fixture';
import { load, type LoadResult } from './load';
import { median, ms, pct, type Figure } from './report';

export type Shopper = { email: string; token: string };

/** The bench shopper's details, in the API's orders and the plain inserts alike (figure 5 compares the same rows). */
const BENCH_CONTACT = { customerName: 'Bench Shopper', phone: '01711000000', address: 'Dhanmondi 27, Dhaka' } as const;

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
    orderStatus: 'Pending',
    totalAmount: 150,
    orderDate: '21/11/2026',
    orderedProduct: [],
    paymentMethod: 'cod',
    paymentStatus: 'unpaid',
    createdAt: new Date(now).toISOString(),
    statusHistory: [{ status: 'Pending', at: new Date(now).toISOString() }],
    deliverySlot: slot && deliverySlot(slot.startMs, slot.endMs),
  };
  return [
    insertAnsweredKeyStatement(userId, id, 'hash', 201, order, now),
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
 * `POST /api/orders` at 20 connections for 10 s (after a 2 s warm-up), every request a new
 * Idempotency-Key, the `shoppers` in turn, two of `productIds` per order.
 */
export async function postOrders(
  baseUrl: string,
  shoppers: readonly Shopper[],
  productIds: readonly string[],
): Promise<LoadResult> {
  let n = 0;
  return load({
    url: `${baseUrl}/api/orders`,
    method: 'POST',
    connections: 20,
    durationS: 10,
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
        body: JSON.stringify(benchOrderBody(shopper.email, productIds)),
      };
    },
  });
}

/** Figure 5. */
export async function measureOrderWrites(
  baseUrl: string,
  databaseUrl: string,
  shoppers: readonly Shopper[],
): Promise<Figure[]> {
  const products = ((await (await fetch(`${baseUrl}/api/products`)).json()) as Array<{ _id: string }>).map(
    (p) => p._id,
  );
  const api = await postOrders(baseUrl, shoppers, products);
  const db = await openDatabase(databaseUrl);
  let plain: number;
  try {
    await plainInserts(db, 'warmup@example.test', 2);
    plain = await plainInserts(db, 'plain@example.test', 10);
  } finally {
    db.close();
  }
  return [
    {
      name: 'POST /api/orders at 20 connections',
      value: `${api.rps.toFixed(0)} orders/s, p99 ${ms(api.p99)}`,
      budget: 'report (no errors)',
      pass: api.non2xx === 0 && api.errors === 0,
      data: { api },
    },
    {
      name: 'POST /api/orders vs plain libSQL inserts of the same rows',
      value: `${api.rps.toFixed(0)} vs ${plain.toFixed(0)} orders/s (${pct(api.rps / plain)})`,
      budget: 'report',
      pass: null,
      data: { plain },
    },
  ];
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
