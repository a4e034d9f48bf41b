/**
 * Placing an order reads the request's variables with `c.get`, never `c.var`: Hono's `c.var`
 * copies every variable of the request into a new object at each read, work an order does a
 * dozen times, in the middleware (request line, token check, write limits), the idempotency
 * wrapper, the plan and the push news.
 */
import { Context } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe('POST /api/orders', () => {
  it('places an order, and replays it, without reading c.var', async () => {
    const body = await orderBody(t, customerA, 1);
    const headers = { 'Idempotency-Key': crypto.randomUUID() };
    const copies = vi.spyOn(Context.prototype, 'var', 'get');
    try {
      const placed = await t.call('POST', '/api/orders', { role: 'customerA', body, headers });
      expect(placed.status).toBe(201);
      expect(placed.headers.get('X-Request-Id')).toBeTruthy();
      const replayed = await t.call('POST', '/api/orders', { role: 'customerA', body, headers });
      expect(replayed.status).toBe(201);
      expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
      expect(copies).not.toHaveBeenCalled();
    } finally {
      copies.mockRestore();
    }
  });
});
