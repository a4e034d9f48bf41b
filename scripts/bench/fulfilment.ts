/**
 * Figure 9 (bench/README.md): fulfilling orders from a tablet. Its own Node server
 * (`node.ts --api-only`) over a libSQL file in a temp folder, emulator tokens, an admin from
 * ADMIN_EMAILS. Manage Orders' first page (`limit=50`) p99 with 1,000 and with 100,000 orders,
 * for each filter; the bytes of an empty live poll (304); and `POST /api/orders` with its slot
 * counted, against plain libSQL batches of the same rows with and without the slot's count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { parseConfig } from '../../edge-api/src/config';
import { openDatabase } from '../../edge-api/src/db/client';
import { guardStatement } from '../../edge-api/src/db/guarded-batch';
import { countOrdersBySlot, slotCapacityGuard } from '../../edge-api/src/db/slot-places';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { listProducts } from '../../edge-api/src/db/products';
import { chooseSlot, openSlots, REASSIGN_DAYS_AHEAD } from '../../edge-api/src/delivery/slots';
import { apiServer } from '../../edge-api/src/testing/processes';
import { emulatorToken } from '../../edge-api/src/testing/tokens';
import { orderRows, plainInserts, postOrders } from './orders';
import { median, ms, pct, wireBytes, type Figure } from './report';

const ADMIN = { uid: 'uid-bench-admin', email: 'bench.admin@example.test', name: 'Bench Admin' };
/** Orders per slot in the scale data. */
const ORDERS_PER_SLOT = 20;
const SIZES = [1_000, 100_000] as const;
type Size = (typeof SIZES)[number];
/** Orders per slot on the bench's servers: the 75 slots of 14 days take 15,000, so POST's orders never run out of slots. */
const POST_SLOT_CAPACITY = 200;

/** Three line items, as an order stores them (about 300 bytes). */
const LINES = JSON.stringify(
  ['Potato (Alu)', 'Tomato', 'Carrot (Gajor)'].map((name, i) => ({
    _id: `p${i}`,
    name,
    price: 30 + i * 30,
    image: `/products/p${i}.webp`,
    cartQuantity: i + 1,
  })),
);

/**
 * Replaces every order with `total` orders one minute apart, the newest a minute ago: the
 * newest 100 Pending, the next 100 Approved, 50 Out for delivery, the rest Delivered, each with
 * its timeline; 20 orders a slot; 1,000 customers, every 10th order Rina Begum's. So every
 * filter's first page holds the same orders' worth at both sizes (a full page of 50, a slot's 20).
 * @returns the newest order's slot id.
 */
