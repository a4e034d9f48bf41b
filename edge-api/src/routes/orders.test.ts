import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import { productSchema } from '../contract/product';
import { createTestApp, customerA, customerB, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const place = async (body: unknown, role: 'customerA' | 'customerB' = 'customerA') =>
  t.call('POST', '/api/orders', { role, body, headers: key() });

describe('POST /api/orders prices on the server', () => {
  // A client's quoted total is a ceiling, never the price (orders-price-seen.test.ts).
  it('computes totalAmount from current prices and ignores client status and line prices', async () => {
    const products = productSchema.array().parse(await (await t.call('GET', '/api/products')).json());
    const potato = products.find((p) => p.name === 'Potato (Alu)');
    const tomato = products.find((p) => p.name === 'Tomato');
    if (!potato || !tomato) throw new Error('seed changed');
    const res = await place({
      ...(await orderBody(t, customerA)),
      orderStatus: 'Approved',
      paymentStatus: 'paid',
      orderedProduct: [
        { ...potato, price: 1, cartQuantity: 3 },
        { _id: tomato._id, cartQuantity: 2, name: 'Free tomato' },
      ],
    });
    expect(res.status).toBe(201);
    const order = orderSchema.parse(await res.json());
    // 3 × 30 + 2 × 90 = 270 > 200 → shipping 80; tax 13.5; ceil(363.5) = 364.
    expect(order.totalAmount).toBe(364);
    expect(order.orderStatus).toBe('Pending');
    expect(order.paymentStatus).toBe('unpaid');
    expect(order.orderedProduct).toEqual([
      {
        _id: potato._id,
        name: 'Potato (Alu)',
        price: 30,
        image: '/products/potato.webp',
        unit: 'kg',
        unitSize: 1,
        weightTolerance: null,
        cartQuantity: 3,
        substitution: 'none',
      },
      {
        _id: tomato._id,
        name: 'Tomato',
        price: 90,
        image: '/products/tomato.webp',
        unit: 'kg',
        unitSize: 1,
        weightTolerance: null,
        cartQuantity: 2,
        substitution: 'none',
      },
    ]);
  });

  it('refuses a product deleted since the cart was filled like one out of stock: 409 naming it, so the rest can be sent', async () => {
    const added = productSchema.parse(
      await (
        await t.call('POST', '/api/products', {
          role: 'admin',
          body: { name: 'Okra (Dherosh)', price: 60, image: '/products/okra.webp', category: 'vegetable' },
        })
      ).json(),
    );
    const [potato] = (await orderBody(t, customerA, 1)).orderedProduct;
    if (!potato) throw new Error('seed changed');
    expect((await t.call('DELETE', `/api/products/${added._id}`, { role: 'admin' })).status).toBe(200);
    // The old client's line carries the name it showed; the server has no row of the product any more.
    const named = await place({
      ...(await orderBody(t, customerA)),
      orderedProduct: [potato, { _id: added._id, cartQuantity: 2, name: 'Okra (Dherosh)', price: 60 }],
    });
    expect(named.status).toBe(409);
    expect(await named.json()).toMatchObject({
      error: {
        code: 'out_of_stock',
        details: {
          fields: { 'orderedProduct.1._id': ['Out of stock'] },
          products: [{ _id: added._id, name: 'Okra (Dherosh)' }],
        },
      },
    });
    // Without a name (or with one that is no text) the product is named by its id.
    const bare = await place({
      ...(await orderBody(t, customerA)),
      orderedProduct: [{ _id: 'ghost-carrot', cartQuantity: 1, name: 42 }, potato],
    });
    expect(bare.status).toBe(409);
    expect(await bare.json()).toMatchObject({
      error: { code: 'out_of_stock', details: { products: [{ _id: 'ghost-carrot', name: 'ghost-carrot' }] } },
    });
    // "Send without them": the same order without the products named is placed.
    const rest = await place({ ...(await orderBody(t, customerA)), orderedProduct: [potato] });
    expect(rest.status).toBe(201);
  });

  it('replays the first answer to a retry that only names its lines differently', async () => {
    const body = await orderBody(t, customerA, 1);
    const headers = key();
    const first = await t.call('POST', '/api/orders', { role: 'customerA', body, headers });
    const renamed = {
      ...body,
      orderedProduct: body.orderedProduct.map((line) => ({ ...line, name: 'Renamed in the cart' })),
    };
    const again = await t.call('POST', '/api/orders', { role: 'customerA', body: renamed, headers });
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(orderSchema.parse(await again.json())._id).toBe(orderSchema.parse(await first.json())._id);
  });

  it.each([
    ['customerName', { customerName: 'x'.repeat(81) }, 'customerName'],
    ['phone', { phone: 'call me' }, 'phone'],
    ['address', { address: '   ' }, 'address'],
    ['quantity 0', { orderedProduct: [{ _id: 'a', cartQuantity: 0 }] }, 'orderedProduct.0.cartQuantity'],
    ['quantity 2.5', { orderedProduct: [{ _id: 'a', cartQuantity: 2.5 }] }, 'orderedProduct.0.cartQuantity'],
    ['quantity 101', { orderedProduct: [{ _id: 'a', cartQuantity: 101 }] }, 'orderedProduct.0.cartQuantity'],
    ['empty cart', { orderedProduct: [] }, 'orderedProduct'],
  ])('answers a bad %s with a 400 naming the field', async (_name, override, field) => {
    const res = await place({ ...(await orderBody(t, customerA)), ...override });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details.fields)).toContain(field);
  });

  it('answers malformed JSON with a 400, not a 500', async () => {
    const res = await t.call('POST', '/api/orders', { role: 'customerA', body: '{"customerName":', headers: key() });
    expect(res.status).toBe(400);
  });
});

