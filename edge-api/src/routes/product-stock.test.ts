/**
 * `PATCH /api/products/:id/stock {delta}` (DESIGN.md §4): the admin's −/+ is a change of the
 * stock the server has, applied in one conditional UPDATE, so it never overwrites an order's
 * units taken meanwhile or another admin's change (an absolute count sent from a stale screen
 * did).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../contract/catalogue';
import { productSchema, type ProductInput } from '../contract/product';
import { findProducts } from '../db/products';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

async function addProduct(name: string, stock: number | null): Promise<Product> {
  const body: ProductInput = { name, price: 40, image: '/products/okra.webp', category: 'vegetable', stock };
  const res = await t.call('POST', '/api/products', { role: 'admin', body });
  expect(res.status).toBe(201);
  return productSchema.parse(await res.json());
}

/** The product's stock now, from the database (the catalogue may answer from its cache for a second). */
const stockOf = async (id: string) => (await findProducts(t.db, [id])).get(id)?.stock;

const change = (id: string, delta: unknown, role: 'admin' | 'customerA' = 'admin') =>
  t.call('PATCH', `/api/products/${id}/stock`, { role, body: { delta } });

describe('PATCH /api/products/:id/stock', () => {
  it('adds or takes away units and answers the new count with the product', async () => {
    const okra = await addProduct('Okra delta', 5);
    const more = await change(okra._id, 1);
    expect(more.status).toBe(200);
    expect(await more.json()).toMatchObject({ stock: 6, product: { _id: okra._id, stock: 6, inStock: true } });
    const less = await change(okra._id, -6);
    expect(await less.json()).toMatchObject({ stock: 0, product: { stock: 0, inStock: false } });
    expect(await stockOf(okra._id)).toBe(0);
  });

  it('applies two changes sent at once, both', async () => {
    const beans = await addProduct('Beans two admins', 5);
    const answers = await Promise.all([change(beans._id, 1), change(beans._id, 1), change(beans._id, -1)]);
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200]);
    expect(await stockOf(beans._id)).toBe(6);
  });

  it('never loses the units an order took between the admin reading the count and the change', async () => {
    const gourd = await addProduct('Gourd order between', 5);
    // The admin's screen shows 5 (the catalogue as read); meanwhile a shopper orders 2.
    const shown = gourd.stock;
    expect(shown).toBe(5);
    const placed = await t.call('POST', '/api/orders', {
      role: 'customerA',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: { ...(await orderBody(t, customerA)), orderedProduct: [{ _id: gourd._id, cartQuantity: 2 }] },
    });
    expect(placed.status).toBe(201);
    // The admin's − on the screen showing 5: one fewer than the server has (3), not 5 − 1.
    expect(await (await change(gourd._id, -1)).json()).toMatchObject({ stock: 2 });
    expect(await stockOf(gourd._id)).toBe(2);
  });

  it('refuses to go below 0 with 409 stock_below_zero and the stock there is, changing nothing', async () => {
    const lime = await addProduct('Lime below zero', 2);
    const res = await change(lime._id, -3);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'stock_below_zero', details: { stock: 2 } } });
    expect(await stockOf(lime._id)).toBe(2);
  });

  it('starts counting a product not counted from 0: + gives 1, − is refused', async () => {
    const loose = await addProduct('Loose not counted delta', null);
    const refused = await change(loose._id, -1);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'stock_below_zero', details: { stock: null } } });
    expect(await stockOf(loose._id)).toBeNull();
    expect(await (await change(loose._id, 1)).json()).toMatchObject({ stock: 1 });
  });

  it('refuses a change of 0, a fraction, text or more than the most units with 400 naming delta', async () => {
    const pumpkin = await addProduct('Pumpkin bad delta', 99_999);
    for (const delta of [0, 0.5, '1', 100_001, undefined]) {
      const res = await change(pumpkin._id, delta);
      expect(res.status, String(delta)).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'validation_failed', details: { fields: { delta: [expect.any(String)] } } },
      });
    }
    const over = await change(pumpkin._id, 2);
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ error: { details: { fields: { delta: [expect.any(String)] } } } });
    expect(await stockOf(pumpkin._id)).toBe(99_999);
  });

  it('is for admins only, and answers 404 for no such product', async () => {
    const chilli = await addProduct('Chilli admin only', 3);
    expect((await change(chilli._id, 1, 'customerA')).status).toBe(403);
    expect((await t.call('PATCH', `/api/products/${chilli._id}/stock`, { body: { delta: 1 } })).status).toBe(401);
    expect((await change(crypto.randomUUID(), 1)).status).toBe(404);
    expect(await stockOf(chilli._id)).toBe(3);
  });
});