async function setOrders(db: Client, total: number): Promise<string> {
  const base = Math.floor((Date.now() - total * 60_000) / 60_000) * 60_000;
  await db.execute('DELETE FROM order_status_history');
  await db.execute('DELETE FROM orders');
  await db.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
          INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product,
                              payment_method, payment_status, created_at, slot_id, slot_start_ms, slot_end_ms)
          SELECT 'scale-' || i, 'uid-' || (i % 1000), CASE WHEN i % 10 = 7 THEN 'Rina Begum' ELSE 'Shopper ' || (i % 1000) END,
                 'shopper' || (i % 1000) || '@example.test', '01711' || printf('%06d', i % 1000), 'House ' || (i % 50) || ', Road 2, Dhanmondi, Dhaka',
                 CASE WHEN i >= ?1 - 100 THEN 'Pending' WHEN i >= ?1 - 200 THEN 'Approved' WHEN i >= ?1 - 250 THEN 'Out for delivery' ELSE 'Delivered' END,
                 364, '21/11/2026', ?2, 'cod', 'unpaid', ?3 + i * 60000,
                 strftime('%Y-%m-%dT%H:%M:%S+06:00', (?3 + (i / ${ORDERS_PER_SLOT}) * 7200000) / 1000 + 21600, 'unixepoch'),
                 ?3 + (i / ${ORDERS_PER_SLOT}) * 7200000, ?3 + (i / ${ORDERS_PER_SLOT}) * 7200000 + 7200000
          FROM n`,
    args: [total, LINES, base],
  });
  await db.execute(`WITH step(status, after_ms, rank) AS (VALUES ('Pending', 0, 0), ('Approved', 600000, 1), ('Out for delivery', 3600000, 2), ('Delivered', 7200000, 3))
    INSERT INTO order_status_history (order_id, status, at, by_uid)
    SELECT o.id, step.status, o.created_at + step.after_ms, CASE step.rank WHEN 0 THEN o.user_id ELSE 'uid-bench-admin' END
    FROM orders AS o JOIN step ON step.rank <= CASE o.order_status WHEN 'Pending' THEN 0 WHEN 'Approved' THEN 1 WHEN 'Out for delivery' THEN 2 ELSE 3 END
    ORDER BY o.created_at, step.rank`);
  const { rows } = await db.execute('SELECT slot_id FROM orders ORDER BY created_at DESC, id DESC LIMIT 1');
  return String(rows[0]?.slot_id);
}

type Filter = { name: string; query: (slot: string) => string; budget: boolean };
const FILTERS: Filter[] = [
  { name: 'no filter', query: () => '', budget: true },
  { name: 'status=Pending', query: () => '&status=Pending', budget: true },
  { name: 'slot', query: (slot) => `&slot=${encodeURIComponent(slot)}`, budget: true },
  { name: 'q=begum (10 % of orders)', query: () => '&q=begum', budget: true },
  { name: 'q=nobody (no match: a whole search window)', query: () => '&q=nobody', budget: false },
];

/** Per filter and size: `BLOCKS` blocks of `SAMPLES` requests, after `WARMUP` requests. */
const BLOCKS = 9;
const SAMPLES = 300;
const WARMUP = 50;

/** The `q`-th quantile (0–1) of `values`, nearest rank. */
const quantile = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? 0;

/**
 * Manage Orders' first page for every filter, on two servers at once — one over 1,000 orders,
 * one over 100,000 — requested one at a time, alternating between them request by request, so
 * that the machine's other load falls on both alike. Latency is request sent to body read. The
 * requests are cut in blocks; each block gives both sizes' p99 over the same stretch of time,
 * and the figure is the median of the blocks' ratios (a burst of other load spoils a block, not
 * the figure), next to the median of each size's block p99s.
 */
async function measureQueue(servers: Record<Size, { url: string; slot: string }>, token: string): Promise<Figure[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const figures: Figure[] = [];
  for (const filter of FILTERS) {
    const latencies: Record<Size, number[]> = { 1000: [], 100000: [] };
    const urlOf = (size: Size) => `${servers[size].url}/api/orders?limit=50${filter.query(servers[size].slot)}`;
    for (const size of SIZES) {
      const page = (await (await fetch(urlOf(size), { headers })).json()) as unknown[];
      if (filter.budget && page.length !== (filter.name === 'slot' ? ORDERS_PER_SLOT : 50))
        throw new Error(`${filter.name}: ${page.length} orders on the first page at ${size}`);
    }
    const blockP99s: Record<Size, number[]> = { 1000: [], 100000: [] };
    for (let i = 0; i < WARMUP + BLOCKS * SAMPLES; i += 1) {
      for (const size of i % 2 ? [...SIZES].reverse() : SIZES) {
        const started = performance.now();
        const res = await fetch(urlOf(size), { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${filter.name}: ${res.status} at ${size} orders`);
        if (i >= WARMUP) latencies[size].push(performance.now() - started);
      }
      if (i >= WARMUP && (i - WARMUP + 1) % SAMPLES === 0)
        for (const size of SIZES) blockP99s[size].push(quantile(latencies[size].slice(-SAMPLES), 0.99));
    }
    const small = median(blockP99s[1000]);
    const large = median(blockP99s[100000]);
    const ratio = median(blockP99s[100000].map((p99, block) => p99 / (blockP99s[1000][block] ?? p99)));
    figures.push({
      name: `Manage Orders first page (limit=50), ${filter.name}: p99 100k vs 1k orders`,
      value: `${ratio.toFixed(2)}× (p99 ${ms(large)} vs ${ms(small)}; medians ${ms(median(latencies[100000]))} vs ${ms(median(latencies[1000]))})`,
      budget: filter.budget ? '≤ 1.2×' : 'report',
      pass: filter.budget ? ratio <= 1.2 : null,
      data: {
        blockP99s,
        p99: { 1000: small, 100000: large },
        p50: { 1000: median(latencies[1000]), 100000: median(latencies[100000]) },
        samples: BLOCKS * SAMPLES,
      },
    });
  }
  return figures;
}