describe('order lifecycle', () => {
  it('lists a customer their own orders newest first, and the admin every order', async () => {
    const first = orderSchema.parse(await (await place(await orderBody(t, customerA, 1))).json());
    const second = orderSchema.parse(await (await place(await orderBody(t, customerA, 2))).json());
    await place(await orderBody(t, customerB, 1), 'customerB');
    const mine = (await (
      await t.call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' })
    ).json()) as Order[];
    expect(mine.every((o) => o.email === customerA.email)).toBe(true);
    // Newest first is (createdAt, id) descending: two orders placed within one millisecond
    // are ordered by their random ids, so the expected order is computed, not assumed.
    const newestFirst = [first, second]
      .sort((x, y) => y.createdAt.localeCompare(x.createdAt) || (y._id < x._id ? -1 : 1))
      .map((o) => o._id);
    expect(mine.map((o) => o._id).filter((id) => newestFirst.includes(id))).toEqual(newestFirst);
    expect(second.createdAt >= first.createdAt).toBe(true);
    const everyone = (await (await t.call('GET', '/api/orders', { role: 'admin' })).json()) as Order[];
    expect(new Set(everyone.map((o) => o.email))).toEqual(new Set([customerA.email, customerB.email]));
  });

  it('lets the admin approve once (modifiedCount 1, then 409 naming the state), and the customer sees Approved', async () => {
    const order = orderSchema.parse(await (await place(await orderBody(t, customerA))).json());
    const approve = () =>
      t.call('PUT', `/api/orders/update/${order._id}`, { role: 'admin', body: { orderStatus: 'Approved' } });
    expect(await (await approve()).json()).toEqual({ modifiedCount: 1 });
    const again = await approve();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: { code: 'invalid_transition', details: { current: 'Approved' } },
    });
    const mine = (await (
      await t.call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' })
    ).json()) as Order[];
    expect(mine.find((o) => o._id === order._id)?.orderStatus).toBe('Approved');
  });

  it('lets a customer cancel their Pending order, but not an Approved one', async () => {
    const pending = orderSchema.parse(await (await place(await orderBody(t, customerA))).json());
    const approved = orderSchema.parse(await (await place(await orderBody(t, customerA))).json());
    await t.call('PUT', `/api/orders/update/${approved._id}`, { role: 'admin', body: { orderStatus: 'Approved' } });
    expect(await (await t.call('DELETE', `/api/orders/${pending._id}`, { role: 'customerA' })).json()).toEqual({
      deletedCount: 1,
      cancelledCount: 0,
    });
    const refused = await t.call('DELETE', `/api/orders/${approved._id}`, { role: 'customerA' });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'not_pending' } });
  });

  it('refuses an unknown order id with 404', async () => {
    expect(
      (await t.call('PUT', '/api/orders/update/nope', { role: 'admin', body: { orderStatus: 'Approved' } })).status,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/orders/nope', { role: 'admin' })).status).toBe(404);
  });
});
