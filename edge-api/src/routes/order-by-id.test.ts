/**
 * `GET /api/orders/:id` on a real libSQL file: the admin sees any order, a customer only their
 * own — another customer's is answered exactly as a missing one — in the shape of one element of
 * `GET /api/orders`, revalidated with an ETag like the lists; and what the log says about it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import { createTestApp, customerA, customerB, logsOf, orderBody, testLogs, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const placeForA = async (): Promise<Order> =>
  orderSchema.parse(
    await (
      await t.call('POST', '/api/orders', {
        role: 'customerA',
        body: await orderBody(t, customerA),
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
    ).json(),
  );

describe('GET /api/orders/:id', () => {
  it('answers the admin and the owner with the order as the list has it', async () => {
    const placed = await placeForA();
    const list = (await (
      await t.call('GET', `/api/orders?email=${encodeURIComponent(customerA.email)}`, { role: 'customerA' })
    ).json()) as Order[];
    const inList = list.find((order) => order._id === placed._id);
    expect(inList?.deliveryCode).toMatch(/^\d{4}$/);
    // The delivery code is the owner's alone (DESIGN.md §18): the admin has the order without it.
    const withoutCode = { ...inList, deliveryCode: undefined };
    for (const role of ['admin', 'customerA'] as const) {
      const res = await t.call('GET', `/api/orders/${placed._id}`, { role });
      expect(res.status, role).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
      expect(await res.json()).toEqual(role === 'admin' ? withoutCode : inList);
    }
  });

  it("answers another customer's order with the very 404 of a missing one, and says why only in the log", async () => {
    const placed = await placeForA();
    const hidden = await t.call('GET', `/api/orders/${placed._id}`, { role: 'customerB' });
    // Even a conditional request that names any ETag learns nothing.
    const hiddenConditional = await t.call('GET', `/api/orders/${placed._id}`, {
      role: 'customerB',
      headers: { 'If-None-Match': '*' },
    });
    expect((await t.call('DELETE', `/api/orders/${placed._id}`, { role: 'admin' })).status).toBe(200);
    const missing = await t.call('GET', `/api/orders/${placed._id}`, { role: 'customerB' });

    for (const res of [hidden, hiddenConditional, missing]) {
      expect(res.status).toBe(404);
      expect(res.headers.get('ETag')).toBeNull();
    }
    const body = await missing.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 'not_found', message: `No order with id ${placed._id}.` } });
    expect(await hidden.text()).toBe(body);
    expect(await hiddenConditional.text()).toBe(body);
    expect([...hidden.headers.keys()].sort()).toEqual([...missing.headers.keys()].sort());

    expect(logsOf(hidden)).toEqual([
      expect.objectContaining({
        level: 'WARN',
        message: 'request refused',
        status: 404,
        orderId: placed._id,
        reason: expect.stringContaining('another customer'),
      }),
      expect.objectContaining({
        level: 'INFO',
        message: 'request',
        route: '/api/orders/:id',
        status: 404,
        uid: customerB.uid,
      }),
    ]);
    expect(logsOf(missing)).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'order not found', orderId: placed._id }),
      expect.objectContaining({ level: 'INFO', message: 'request', route: '/api/orders/:id', status: 404 }),
    ]);
    const written = JSON.stringify(testLogs);
    expect(written).not.toContain(customerA.email);
    expect(written).not.toContain(customerB.email);
  });

  it('asks for a sign-in (401) and refuses an id no order can have (400)', async () => {
    const placed = await placeForA();
    const anonymous = await t.call('GET', `/api/orders/${placed._id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthenticated' } });
    const tooLong = await t.call('GET', `/api/orders/${'x'.repeat(65)}`, { role: 'admin' });
    expect(tooLong.status).toBe(400);
  });

  it('answers 304 while the order is unchanged, and the new state with a new ETag once it moves', async () => {
    const placed = await placeForA();
    const first = await t.call('GET', `/api/orders/${placed._id}`, { role: 'admin' });
    const etag = first.headers.get('ETag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const unchanged = await t.call('GET', `/api/orders/${placed._id}`, {
      role: 'admin',
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expect(await unchanged.text()).toBe('');
    // The owner's answer has the delivery code (DESIGN.md §18), so other bytes and another ETag.
    expect(
      (
        await t.call('GET', `/api/orders/${placed._id}`, {
          role: 'customerA',
          headers: { 'If-None-Match': etag ?? '' },
        })
      ).status,
    ).toBe(200);

    expect(
      (await t.call('PUT', `/api/orders/update/${placed._id}`, { role: 'admin', body: { orderStatus: 'Approved' } }))
        .status,
    ).toBe(200);
    const moved = await t.call('GET', `/api/orders/${placed._id}`, {
      role: 'admin',
      headers: { 'If-None-Match': etag ?? '' },
    });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('ETag')).not.toBe(etag);
    const order = orderSchema.parse(await moved.json());
    expect(order.orderStatus).toBe('Approved');
    expect(order.statusHistory.map((change) => change.status)).toEqual(['Pending', 'Approved']);
  });

  it('lets customer B read their own order, and not customer A', async () => {
    const body = await orderBody(t, customerB);
    const own = orderSchema.parse(
      await (
        await t.call('POST', '/api/orders', {
          role: 'customerB',
          body,
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        })
      ).json(),
    );
    expect((await t.call('GET', `/api/orders/${own._id}`, { role: 'customerB' })).status).toBe(200);
    expect((await t.call('GET', `/api/orders/${own._id}`, { role: 'customerA' })).status).toBe(404);
  });
});