/** The live poll: Manage Orders' first page again with its ETag while nothing changed. */
async function measurePoll(baseUrl: string, token: string): Promise<Figure> {
  const url = `${baseUrl}/api/orders?limit=50`;
  const headers = { Authorization: `Bearer ${token}` };
  const first = await fetch(url, { headers });
  const full = await wireBytes(first);
  const poll = await fetch(url, { headers: { ...headers, 'If-None-Match': first.headers.get('ETag') ?? '' } });
  const bytes = await wireBytes(poll);
  return {
    name: 'Manage Orders live poll while nothing changed (304, status line + headers)',
    value: `${bytes} B (status ${poll.status}; the page itself: ${full} B)`,
    budget: '≤ 1 KB (1024 B)',
    pass: poll.status === 304 && bytes <= 1024,
    data: { bytes, full, status: poll.status },
  };
}

/** `POST /api/orders` (every order's slot counted) at 20 connections, and plain batches with and without the slot's count. */
async function measurePlacing(db: Client, baseUrl: string, productIds: readonly string[]): Promise<Figure[]> {
  const shoppers = Array.from({ length: 20 }, (_, i) => {
    const user = { uid: `uid-bench-${i}`, email: `bench.shopper${i}@example.test`, name: `Bench ${i}` };
    return { email: user.email, token: emulatorToken(user) };
  });
  const api = await postOrders(baseUrl, shoppers, productIds);
  const slotted = Number(
    (await db.execute("SELECT count(*) AS n FROM orders WHERE id NOT LIKE 'scale-%' AND slot_id IS NOT NULL")).rows[0]
      ?.n,
  );
  const delivery = { ...parseConfig({}).delivery, capacity: POST_SLOT_CAPACITY };
  const withSlot = async (i: number, now: number) => {
    const horizon = openSlots(delivery, now, REASSIGN_DAYS_AHEAD);
    const { slot } = chooseSlot(
      delivery,
      horizon,
      await countOrdersBySlot(
        db,
        horizon.map((s) => s.id),
      ),
    );
    return [
      ...orderRows('plain.slot@example.test', i, now, slot),
      ...(slot ? [guardStatement(slotCapacityGuard(slot.id, delivery.capacity))] : []),
    ];
  };
  await plainInserts(db, 'warmup@example.test', 1);
  const without = await plainInserts(db, 'plain@example.test', 5);
  const withCount = await plainInserts(db, 'plain.slot@example.test', 5, withSlot);
  return [
    {
      name: 'POST /api/orders at 20 connections, every order’s slot counted in its batch',
      value: `${api.rps.toFixed(0)} orders/s, p99 ${ms(api.p99)} (${slotted} orders, all with a slot)`,
      budget: 'report (no errors)',
      pass: api.non2xx === 0 && api.errors === 0,
      data: { api, slotted },
    },
    {
      name: 'Plain libSQL order batches: with the slot’s count and check vs without',
      value: `${withCount.toFixed(0)} vs ${without.toFixed(0)} orders/s (${pct(withCount / without)})`,
      budget: 'report',
      pass: null,
      data: { withCount, without },
    },
  ];
}

/** Figure 9: its own libSQL files and Node servers in a temp folder. @returns its figures. */
export async function measureFulfilment(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-fulfilment-'));
  const env = { ADMIN_EMAILS: ADMIN.email, DELIVERY_SLOT_CAPACITY: String(POST_SLOT_CAPACITY) };
  const stacks = await Promise.all(
    SIZES.map(async (size) => {
      const databaseUrl = `file:${join(dir, `shop-${size}.db`)}`;
      return { size, db: await openDatabase(databaseUrl), server: await apiServer(databaseUrl, env), slot: '' };
    }),
  );
  try {
    for (const stack of stacks) {
      await prepareDatabase(stack.db);
      stack.slot = await setOrders(stack.db, stack.size);
      await stack.server.start();
    }
    const [small, large] = stacks as [(typeof stacks)[number], (typeof stacks)[number]];
    const token = emulatorToken(ADMIN);
    const figures = await measureQueue(
      { 1000: { url: small.server.url, slot: small.slot }, 100000: { url: large.server.url, slot: large.slot } },
      token,
    );
    figures.push(await measurePoll(large.server.url, token));
    const productIds = (await listProducts(large.db)).map((p) => p._id);
    figures.push(...(await measurePlacing(large.db, large.server.url, productIds)));
    return figures;
  } finally {
    for (const stack of stacks) {
      await stack.server.stop();
      stack.db.close();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}
