/**
 * Counted stock (DESIGN.md §4) through the API: an order takes its units in its insert's batch,
 * asking for more than there is gets 409 `out_of_stock` with what is `available`, and deleting
 * an unpaid order or refunding a paid one gives the units back. A product not counted (`stock`
 * null) is sold by the admin's switch alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../contract/order';
import { productSchema, type ProductInput } from '../contract/product';
import type { Product } from '../contract/catalogue';
import { recordRefund } from '../db/order-payments';
import { settlePayment } from '../orders/settle';
import { findProducts } from '../db/products';
import { admin, createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

/** Adds a product with `stock` units counted (null: not counted). */
async function addProduct(name: string, stock: number | null): Promise<Product> {
  const body: ProductInput = { name, price: 40, image: '/products/okra.webp', category: 'vegetable', stock };
  const res = await t.call('POST', '/api/products', { role: 'admin', body });
  expect(res.status).toBe(201);
  return productSchema.parse(await res.json());
}

/**
 * The product as the catalogue maps it now, read from the database (GET /products may answer
 * from its cache for up to a second, catalogue/catalogue.ts).
 */
async function shown(id: string): Promise<Product | undefined> {
  return productSchema.parse((await findProducts(t.db, [id])).get(id));
}

/** Orders `lines` ([product, units]) as customer A. */
async function order(lines: Array<[Product, number]>) {
  return t.call('POST', '/api/orders', {
    role: 'customerA',
    headers: key(),
    body: {
      ...(await orderBody(t, customerA)),
      orderedProduct: lines.map(([product, cartQuantity]) => ({ _id: product._id, cartQuantity })),
    },
  });
}

