/**
 * Figure 11 (bench/README.md): the reports (DESIGN.md §12). Each report route's p99 with 1,000
 * and with 100,000 orders at the same daily rate (60 orders a shop day, so the days a report
 * reads hold the same orders at both sizes and only the history before them grows), on two Node
 * servers over their own libSQL files, requested one at a time, alternating request by request,
 * in blocks whose paired p99 ratios give the figure (as figure 9 does). And the dashboard's
 * first-load JS for a signed-in admin (the dawn board with its chart), report only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { chromium } from 'playwright-core';
import { addShopDays, shopDate } from '../../edge-api/src/contract/report';
import { openDatabase } from '../../edge-api/src/db/client';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { apiServer } from '../../edge-api/src/testing/processes';
import { emulatorToken } from '../../edge-api/src/testing/tokens';
import { chromiumArgs, ensureChromium } from '../lib/chromium';
import type { Stack } from '../lib/stack';
import { ensureEmulatorAccount } from '../lib/auth-emulator';
import { upsertAdminUser } from '../../edge-api/src/db/users';
import { compressedSizes } from './first-load';
import { kib, median, ms, type Figure } from './report';

const ADMIN = { uid: 'uid-bench-admin', email: 'bench.admin@example.test', name: 'Bench Admin' };
const SIZES = [1_000, 100_000] as const;
type Size = (typeof SIZES)[number];
/** Minutes between orders: 60 a shop day, whatever the size (1k orders span 16⅔ days, 100k 4½ years). */
const ORDER_EVERY_MIN = 24;
const BUDGET = 1.5;

/** Three line items with their sale units, as an order stores them. */
const LINES = JSON.stringify([
  { _id: 'p0', name: 'Potato (Alu)', price: 30, image: '/products/p0.webp', unit: 'kg', unitSize: 1, cartQuantity: 2 },
  {
    _id: 'p1',
    name: 'Green Chili Pack',
    price: 30,
    image: '/products/p1.webp',
    unit: 'g',
    unitSize: 250,
    cartQuantity: 1,
  },
  {
    _id: 'p2',
    name: 'Spinach Bundle',
    price: 20,
    image: '/products/p2.webp',
    unit: 'bundle',
    unitSize: 1,
    cartQuantity: 3,
  },
]);

/**
 * Replaces every order with `total` orders, one every {@link ORDER_EVERY_MIN} minutes up to an
 * hour ago; every 20th Cancelled; each delivered in the 2-hour slot that starts a day after it
 * was placed (rounded down to the slot), so a day's purchase list holds a day's orders.
 */
async function setOrders(db: Client, total: number): Promise<void> {
  const step = ORDER_EVERY_MIN * 60_000;
  const base = Math.floor((Date.now() - 60 * 60_000 - total * step) / 60_000) * 60_000;
  await db.execute('DELETE FROM order_status_history');
  await db.execute('DELETE FROM orders');
  await db.execute({
    sql: `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1),
          o(i, at, slot) AS (SELECT i, ?3 + i * ?4, ((?3 + i * ?4 + 86400000) / 7200000) * 7200000 FROM n)
          INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
                              ordered_product, payment_method, payment_status, created_at, slot_id, slot_start_ms, slot_end_ms)
          SELECT 'report-' || i, 'uid-' || (i % 1000), 'Shopper ' || (i % 1000), 'shopper' || (i % 1000) || '@example.test',
                 '01711' || printf('%06d', i % 1000), 'House ' || (i % 50) || ', Road 2, Dhanmondi, Dhaka',
                 CASE WHEN i % 20 = 0 THEN 'Cancelled' ELSE 'Delivered' END, 200 + i % 300, '21/11/2026', ?2,
                 'cod', 'unpaid', at,
                 strftime('%Y-%m-%dT%H:%M:%S+06:00', slot / 1000 + 21600, 'unixepoch'), slot, slot + 7200000
          FROM o`,
    args: [total, LINES, base, step],
  });
}

/** Per route and size: blocks of samples after a warm-up (the CSV, a bigger answer, fewer). */
const BLOCKS = 9;
const WARMUP = 30;

