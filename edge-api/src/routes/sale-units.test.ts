/**
 * Sale units end to end on the API (DESIGN.md §4 "Units"): the catalogue and its delta carry each
 * product's unit, unit size and weight tolerance; the admin's add and update check them field by
 * field; an order prices whole sale units and snapshots the unit with each line; lines stored
 * before units read as 1 kg.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_VERSION_HEADER, type Product } from '../contract/catalogue';
import { orderSchema } from '../contract/order';
import { productSchema } from '../contract/product';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const list = async () => productSchema.array().parse(await (await t.call('GET', '/api/products')).json());
const byName = async (name: string) => {
  const product = (await list()).find((p) => p.name === name);
  if (!product) throw new Error(`no ${name} in the seed`);
  return product;
};
const add = (body: unknown) => t.call('POST', '/api/products', { role: 'admin', body });
const update = (id: string, body: unknown) => t.call('PUT', `/api/products/update/${id}`, { role: 'admin', body });
const fieldsOf = async (res: Response) =>
  ((await res.json()) as { error: { details: { fields: Record<string, string[]> } } }).error.details.fields;
const okra = { name: 'Okra (Dherosh)', price: 20, image: '/products/okra.webp', category: 'vegetable' };

describe('the catalogue', () => {
  it('gives every product its sale unit: the seeded kg products 1 kg, and packs, bundles, pieces and hali', async () => {
    const products = await list();
    expect(await byName('Potato (Alu)')).toMatchObject({ price: 30, unit: 'kg', unitSize: 1, weightTolerance: null });
    expect(await byName('Green Chili Pack')).toMatchObject({ price: 30, unit: 'g', unitSize: 250 });
    expect(await byName('Spinach Bundle (Palong Shak)')).toMatchObject({ unit: 'bundle', unitSize: 1 });
    expect(await byName('Long Lemon (Lomba Lebu)')).toMatchObject({ unit: 'piece', unitSize: 4 });
    expect(await byName('Champa Banana')).toMatchObject({ unit: 'hali', unitSize: 1 });
    expect(await byName('Seedless Lime (Bijhin Lebu)')).toMatchObject({ unit: 'dozen', unitSize: 1 });
    expect(await byName('Black Grapes (Kalo Angur)')).toMatchObject({ unit: 'g', unitSize: 500, weightTolerance: 50 });
    expect(products.filter((p) => p.unit !== 'kg').length).toBeGreaterThanOrEqual(8);
  });

  it('sends a product whose unit changed in the delta (a new catalogue version), and the new unit in the whole catalogue', async () => {
    const start = Number((await t.call('GET', '/api/products')).headers.get(CATALOGUE_VERSION_HEADER));
    const added = productSchema.parse(await (await add(okra)).json());
    expect((await update(added._id, { unit: 'g', unitSize: 500, weightTolerance: 25 })).status).toBe(200);
    const delta = (await (await t.call('GET', `/api/products?since=${start}`)).json()) as {
      version: number;
      changed: Product[];
    };
    expect(delta.version).toBe(start + 2);
    expect(delta.changed).toEqual([{ ...added, unit: 'g', unitSize: 500, weightTolerance: 25 }]);
    expect((await list()).find((p) => p._id === added._id)).toEqual(delta.changed[0]);
  });
});

describe("the admin's add and update", () => {
  it('adds a product in kg, 1 at a time, without a tolerance unless told', async () => {
    const res = await add(okra);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ unit: 'kg', unitSize: 1, weightTolerance: null });
  });

  it('adds a 250 g pack with a tolerance from the form’s text, and clears the tolerance with ""', async () => {
    const res = await add({ ...okra, unit: 'g', unitSize: '250', weightTolerance: '50' });
    expect(res.status).toBe(201);
    const product = productSchema.parse(await res.json());
    expect(product).toMatchObject({ unit: 'g', unitSize: 250, weightTolerance: 50 });
    const cleared = (await (await update(product._id, { weightTolerance: '' })).json()) as { product: Product };
    expect(cleared.product).toEqual({ ...product, weightTolerance: null });
  });

  it.each([
    ['unit "lb"', { unit: 'lb' }, 'unit', 'Choose kg, g, piece, bundle, dozen or hali'],
    ['unitSize 0', { unitSize: 0 }, 'unitSize', 'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250'],
    ['unitSize 2.5', { unitSize: 2.5 }, 'unitSize', 'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250'],
    ['unitSize "a few"', { unitSize: 'a few' }, 'unitSize', 'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250'],
    ['unitSize 10001', { unitSize: 10_001 }, 'unitSize', 'Enter a whole number from 1 to 10,000, e.g. 1, 4 or 250'],
    [
      'weightTolerance -5',
      { weightTolerance: -5 },
      'weightTolerance',
      'Enter grams from 1 to 1,000, or leave it empty',
    ],
    [
      'weightTolerance "50g"',
      { weightTolerance: '50g' },
      'weightTolerance',
      'Enter grams from 1 to 1,000, or leave it empty',
    ],
    [
      'weightTolerance 1001',
      { weightTolerance: 1001 },
      'weightTolerance',
      'Enter grams from 1 to 1,000, or leave it empty',
    ],
  ])('refuses %s with 400 and the field’s message, on add and on update', async (_name, override, field, message) => {
    const added = await add({ ...okra, ...override });
    expect(added.status).toBe(400);
    expect(await fieldsOf(added)).toEqual({ [field]: [message] });
    const potato = await byName('Potato (Alu)');
    const updated = await update(potato._id, override);
    expect(updated.status).toBe(400);
    expect(await fieldsOf(updated)).toEqual({ [field]: [message] });
    expect(await byName('Potato (Alu)')).toEqual(potato);
  });
});

describe('orders in sale units', () => {
  it('prices whole sale units (price per unit × units) and snapshots each line’s unit and unit size', async () => {
    const chili = await byName('Green Chili Pack');
    const spinach = await byName('Spinach Bundle (Palong Shak)');
    const potato = await byName('Potato (Alu)');
    const res = await t.call('POST', '/api/orders', {
      role: 'customerA',
      headers: { 'Idempotency-Key': crypto.randomUUID() },
      body: {
        ...(await orderBody(t, customerA)),
        orderedProduct: [
          { _id: chili._id, cartQuantity: 2, unit: 'kg', unitSize: 1 },
          { _id: spinach._id, cartQuantity: 1 },
          { _id: potato._id, cartQuantity: 3 },
        ],
      },
    });
    expect(res.status).toBe(201);
    const order = orderSchema.parse(await res.json());
    // 2 × 30 + 1 × 20 + 3 × 30 = 170 ≤ 200 → shipping 40; tax 8.5; ceil(218.5) = 219.
    expect(order.totalAmount).toBe(219);
    expect(
      order.orderedProduct.map(({ name, price, unit, unitSize, cartQuantity }) => [
        name,
        price,
        unit,
        unitSize,
        cartQuantity,
      ]),
    ).toEqual([
      ['Green Chili Pack', 30, 'g', 250, 2],
      ['Spinach Bundle (Palong Shak)', 20, 'bundle', 1, 1],
      ['Potato (Alu)', 30, 'kg', 1, 3],
    ]);
    // The snapshot stays as ordered when the product's unit changes later.
    expect((await update(chili._id, { unitSize: 100, price: 15 })).status).toBe(200);
    const again = orderSchema.parse(
      await (await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' })).json(),
    );
    expect(again.orderedProduct[0]).toMatchObject({ price: 30, unit: 'g', unitSize: 250, cartQuantity: 2 });
    await update(chili._id, { unitSize: 250, price: 30 });
  });

  it('reads a line stored before products had units as 1 kg', async () => {
    const at = Date.now();
    await t.db.execute({
      sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, total_amount, order_date, ordered_product, created_at)
            VALUES ('before-units', ?, 'Asha', ?, '01711000000', 'Dhaka', 72, 'd', ?, ?)`,
      args: [
        customerA.uid,
        customerA.email,
        JSON.stringify([
          { _id: 'p', name: 'Potato (Alu)', price: 30, image: '/products/potato.webp', cartQuantity: 1 },
        ]),
        at,
      ],
    });
    await t.db.execute({
      sql: "INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES ('before-units', 'Pending', ?, ?)",
      args: [at, customerA.uid],
    });
    const res = await t.call('GET', '/api/orders/before-units', { role: 'customerA' });
    expect(res.status).toBe(200);
    expect(orderSchema.parse(await res.json()).orderedProduct).toEqual([
      {
        _id: 'p',
        name: 'Potato (Alu)',
        price: 30,
        image: '/products/potato.webp',
        unit: 'kg',
        unitSize: 1,
        // Stored before packing too (DESIGN.md §17): no tolerance, no substitute.
        weightTolerance: null,
        cartQuantity: 1,
        substitution: 'none',
      },
    ]);
  });
});

describe('the OpenAPI document', () => {
  it('documents the sale unit of a product, of the add body and of an order line', async () => {
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown>; required?: string[] }> };
    };
    const product = doc.components.schemas.Product;
    expect(product?.properties?.unit).toMatchObject({ enum: ['kg', 'g', 'piece', 'bundle', 'dozen', 'hali'] });
    expect(product?.required).toEqual(expect.arrayContaining(['unit', 'unitSize', 'weightTolerance']));
    expect(JSON.stringify(doc)).toContain('"unitSize"');
    const order = JSON.stringify(doc.components.schemas.Order);
    expect(order).toContain('"unit"');
  });
});