describe('counted stock', () => {
  it('takes the units an order asks for; at 0 the product is out of stock in the catalogue', async () => {
    const okra = await addProduct('Okra stock-take', 5);
    expect(okra).toMatchObject({ stock: 5, inStock: true });
    expect((await order([[okra, 3]])).status).toBe(201);
    expect(await shown(okra._id)).toMatchObject({ stock: 2, inStock: true });
    expect((await order([[okra, 2]])).status).toBe(201);
    expect(await shown(okra._id)).toMatchObject({ stock: 0, inStock: false });
  });

  it('refuses more than there is with 409 out_of_stock naming each short product and what is available; nothing is taken', async () => {
    const beans = await addProduct('Beans short', 3);
    const gourd = await addProduct('Gourd short', 0);
    const loose = await addProduct('Loose not counted', null);
    const res = await order([
      [loose, 50],
      [beans, 5],
      [gourd, 1],
    ]);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: {
        code: 'out_of_stock',
        message: 'Out of stock: Beans short (3 left), Gourd short',
        details: {
          fields: { 'orderedProduct.1._id': ['Out of stock'], 'orderedProduct.2._id': ['Out of stock'] },
          products: [
            { _id: beans._id, name: 'Beans short', available: 3 },
            { _id: gourd._id, name: 'Gourd short', available: 0 },
          ],
        },
      },
    });
    expect(await shown(beans._id)).toMatchObject({ stock: 3, inStock: true });
    // "Send 3": the same order with what is available goes through, and takes the last 3.
    expect(
      (
        await order([
          [loose, 50],
          [beans, 3],
        ])
      ).status,
    ).toBe(201);
    expect(await shown(beans._id)).toMatchObject({ stock: 0, inStock: false });
    expect(await shown(loose._id)).toMatchObject({ stock: null, inStock: true });
  });

  it('gives the units back when an unpaid order is deleted, by its owner or the admin', async () => {
    const spinach = await addProduct('Spinach given back', 6);
    const first = orderSchema.parse(await (await order([[spinach, 4]])).json());
    expect(await shown(spinach._id)).toMatchObject({ stock: 2 });
    expect(await (await t.call('DELETE', `/api/orders/${first._id}`, { role: 'customerA' })).json()).toEqual({
      deletedCount: 1,
      cancelledCount: 0,
    });
    expect(await shown(spinach._id)).toMatchObject({ stock: 6, inStock: true });
    const second = orderSchema.parse(await (await order([[spinach, 6]])).json());
    expect(await shown(spinach._id)).toMatchObject({ stock: 0, inStock: false });
    expect((await t.call('DELETE', `/api/orders/${second._id}`, { role: 'admin' })).status).toBe(200);
    expect(await shown(spinach._id)).toMatchObject({ stock: 6, inStock: true });
    // Deleting again gives nothing back a second time.
    expect((await t.call('DELETE', `/api/orders/${second._id}`, { role: 'admin' })).status).toBe(404);
    expect(await shown(spinach._id)).toMatchObject({ stock: 6 });
  });

  it('gives the units back when a paid order is cancelled and refunded, once; a delivered one, refunded at the provider or cancelled by an admin, keeps them sold', async () => {
    const mango = await addProduct('Mango refunded', 10);
    const paid = orderSchema.parse(await (await order([[mango, 4]])).json());
    await settlePayment(t.db, { orderId: paid._id, method: paid.paymentMethod, paymentRef: 'pi_stock_1' });
    expect(await shown(mango._id)).toMatchObject({ stock: 6 });
    expect(await recordRefund(t.db, paid._id, admin.uid)).toBe(true);
    expect(await shown(mango._id)).toMatchObject({ stock: 10 });
    expect(await recordRefund(t.db, paid._id, admin.uid)).toBe(false);
    expect(await shown(mango._id)).toMatchObject({ stock: 10 });

    const delivered = orderSchema.parse(await (await order([[mango, 2]])).json());
    await settlePayment(t.db, { orderId: delivered._id, method: delivered.paymentMethod, paymentRef: 'pi_stock_2' });
    await t.db.execute({ sql: "UPDATE orders SET order_status = 'Delivered' WHERE id = ?", args: [delivered._id] });
    expect(await recordRefund(t.db, delivered._id, null, { keepDelivered: true })).toBe(true);
    expect(await shown(mango._id)).toMatchObject({ stock: 8 });

    // An admin's cancel of a delivered paid order refunds it, but its units left the shop.
    const handedOver = orderSchema.parse(await (await order([[mango, 3]])).json());
    await settlePayment(t.db, { orderId: handedOver._id, method: handedOver.paymentMethod, paymentRef: 'pi_stock_3' });
    await t.db.execute({ sql: "UPDATE orders SET order_status = 'Delivered' WHERE id = ?", args: [handedOver._id] });
    expect(await shown(mango._id)).toMatchObject({ stock: 5 });
    expect(await recordRefund(t.db, handedOver._id, admin.uid)).toBe(true);
    expect(await shown(mango._id)).toMatchObject({ stock: 5 });
  });

  it('sells a product whose units are not counted by the switch alone, taking nothing', async () => {
    const pumpkin = await addProduct('Pumpkin not counted', null);
    expect(pumpkin).toMatchObject({ stock: null, inStock: true });
    expect((await order([[pumpkin, 100]])).status).toBe(201);
    expect(await shown(pumpkin._id)).toMatchObject({ stock: null, inStock: true });
    await t.call('PUT', `/api/products/update/${pumpkin._id}`, { role: 'admin', body: { inStock: false } });
    expect((await order([[pumpkin, 1]])).status).toBe(409);
  });

  it('lets the admin count, recount and stop counting with PUT; the switch off keeps a counted product out', async () => {
    const radish = await addProduct('Radish recount', null);
    const put = (body: unknown) => t.call('PUT', `/api/products/update/${radish._id}`, { role: 'admin', body });
    expect((await put({ stock: 3 })).status).toBe(200);
    expect(await shown(radish._id)).toMatchObject({ stock: 3, inStock: true });
    expect((await put({ stock: 0 })).status).toBe(200);
    expect(await shown(radish._id)).toMatchObject({ stock: 0, inStock: false });
    expect((await put({ stock: 7, inStock: false })).status).toBe(200);
    expect(await shown(radish._id)).toMatchObject({ stock: 7, inStock: false });
    expect((await put({ stock: null, inStock: true })).status).toBe(200);
    expect(await shown(radish._id)).toMatchObject({ stock: null, inStock: true });
  });

  it.each([-1, 2.5, '3', true, 100_001])('refuses stock %j with 400 and a message on the field', async (stock) => {
    const res = await t.call('POST', '/api/products', {
      role: 'admin',
      body: { name: 'Bad stock', price: 40, image: '/products/okra.webp', category: 'vegetable', stock },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.details.fields.stock?.[0]).toMatch(/whole number|At most 100,000/);
  });
});
