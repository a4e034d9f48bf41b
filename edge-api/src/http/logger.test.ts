/**
 * What the API's log says (logger.ts, errors.ts): one JSON line per request with the route
 * pattern and the user's uid, the request id a client sees in X-Request-Id, refusals with their
 * reason — and never a token, a body, an e-mail address or a phone number.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { admin, createTestApp, customerA, logsOf, orderBody, testLogs, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the request line', () => {
  it('says request id, method, route, status and duration for an anonymous read', async () => {
    const res = await t.call('GET', '/api/products');
    expect(res.headers.get('X-Request-Id')).toMatch(UUID);
    const lines = logsOf(res);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'INFO',
      message: 'request',
      requestId: res.headers.get('X-Request-Id'),
      method: 'GET',
      route: '/api/products',
      status: 200,
    });
    expect(lines[0]?.['@timestamp']).toEqual(expect.any(String));
    expect(lines[0]?.durationMs).toEqual(expect.any(Number));
    expect(lines[0]).not.toHaveProperty('uid');
  });

  it('names the route pattern, not the path with its e-mail, and the signed-in uid', async () => {
    const res = await t.call('GET', `/api/users/${encodeURIComponent(customerA.email)}`, { role: 'customerA' });
    expect(res.status).toBe(200);
    expect(logsOf(res)).toEqual([
      expect.objectContaining({ route: '/api/users/:email', status: 200, uid: customerA.uid }),
    ]);
  });

  it('never writes the token, the body, the e-mail address or the phone number of an order', async () => {
    const body = await orderBody(t, customerA);
    const res = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body,
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(201);
    expect(logsOf(res)).toEqual([
      expect.objectContaining({ method: 'POST', route: '/api/orders', status: 201, uid: customerA.uid }),
    ]);
    const written = JSON.stringify(testLogs);
    const token = t.auth('customerA').Authorization?.replace('Bearer ', '') ?? '';
    for (const secret of [token, customerA.email, body.phone, body.address, body.customerName])
      expect(written).not.toContain(secret);
  });

  it('writes one line for an unknown API path, under the catch-all route', async () => {
    const res = await t.call('GET', '/api/orders/extra/deep');
    expect(res.status).toBe(404);
    expect(logsOf(res)).toEqual([expect.objectContaining({ route: '/api/*', status: 404 })]);
  });
});

describe('X-Request-Id', () => {
  it('keeps a short safe incoming id', async () => {
    const res = await t.call('GET', '/api/health', { headers: { 'X-Request-Id': 'edge-7f3a_01' } });
    expect(res.headers.get('X-Request-Id')).toBe('edge-7f3a_01');
    expect(logsOf(res)).toHaveLength(1);
  });

  it.each([
    ['with spaces and quotes', 'a b"c'],
    ['longer than 64 characters', 'x'.repeat(65)],
    ['empty', ''],
  ])('replaces an incoming id %s with a new one', async (_name, incoming) => {
    const res = await t.call('GET', '/api/health', { headers: { 'X-Request-Id': incoming } });
    expect(res.headers.get('X-Request-Id')).toMatch(UUID);
  });

  it('is on error answers too, and a 500 names it without a stack or SQL', async () => {
    const db = {
      ...t.db,
      execute: () =>
        Promise.reject(new Error('SQLITE_CORRUPT: database disk image is malformed (SELECT * FROM products)')),
    } as unknown as typeof t.db;
    const res = await createApp({ db, config: t.config }).request('/api/health', {
      headers: { 'X-Request-Id': 'trace-500' },
    });
    expect(res.status).toBe(500);
    expect(res.headers.get('X-Request-Id')).toBe('trace-500');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side (request trace-500).' },
    });
    expect(text).not.toMatch(/SQLITE|SELECT|at .*\.ts/);
    // Logged once at error, with the request id, then the request line.
    const errors = logsOf(res).filter((line) => line.level === 'ERROR');
    expect(errors).toEqual([expect.objectContaining({ message: 'unexpected error', requestId: 'trace-500' })]);
    expect(logsOf(res).at(-1)).toMatchObject({ message: 'request', status: 500 });
  });
});

describe('refusals are logged with their reason', () => {
  const refusal = (res: Response) => logsOf(res).find((line) => line.level === 'WARN');

  it('401 without a token', async () => {
    const res = await t.call('POST', '/api/reviews', { body: {} });
    expect(res.status).toBe(401);
    expect(refusal(res)).toMatchObject({
      message: 'request refused',
      status: 401,
      code: 'unauthenticated',
      reason: 'no bearer token',
    });
  });

  it("401 for a bad token: the verifier's reason, never the token", async () => {
    const expired = emulatorToken(customerA, 'demo-taza-haat', { exp: Math.floor(Date.now() / 1000) - 3600 });
    const res = await t.call('GET', '/api/orders', { headers: { Authorization: `Bearer ${expired}` } });
    expect(res.status).toBe(401);
    const line = refusal(res);
    expect(line).toMatchObject({
      status: 401,
      code: 'invalid_token',
      reason: expect.stringMatching(/^token rejected: .*exp/) as unknown,
    });
    expect(JSON.stringify(logsOf(res))).not.toContain(expired);
  });

  it('403 for a customer on an admin route, with their uid on the request line', async () => {
    const res = await t.call('DELETE', '/api/products/any', { role: 'customerA' });
    expect(res.status).toBe(403);
    expect(refusal(res)).toMatchObject({ status: 403, code: 'forbidden', reason: 'not an admin' });
    expect(logsOf(res).at(-1)).toMatchObject({
      message: 'request',
      route: '/api/products/:id',
      status: 403,
      uid: customerA.uid,
    });
  });

  it('403 from a route, with its message as the reason', async () => {
    const res = await t.call('GET', `/api/orders?email=${encodeURIComponent(admin.email)}`, { role: 'customerA' });
    expect(res.status).toBe(403);
    expect(refusal(res)).toMatchObject({ status: 403, code: 'forbidden', reason: 'You can only see your own orders.' });
  });

  it('429 over the write limit', async () => {
    const app = createApp({
      db: t.db,
      config: { ...t.config, rateLimits: { userWritesPerMinute: 100, ipWritesPerMinute: 1 } },
      clientIp: () => '198.51.100.9',
    });
    await app.request('/api/reviews', { method: 'POST' });
    const res = await app.request('/api/reviews', { method: 'POST' });
    expect(res.status).toBe(429);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({ level: 'WARN', message: 'rate limited', limit: 'ip' }),
    );
    expect(JSON.stringify(logsOf(res))).not.toContain('198.51.100.9');
  });
});

describe('LOG_LEVEL', () => {
  // Logging is configured per process by the last app built: this one, for the rest of the file.
  it('at warn, drops request lines and keeps refusals', async () => {
    const app = createApp({ db: t.db, config: { ...t.config, logLevel: 'warn' } });
    const ok = await app.request('/api/health');
    const refused = await app.request('/api/orders');
    expect(ok.status).toBe(200);
    expect(logsOf(ok)).toEqual([]);
    expect(logsOf(refused)).toEqual([expect.objectContaining({ level: 'WARN', status: 401 })]);
  });
});
