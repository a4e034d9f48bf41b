import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe('API hardening', () => {
  it('refuses bodies over 64 KB with 413 in the error shape', async () => {
    const res = await t.call('POST', '/api/reviews', {
      role: 'customerA',
      body: { review: 'x'.repeat(70 * 1024), rating: 5 },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });

  it('sends secure headers on API answers', async () => {
    const res = await t.call('GET', '/api/products');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('Strict-Transport-Security')).toMatch(/max-age=(\d+)/);
    expect(
      Number(/max-age=(\d+)/.exec(res.headers.get('Strict-Transport-Security') ?? '')?.[1]),
    ).toBeGreaterThanOrEqual(31536000);
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
  });

  it('allows CORS only for the configured origin', async () => {
    const open = await t.call('GET', '/api/products', { headers: { Origin: 'https://evil.example' } });
    expect(open.headers.get('Access-Control-Allow-Origin')).toBeNull();
    const app = createApp({ db: t.db, config: { ...t.config, corsOrigin: 'https://shop.example' } });
    const res = await app.request('/api/products', { headers: { Origin: 'https://shop.example' } });
    expect(res.headers.get('Access-Control-Allow-Origin')).toBe('https://shop.example');
  });

  it('rate-limits writes per user with 429 and Retry-After, leaving reads alone', async () => {
    const app = createApp({
      db: t.db,
      config: { ...t.config, rateLimits: { userWritesPerMinute: 2, ipWritesPerMinute: 100 } },
    });
    const headers = { Authorization: `Bearer ${emulatorToken(customerA)}`, 'Content-Type': 'application/json' };
    const body = JSON.stringify(await orderBody(t, customerA));
    const statuses = [];
    for (let i = 0; i < 3; i += 1)
      statuses.push(
        await app.request('/api/orders', {
          method: 'POST',
          headers: { ...headers, 'Idempotency-Key': crypto.randomUUID() },
          body,
        }),
      );
    expect(statuses.map((r) => r.status)).toEqual([201, 201, 429]);
    expect(Number(statuses[2]?.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await statuses[2]?.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await app.request('/api/products')).status).toBe(200);
  });

  it('rate-limits writes per IP before any token check', async () => {
    const app = createApp({
      db: t.db,
      config: { ...t.config, rateLimits: { userWritesPerMinute: 100, ipWritesPerMinute: 1 } },
      clientIp: () => '203.0.113.7',
    });
    const first = await app.request('/api/orders', { method: 'POST' });
    const second = await app.request('/api/orders', { method: 'POST' });
    expect([first.status, second.status]).toEqual([401, 429]);
  });

  it('answers an unexpected failure with 500 and a request id, never a stack or SQL', async () => {
    const db = {
      ...t.db,
      execute: () => Promise.reject(new Error('SQLITE_CORRUPT: database disk image is malformed')),
    } as unknown as typeof t.db;
    const app = createApp({ db, config: t.config });
    const res = await app.request('/api/products');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toMatch(/request [0-9a-f-]{36}/);
    expect(text).not.toMatch(/SQLITE|at .*\.ts/);
  });
});
