/**
 * Fulfilling orders from a tablet (DESIGN.md §3, §8): the delivery states and their refusals,
 * out-of-stock orders, and the admin's paged, filtered, revalidated list.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import { productSchema } from '../contract/product';
import { insertOrderStatements } from '../db/orders';
import { SEARCH_WINDOW } from '../db/order-list';
import { admin, createTestApp, customerA, customerB, orderBody, type Role, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const place = async (role: 'customerA' | 'customerB' = 'customerA') => {
  const res = await t.call('POST', '/api/orders', {
    role,
    body: await orderBody(t, role === 'customerA' ? customerA : customerB),
    headers: key(),
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
};
const move = (id: string, orderStatus: string, role: Role = 'admin') =>
  t.call('PUT', `/api/orders/update/${id}`, { role, body: { orderStatus } });
const read = async (id: string) =>
  (
    await t
      .call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' })
      .then((res) => res.json() as Promise<Order[]>)
  ).find((o) => o._id === id);

describe('PUT /api/orders/update/:id — Pending → Approved → Out for delivery → Delivered', () => {
  it('moves an order through every state, one step at a time, each recorded with its time and the admin', async () => {
    const order = await place();
    for (const next of ['Approved', 'Out for delivery', 'Delivered']) {
      const res = await move(order._id, next);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ modifiedCount: 1 });
      expect((await read(order._id))?.orderStatus).toBe(next);
    }
    const history = (await read(order._id))?.statusHistory ?? [];
    // Approved → Out for delivery packs the order as ordered on the way (DESIGN.md §17).
    expect(history.map((change) => change.status)).toEqual([
      'Pending',
      'Approved',
      'Packed',
      'Out for delivery',
      'Delivered',
    ]);
    expect(history.map((change) => Date.parse(change.at))).toEqual(
      [...history.map((change) => Date.parse(change.at))].sort((a, b) => a - b),
    );
    const by = (
      await t.db.execute({
        sql: 'SELECT status, by_uid FROM order_status_history WHERE order_id = ? ORDER BY id',
        args: [order._id],
      })
    ).rows;
    expect(by.map((row) => [row.status, row.by_uid])).toEqual([
      ['Pending', customerA.uid],
      ['Approved', admin.uid],
      ['Packed', admin.uid],
      ['Out for delivery', admin.uid],
      ['Delivered', admin.uid],
    ]);
  });

  it.each([
    ['Pending', 'Out for delivery', 'This order is Pending; it can only move to Approved.'],
    ['Pending', 'Delivered', 'This order is Pending; it can only move to Approved.'],
    ['Pending', 'Pending', 'This order is Pending; it can only move to Approved.'],
    ['Approved', 'Approved', 'This order is Approved; it can only move to Out for delivery.'],
    ['Approved', 'Pending', 'This order is Approved; it can only move to Out for delivery.'],
    ['Approved', 'Delivered', 'This order is Approved; it can only move to Out for delivery.'],
    ['Out for delivery', 'Approved', 'This order is Out for delivery; it can only move to Delivered.'],
    ['Delivered', 'Out for delivery', 'This order is Delivered; it cannot move any further.'],
    ['Delivered', 'Delivered', 'This order is Delivered; it cannot move any further.'],
  ])('refuses %s → %s with 409 invalid_transition naming the state, changing nothing', async (from, to, message) => {
    const order = await place();
    for (const step of ['Approved', 'Out for delivery', 'Delivered'].slice(
      0,
      ['Pending', 'Approved', 'Out for delivery', 'Delivered'].indexOf(from),
    ))
      expect((await move(order._id, step)).status).toBe(200);
    const res = await move(order._id, to);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'invalid_transition',
        message,
        details: { current: from, next: expect.toSatisfy((v) => v === null || typeof v === 'string') },
      },
    });
    const after = await read(order._id);
    expect(after?.orderStatus).toBe(from);
    // Past Approved the timeline has Packed too (the order was packed as ordered).
    expect(after?.statusHistory.map((change) => change.status)).toEqual(
      ['Pending', 'Approved', 'Packed', 'Out for delivery', 'Delivered'].slice(
        0,
        ['Pending', 'Approved', 'Packed', 'Out for delivery', 'Delivered'].indexOf(from) + 1,
      ),
    );
  });

  it('lets only one of two admins advancing at once succeed', async () => {
    const order = await place();
    const answers = await Promise.all([move(order._id, 'Approved'), move(order._id, 'Approved')]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect((await read(order._id))?.statusHistory.map((change) => change.status)).toEqual(['Pending', 'Approved']);
  });

  it('answers an unknown state with 400 naming the field, an unknown order with 404, and customers with 403', async () => {
    const order = await place();
    const bad = await move(order._id, 'Shipped');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: {
        code: 'validation_failed',
        details: { fields: { orderStatus: ['Choose one of Pending, Approved, Packed, Out for delivery, Delivered'] } },
      },
    });
    expect((await move('no-such-order', 'Approved')).status).toBe(404);
    expect((await move(order._id, 'Approved', 'customerA')).status).toBe(403);
  });
});

describe('DELETE /api/orders/:id by its customer', () => {
  it.each(['Approved', 'Out for delivery', 'Delivered'])(
    'is refused once the order is %s (409 not_pending naming it)',
    async (state) => {
      const order = await place();
      for (const step of ['Approved', 'Out for delivery', 'Delivered'].slice(
        0,
        ['Approved', 'Out for delivery', 'Delivered'].indexOf(state) + 1,
      ))
        await move(order._id, step);
      const res = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        error: { code: 'not_pending', message: `Only Pending orders can be cancelled; this one is already ${state}.` },
      });
      expect(await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' }).then((r) => r.json())).toEqual({
        deletedCount: 1,
        cancelledCount: 0,
      });
      expect(
        (
          await t.db.execute({
            sql: 'SELECT count(*) AS n FROM order_status_history WHERE order_id = ?',
            args: [order._id],
          })
        ).rows[0]?.n,
      ).toBe(0);
    },
  );
});

describe('POST /api/orders with out-of-stock products', () => {
  it('answers 409 out_of_stock marking each such line and naming the products; in stock again, the order goes through', async () => {
    const products = productSchema.array().parse(await (await t.call('GET', '/api/products')).json());
    const [first, second, third] = products;
    if (!first || !second || !third) throw new Error('seed changed');
    for (const product of [first, third])
      expect(
        (await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: { inStock: false } }))
          .status,
      ).toBe(200);
    const body = {
      ...(await orderBody(t, customerA)),
      orderedProduct: [first, second, third].map((p) => ({ _id: p._id, cartQuantity: 1 })),
    };
    const count = async () => Number((await t.db.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n);
    const before = await count();
    const res = await t.call('POST', '/api/orders', { role: 'customerA', body, headers: key() });
    expect(res.status).toBe(409);
    expect(await count()).toBe(before);
    expect(await res.json()).toEqual({
      error: {
        code: 'out_of_stock',
        message: `Out of stock: ${first.name}, ${third.name}`,
        details: {
          fields: { 'orderedProduct.0._id': ['Out of stock'], 'orderedProduct.2._id': ['Out of stock'] },
          products: [
            { _id: first._id, name: first.name, available: 0 },
            { _id: third._id, name: third.name, available: 0 },
          ],
        },
      },
    });
    for (const product of [first, third])
      await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: { inStock: true } });
    expect((await t.call('POST', '/api/orders', { role: 'customerA', body, headers: key() })).status).toBe(201);
  });
});

describe('GET /api/orders pages', () => {
  const base = Date.parse('2026-01-01T00:00:00Z');
  /** Stores `n` orders directly, one minute apart, the newest last; returns their ids newest first. */
  const seedOrders = async (n: number, offset: number, fields: Partial<Order> = {}) => {
    const ids: string[] = [];
    const statements = [];
    for (let i = 0; i < n; i += 1) {
      const createdAt = new Date(base + (offset + i) * 60_000).toISOString();
      const id = `page-${offset + i}`;
      ids.unshift(id);
      const order: Order = {
        ...(await place().then((o) => ({ ...o, _id: id }))),
        createdAt,
        statusHistory: [{ status: 'Pending', at: createdAt }],
        deliverySlot: null,
        ...fields,
      };
      statements.push(...insertOrderStatements(order, customerA.uid, null));
    }
    await t.db.batch(statements, 'write');
    return ids;
  };
  const get = (path: string, headers: Record<string, string> = {}) => t.call('GET', path, { role: 'admin', headers });
  const nextOf = (res: Response) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get('Link') ?? '')?.[1];

  beforeEach(async () => {
    await t.db.execute('DELETE FROM orders');
  });

  it('pages every order newest first with no gaps or repeats while new orders arrive', async () => {
    const existing = await seedOrders(7, 0);
    await t.db.execute("DELETE FROM orders WHERE id NOT LIKE 'page-%'");
    const seen: string[] = [];
    let path: string | undefined = '/api/orders?limit=3';
    let pages = 0;
    while (path) {
      const res = await get(path);
      expect(res.status).toBe(200);
      seen.push(...((await res.json()) as Order[]).map((o) => o._id));
      path = nextOf(res);
      pages += 1;
      // A customer orders meanwhile: newer than every page, so never in one of these.
      await place();
    }
    expect(seen).toEqual(existing);
    expect(pages).toBe(3);
  });

  it('keeps the filters and the limit in the next link, and an order is found by status, slot and text', async () => {
    await seedOrders(5, 0);
    await seedOrders(4, 10, { orderStatus: 'Approved', customerName: 'Rina Begum', phone: '01999 123456' });
    await t.db.execute("UPDATE orders SET order_status = 'Approved' WHERE customer_name = 'Rina Begum'");
    await t.db.execute(
      "UPDATE orders SET slot_id = 'S1', slot_start_ms = 1, slot_end_ms = 2 WHERE id IN ('page-11', 'page-13')",
    );
    const first = await get('/api/orders?status=Approved&limit=2');
    expect(((await first.json()) as Order[]).map((o) => o._id)).toEqual(['page-13', 'page-12']);
    const next = nextOf(first) ?? '';
    expect(new URL(next, 'http://x').searchParams.get('status')).toBe('Approved');
    expect(new URL(next, 'http://x').searchParams.get('limit')).toBe('2');
    expect(((await (await get(next)).json()) as Order[]).map((o) => o._id)).toEqual(['page-11', 'page-10']);
    expect(((await (await get('/api/orders?slot=S1')).json()) as Order[]).map((o) => o._id)).toEqual([
      'page-13',
      'page-11',
    ]);
    for (const q of ['rina', 'BEGUM', '999 12', customerA.email.slice(0, 4)])
      expect(((await (await get(`/api/orders?q=${encodeURIComponent(q)}`)).json()) as Order[]).length).toBeGreaterThan(
        0,
      );
    expect((await (await get('/api/orders?q=100%25')).json()) as Order[]).toEqual([]); // % is a character, not a wildcard
    expect(nextOf(await get('/api/orders?status=Pending'))).toBeUndefined();
  });

  it('finds an order by its phone stored in E.164 as the admin types it (01711-223344, +880 1711…)', async () => {
    await seedOrders(1, 30, { customerName: 'Hasan Ali', phone: '+8801711223344' });
    for (const q of ['01711-223344', '01711 22', '+880 1711-223344', '(017) 11223344'])
      expect(
        ((await (await get(`/api/orders?q=${encodeURIComponent(q)}`)).json()) as Order[]).map((o) => o.customerName),
        q,
      ).toEqual(['Hasan Ali']);
  });

  it(`searches ${SEARCH_WINDOW} orders per page at most and goes on where it stopped, missing no match`, async () => {
    // 2.5 windows of orders; every 700th is Rina's.
    const total = Math.floor(SEARCH_WINDOW * 2.5);
    await t.db.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
            INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date, ordered_product, created_at)
            SELECT 'w-' || i, 'u', CASE WHEN i % 700 = 0 THEN 'Rina Begum' ELSE 'Someone Else' END, 'x' || i || '@example.test', '017', 'Dhaka',
                   'Pending', 100, 'd', '[]', ? + i FROM n`,
      args: [total, base],
    });
    const expected = (
      await t.db.execute("SELECT id FROM orders WHERE customer_name = 'Rina Begum' ORDER BY created_at DESC, id DESC")
    ).rows.map((r) => String(r.id));
    expect(expected.length).toBeGreaterThan(4);
    const seen: string[] = [];
    let path: string | undefined = '/api/orders?q=rina&limit=2';
    let pages = 0;
    while (path && pages < 20) {
      const res = await get(path);
      const body = (await res.json()) as Order[];
      expect(body.length).toBeLessThanOrEqual(2);
      seen.push(...body.map((o) => o._id));
      path = nextOf(res);
      pages += 1;
    }
    expect(seen).toEqual(expected);
  });

  it('answers an unchanged list 304 for its ETag (a live poll under 1 KB), and 200 with a new ETag after a change', async () => {
    const order = await place();
    const first = await get('/api/orders?limit=50');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe('private, no-cache');
    const poll = await get('/api/orders?limit=50', { 'If-None-Match': etag });
    expect(poll.status).toBe(304);
    const text = await poll.text();
    const headerBytes = [...poll.headers].reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
    expect(text).toBe('');
    expect(headerBytes + 'HTTP/1.1 304 Not Modified\r\n\r\n'.length).toBeLessThan(1024);
    await move(order._id, 'Approved');
    const changed = await get('/api/orders?limit=50', { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=201', 'limit'],
    ['limit=ten', 'limit'],
    ['status=Lost', 'status'],
    ['cursor=not-a-cursor', 'cursor'],
  ])('answers ?%s with 400 naming the field', async (query, field) => {
    const res = await get(`/api/orders?${query}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(Object.keys(body.error.details.fields)).toEqual([field]);
  });

  it('pages one customer’s orders the same way, and never another’s', async () => {
    const ids = await seedOrders(3, 0);
    await t.db.execute("DELETE FROM orders WHERE id NOT LIKE 'page-%'");
    const res = await t.call('GET', `/api/orders?email=${customerA.email}&limit=2`, { role: 'customerA' });
    expect(((await res.json()) as Order[]).map((o) => o._id)).toEqual(ids.slice(0, 2));
    const next = nextOf(res) ?? '';
    expect(new URL(next, 'http://x').searchParams.get('email')).toBe(customerA.email);
    expect(((await (await t.call('GET', next, { role: 'customerA' })).json()) as Order[]).map((o) => o._id)).toEqual(
      ids.slice(2),
    );
    expect((await t.call('GET', next, { role: 'customerB' })).status).toBe(403);
  });
});