/** The `q`-th quantile (0–1) of `values`, nearest rank. */
const quantile = (values: readonly number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? 0;

type Route = { name: string; path: (today: string) => string; samples: number; check: (body: string) => boolean };

const ROUTES: Route[] = [
  {
    name: 'GET /api/reports/sales?days=14',
    path: () => '/api/reports/sales?days=14',
    samples: 600,
    check: (body) => (JSON.parse(body) as Array<{ orders: number }>).filter((d) => d.orders > 0).length >= 13,
  },
  {
    name: 'GET /api/reports/purchase-list (yesterday)',
    path: (today) => `/api/reports/purchase-list?date=${addShopDays(today, -1)}`,
    samples: 600,
    check: (body) => (JSON.parse(body) as unknown[]).length === 3,
  },
  {
    name: 'GET /api/reports/slots (yesterday)',
    path: (today) => `/api/reports/slots?date=${addShopDays(today, -1)}`,
    samples: 600,
    check: (body) => (JSON.parse(body) as unknown[]).length > 0,
  },
  {
    name: 'GET /api/reports/orders.csv (the last 7 days, ~420 orders)',
    path: (today) => `/api/reports/orders.csv?from=${addShopDays(today, -7)}&to=${addShopDays(today, -1)}`,
    samples: 150,
    check: (body) => body.split('\r\n').length > 400,
  },
];

/** Each route on both servers, alternating, in blocks: the median of the blocks' p99 ratios (100k / 1k). */
async function measureRoutes(servers: Record<Size, string>): Promise<Figure[]> {
  const headers = { Authorization: `Bearer ${emulatorToken(ADMIN)}` };
  const today = shopDate(Date.now());
  const figures: Figure[] = [];
  for (const route of ROUTES) {
    const bodies: Partial<Record<Size, string>> = {};
    for (const size of SIZES) {
      const res = await fetch(`${servers[size]}${route.path(today)}`, { headers });
      bodies[size] = await res.text();
      if (res.status !== 200 || !route.check(bodies[size]))
        throw new Error(`${route.name} at ${size} orders: ${res.status} ${bodies[size].slice(0, 200)}`);
    }
    const latencies: Record<Size, number[]> = { 1000: [], 100000: [] };
    const blockP99s: Record<Size, number[]> = { 1000: [], 100000: [] };
    for (let i = 0; i < WARMUP + BLOCKS * route.samples; i += 1) {
      for (const size of i % 2 ? [...SIZES].reverse() : SIZES) {
        const started = performance.now();
        const res = await fetch(`${servers[size]}${route.path(today)}`, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${route.name}: ${res.status} at ${size} orders`);
        if (i >= WARMUP) latencies[size].push(performance.now() - started);
      }
      if (i >= WARMUP && (i - WARMUP + 1) % route.samples === 0)
        for (const size of SIZES) blockP99s[size].push(quantile(latencies[size].slice(-route.samples), 0.99));
    }
    const ratio = median(blockP99s[100000].map((p99, block) => p99 / (blockP99s[1000][block] ?? p99)));
    const [small, large] = [median(blockP99s[1000]), median(blockP99s[100000])];
    figures.push({
      name: `${route.name}: p99 100k vs 1k orders`,
      value: `${ratio.toFixed(2)}× (p99 ${ms(large)} vs ${ms(small)}; medians ${ms(median(latencies[100000]))} vs ${ms(median(latencies[1000]))})`,
      budget: `≤ ${BUDGET}×`,
      pass: ratio <= BUDGET,
      data: {
        blockP99s,
        p99: { 1000: small, 100000: large },
        p50: { 1000: median(latencies[1000]), 100000: median(latencies[100000]) },
        samples: BLOCKS * route.samples,
        identical: bodies[1000] === bodies[100000],
      },
    });
  }
  return figures;
}

/** The report routes at 1k and 100k orders: their own libSQL files and Node servers in a temp folder. */
export async function measureReportRoutes(): Promise<Figure[]> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-reports-'));
  const env = { ADMIN_EMAILS: ADMIN.email };
  const stacks = await Promise.all(
    SIZES.map(async (size) => {
      const databaseUrl = `file:${join(dir, `shop-${size}.db`)}`;
      return { size, db: await openDatabase(databaseUrl), server: await apiServer(databaseUrl, env) };
    }),
  );
  try {
    for (const stack of stacks) {
      await prepareDatabase(stack.db);
      await setOrders(stack.db, stack.size);
      await stack.server.start();
    }
    const [small, large] = stacks as [(typeof stacks)[number], (typeof stacks)[number]];
    return await measureRoutes({ 1000: small.server.url, 100000: large.server.url });
  } finally {
    for (const stack of stacks) {
      await stack.server.stop();
      stack.db.close();
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The JS files `/dashboard` requests for a signed-in admin with an empty HTTP cache and no
 * service worker (blocked, so every file comes from the network), until the sales chart is drawn
 * and the network is quiet; summed from `distDir` compressed as a server sends them.
 */
export async function measureDashboardFirstLoad(stack: Stack, chromePath = ensureChromium()): Promise<Figure> {
  const credentials = { email: 'bench.dawn.admin@example.test', password: 'bench-pass-1', displayName: 'Dawn Admin' };
  await ensureEmulatorAccount(stack.authEmulatorHost, { ...credentials, emailVerified: true });
  const db = await openDatabase(stack.databaseUrl);
  await upsertAdminUser(db, credentials.email, credentials.displayName);
  db.close();
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(new URL('/login', stack.baseUrl).toString());
    await page.getByLabel('E-mail').fill(credentials.email);
    await page.getByLabel('Password').fill(credentials.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const scripts = new Set<string>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script' && event.response.url.startsWith(stack.baseUrl))
        scripts.add(new URL(event.response.url).pathname);
    });
    await page.goto(new URL('/dashboard', stack.baseUrl).toString(), { waitUntil: 'networkidle' });
    await page.getByTestId('sales-report').locator('canvas').first().waitFor();
    await page.waitForLoadState('networkidle');
    await context.close();
    const files = [...scripts].sort();
    const total = { raw: 0, gzip: 0, brotli: 0 };
    for (const file of files) {
      const size = compressedSizes(join(stack.distDir, file));
      total.raw += size.raw;
      total.gzip += size.gzip;
      total.brotli += size.brotli;
    }
    const chart = files.filter((file) => /uplot|sales-chart/i.test(file));
    return {
      name: 'First-load JS of /dashboard for a signed-in admin, dawn board and chart drawn (gzip / brotli)',
      value: `${kib(total.gzip)} / ${kib(total.brotli)} (${files.length} files; the chart’s: ${chart.map((f) => f.replace(/^.*\//, '')).join(', ') || 'none'})`,
      budget: 'report',
      pass: null,
      data: { files, ...total, chart },
    };
  } finally {
    await browser.close();
  }
}
