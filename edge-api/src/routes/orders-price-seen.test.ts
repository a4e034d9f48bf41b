/**
 * The price the shopper saw (DESIGN.md §16) through the API: `POST /orders` with the subtotal the
 * shopper was shown (`totalAmount`) and each line's `price` is placed at today's prices when they
 * are the same or lower, and refused with 409 `price_changed` naming the lines that rose when
 * today's subtotal is higher — nothing stored, no stock taken. A client that sends no quote gets
 * today's prices, as before.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '../contract/order';
import { priceCart } from '../contract/pricing';
import { productSchema, type ProductInput } from '../contract/product';
import type { Product } from '../contract/catalogue';
import { findProducts } from '../db/products';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

/** Adds a product at `price` Tk with 10 units counted. */
async function addProduct(name: string, price: number): Promise<Product> {
  const body: ProductInput = { name, price, image: '/products/tomato.webp', category: 'vegetable', stock: 10 };
  const res = await t.call('POST', '/api/products', { role: 'admin', body });
  expect(res.status).toBe(201);
  return productSchema.parse(await res.json());
}

const reprice = async (product: Product, price: number) =>
  expect((await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: { price } })).status).toBe(
    200,
  );

/** Orders `lines` ([product, units, price seen]) as customer A, quoting `totalAmount`, under `key`. */
async function order(lines: Array<[Product, number, number]>, totalAmount: number | undefined, key: string) {
  return t.call('POST', '/api/orders', {
    role: 'customerA',
    headers: { 'Idempotency-Key': key },
    body: {
      ...(await orderBody(t, customerA)),
      ...(totalAmount === undefined ? {} : { totalAmount }),
      orderedProduct: lines.map(([product, cartQuantity, price]) => ({ _id: product._id, cartQuantity, price })),
    },
  });
}

/** The subtotal a shopper is shown for `lines` at the prices given. */
const shownTotal = (lines: Array<[Product, number, number]>) =>
  priceCart(lines.map(([, cartQuantity, price]) => ({ price, cartQuantity }))).subtotal;

const stockOf = async (product: Product) => (await findProducts(t.db, [product._id])).get(product._id)?.stock;

describe('the price the shopper saw', () => {
  it('refuses a rise with 409 price_changed naming the lines that rose; nothing is stored or taken', async () => {
    const tomato = await addProduct('Tomato seen', 120);
    const onion = await addProduct('Onion seen', 60);
    const seen: Array<[Product, number, number]> = [
      [tomato, 2, 120],
      [onion, 1, 60],
    ];
    await reprice(tomato, 150);
    const res = await order(seen, shownTotal(seen), crypto.randomUUID());
    expect(res.status).toBe(409);
    const today = priceCart([
      { price: 150, cartQuantity: 2 },
      { price: 60, cartQuantity: 1 },
    ]).subtotal;
    expect(await res.json()).toEqual({
      error: {
        code: 'price_changed',
        message: 'Prices changed since you saw them: Tomato seen 120 → 150 Tk',
        details: {
          quotedTotal: shownTotal(seen),
          totalAmount: today,
          lines: [{ _id: tomato._id, name: 'Tomato seen', quoted: 120, price: 150 }],
          fields: { 'orderedProduct.0.price': ['The price rose'] },
        },
      },
    });
    expect(await stockOf(tomato)).toBe(10);
    expect(await stockOf(onion)).toBe(10);
    const mine = (await (
      await t.call('GET', `/api/orders?email=${customerA.email}`, { role: 'customerA' })
    ).json()) as {
      orderedProduct: { _id: string }[];
    }[];
    expect(mine.some((stored) => stored.orderedProduct.some((line) => line._id === tomato._id))).toBe(false);
  });

  it('places an order at today’s lower prices when they fell', async () => {
    const mango = await addProduct('Mango fell', 300);
    const seen: Array<[Product, number, number]> = [[mango, 1, 300]];
    await reprice(mango, 250);
    const res = await order(seen, shownTotal(seen), crypto.randomUUID());
    expect(res.status).toBe(201);
    const placed = orderSchema.parse(await res.json());
    expect(placed.orderedProduct[0]?.price).toBe(250);
    expect(placed.totalAmount).toBe(priceCart([{ price: 250, cartQuantity: 1 }]).subtotal);
    expect(await stockOf(mango)).toBe(9);
  });

  it('refuses a client that claims less than today’s price, even with line prices that did not change', async () => {
    const lime = await addProduct('Lime claimed', 80);
    const res = await order([[lime, 1, 80]], 10, crypto.randomUUID());
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: { code: string; details: { lines: unknown[]; totalAmount: number } } };
    expect(body.error.code).toBe('price_changed');
    expect(body.error.details.lines).toEqual([]);
    expect(body.error.details.totalAmount).toBe(priceCart([{ price: 80, cartQuantity: 1 }]).subtotal);
    // A line that claims a lower price than today's is charged today's price when the total holds.
    const placed = await order([[lime, 1, 1]], shownTotal([[lime, 1, 80]]), crypto.randomUUID());
    expect(placed.status).toBe(201);
    expect(orderSchema.parse(await placed.json()).orderedProduct[0]?.price).toBe(80);
  });

  it('answers a retry under the same key with the same refusal, and places it under a new key at today’s prices', async () => {
    const gourd = await addProduct('Gourd retried', 50);
    const seen: Array<[Product, number, number]> = [[gourd, 2, 50]];
    await reprice(gourd, 70);
    const key = crypto.randomUUID();
    const first = await order(seen, shownTotal(seen), key);
    const again = await order(seen, shownTotal(seen), key);
    expect([first.status, again.status]).toEqual([409, 409]);
    expect(await again.json()).toEqual(await first.json());
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const todays: Array<[Product, number, number]> = [[gourd, 2, 70]];
    const placed = await order(todays, shownTotal(todays), crypto.randomUUID());
    expect(placed.status).toBe(201);
    expect(orderSchema.parse(await placed.json()).totalAmount).toBe(shownTotal(todays));
    expect(await stockOf(gourd)).toBe(8);
  });

  it('takes today’s prices from a client that sends no quote, as before', async () => {
    const okra = await addProduct('Okra unquoted', 40);
    await reprice(okra, 45);
    const res = await order([[okra, 1, 40]], undefined, crypto.randomUUID());
    expect(res.status).toBe(201);
    expect(orderSchema.parse(await res.json()).orderedProduct[0]?.price).toBe(45);
  });

  it('refuses a quote that is not a number with 400 naming the field', async () => {
    const bean = await addProduct('Bean typo', 40);
    for (const [body, field] of [
      [{ totalAmount: 'lots' }, 'totalAmount'],
      [{ totalAmount: -5 }, 'totalAmount'],
      [{ orderedProduct: [{ _id: bean._id, cartQuantity: 1, price: 'forty' }] }, 'orderedProduct.0.price'],
    ] as const) {
      const res = await t.call('POST', '/api/orders', {
        role: 'customerA',
        headers: { 'Idempotency-Key': crypto.randomUUID() },
        body: { ...(await orderBody(t, customerA)), ...body },
      });
      expect(res.status, field).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; details: { fields: Record<string, string[]> } };
      };
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.details.fields)).toContain(field);
    }
  });
});
