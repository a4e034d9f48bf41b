import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_VERSION_HEADER, type Product } from '../contract/catalogue';
import { productSchema } from '../contract/product';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const add = (body: unknown) => t.call('POST', '/api/products', { role: 'admin', body });
const list = async () => productSchema.array().parse(await (await t.call('GET', '/api/products')).json());
const okra = {
  name: 'Okra (Dherosh)',
  price: '12.5',
  image: 'https://cdn.example.test/okra.webp',
  category: 'vegetable',
};

describe('admin product management', () => {
  it('adds a product, converting a text price like "12.5", and appends it to the catalogue', async () => {
    const res = await add({ ...okra, _id: 'chosen-by-client', rating: 5 });
    expect(res.status).toBe(201);
    const product = productSchema.parse(await res.json());
    expect(product).toMatchObject({ name: 'Okra (Dherosh)', price: 12.5, category: 'vegetable', season: null });
    expect(product._id).not.toBe('chosen-by-client');
    expect((await list()).at(-1)).toEqual(product);
  });

  it.each([
    ['"19.99"', '19.99', 19.99],
    ['9.95', 9.95, 9.95],
    ['"2.20"', '2.20', 2.2],
    ['1.10', 1.1, 1.1],
    ['"999.99"', '999.99', 999.99],
    ['0.01', 0.01, 0.01],
  ])('stores a price of %s exactly as %s Tk, and answers it so in the catalogue', async (_name, price, stored) => {
    const res = await add({ ...okra, name: `Priced ${String(price)}`, price });
    expect(res.status).toBe(201);
    const product = productSchema.parse(await res.json());
    expect(product.price).toBe(stored);
    expect((await list()).find((p) => p._id === product._id)?.price).toBe(stored);
    const updated = await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: { price } });
    expect(updated.status).toBe(200);
  });

  it.each([
    ['"19.999"', '19.999'],
    ['9.955', 9.955],
    ['0.001', 0.001],
  ])('refuses a price of %s (three decimals) with 400 on the price field', async (_name, price) => {
    const res = await add({ ...okra, price });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { price: ['At most 2 decimal places (poisha)'] } } },
    });
  });

  it.each([
    ['price "abc"', { price: 'abc' }, 'price'],
    ['price 0', { price: 0 }, 'price'],
    ['price -5', { price: -5 }, 'price'],
    ['name over 80', { name: 'x'.repeat(81) }, 'name'],
    ['no name', { name: '' }, 'name'],
    ['image javascript:', { image: 'javascript:alert(1)' }, 'image'],
    ['category meat', { category: 'meat' }, 'category'],
  ])('rejects %s with a field message', async (_name, override, field) => {
    const res = await add({ ...okra, ...override });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(body.error.details.fields[field]?.[0]).toEqual(expect.any(String));
  });

  it('updates only the edited fields', async () => {
    const product = productSchema.parse(await (await add(okra)).json());
    const res = await t.call('PUT', `/api/products/update/${product._id}`, {
      role: 'admin',
      body: { price: 70, season: 'summer' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1, product: { ...product, price: 70, season: 'summer' } });
    expect((await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: {} })).status).toBe(400);
  });

  it('adds a product with its Bangla name and out of stock, or in stock with none by default', async () => {
    expect(productSchema.parse(await (await add({ ...okra, nameBn: 'ঢেঁড়স', inStock: false })).json())).toMatchObject({
      nameBn: 'ঢেঁড়স',
      inStock: false,
    });
    expect(productSchema.parse(await (await add(okra)).json())).toMatchObject({ nameBn: null, inStock: true });
  });

  it('updates inStock alone or nameBn alone, leaving every other field (and removes the Bangla name with null or "")', async () => {
    const product = productSchema.parse(await (await add({ ...okra, nameBn: 'ঢেঁড়স' })).json());
    const update = async (body: unknown) => {
      const res = await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body });
      expect(res.status).toBe(200);
      const answer = (await res.json()) as { modifiedCount: number; product: Product };
      expect(answer.modifiedCount).toBe(1);
      expect((await list()).find((p) => p._id === product._id)).toEqual(answer.product);
      return answer.product;
    };
    expect(await update({ inStock: false })).toEqual({ ...product, inStock: false });
    expect(await update({ nameBn: 'ভেন্ডি' })).toEqual({ ...product, inStock: false, nameBn: 'ভেন্ডি' });
    expect(await update({ inStock: true, nameBn: null })).toEqual({ ...product, nameBn: null });
    expect(await update({ nameBn: 'ঢেঁড়স' })).toEqual(product);
    expect(await update({ nameBn: '  ' })).toEqual({ ...product, nameBn: null });
  });

  it('refuses an update with no field, or a non-boolean inStock, with 400 naming the field', async () => {
    const product = productSchema.parse(await (await add(okra)).json());
    const empty = await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: {} });
    expect(empty.status).toBe(400);
    const bad = await t.call('PUT', `/api/products/update/${product._id}`, { role: 'admin', body: { inStock: 'no' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { details: { fields: { inStock: ['In stock is true or false'] } } },
    });
  });

  it('deletes exactly that product and keeps the others', async () => {
    const a = productSchema.parse(await (await add({ ...okra, name: 'Okra A' })).json());
    const b = productSchema.parse(await (await add({ ...okra, name: 'Okra B' })).json());
    const before = await list();
    expect(await (await t.call('DELETE', `/api/products/${a._id}`, { role: 'admin' })).json()).toEqual({
      deletedCount: 1,
    });
    const after = await list();
    expect(after.map((p: Product) => p._id)).toEqual(before.filter((p) => p._id !== a._id).map((p) => p._id));
    expect(after.some((p) => p._id === b._id)).toBe(true);
    expect((await t.call('DELETE', `/api/products/${a._id}`, { role: 'admin' })).status).toBe(404);
  });
});

describe('catalogue caching', () => {
  it.each(['/api/products', '/api/reviews'])(
    '%s sends a strong ETag and answers If-None-Match with 304',
    async (path) => {
      const first = await t.call('GET', path);
      const etag = first.headers.get('ETag');
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
      const again = await t.call('GET', path, { headers: { 'If-None-Match': etag ?? '' } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    },
  );

  it('changes the ETag when the catalogue changes', async () => {
    const before = (await t.call('GET', '/api/products')).headers.get('ETag') ?? '';
    await add({ ...okra, name: 'Okra C' });
    const res = await t.call('GET', '/api/products', { headers: { 'If-None-Match': before } });
    expect(res.status).toBe(200);
    expect(res.headers.get('ETag')).not.toBe(before);
  });
});

describe('catalogue order', () => {
  it('appends products added in quick succession in the order they were added', async () => {
    const names = ['Quick 1', 'Quick 2', 'Quick 3', 'Quick 4', 'Quick 5'];
    for (const name of names) await add({ ...okra, name });
    expect((await list()).slice(-5).map((p) => p.name)).toEqual(names);
  });
});

describe('catalogue delta (?since=)', () => {
  type Delta = { version: number; changed: Product[]; deleted: string[] };
  const version = async () => Number((await t.call('GET', '/api/products')).headers.get(CATALOGUE_VERSION_HEADER));
  const since = async (v: number) => (await (await t.call('GET', `/api/products?since=${v}`)).json()) as Delta;

  it('sends only what changed after a version: edits, additions and deletions', async () => {
    const start = await version();
    expect(await since(start)).toEqual({ version: start, changed: [], deleted: [] });
    const [first, second] = await list();
    await t.call('PUT', `/api/products/update/${first?._id}`, { role: 'admin', body: { price: 99 } });
    const added = productSchema.parse(await (await add({ ...okra, name: 'Okra Delta' })).json());
    await t.call('DELETE', `/api/products/${second?._id}`, { role: 'admin' });
    const delta = await since(start);
    expect(delta.version).toBe(start + 3);
    expect(delta.changed).toEqual([{ ...first, price: 99 }, added]);
    expect(delta.deleted).toEqual([second?._id]);
    expect(await version()).toBe(start + 3);
  });

  it('sends a product that went out of stock or got a Bangla name (new catalogue versions)', async () => {
    const [first, second] = await list();
    if (!first || !second) throw new Error('seed changed');
    const start = await version();
    await t.call('PUT', `/api/products/update/${first._id}`, { role: 'admin', body: { inStock: false } });
    await t.call('PUT', `/api/products/update/${second._id}`, { role: 'admin', body: { nameBn: 'নতুন নাম' } });
    const delta = await since(start);
    expect(delta.version).toBe(start + 2);
    expect(delta.changed).toEqual([
      { ...first, inStock: false },
      { ...second, nameBn: 'নতুন নাম' },
    ]);
    await t.call('PUT', `/api/products/update/${first._id}`, { role: 'admin', body: { inStock: true } });
    await t.call('PUT', `/api/products/update/${second._id}`, { role: 'admin', body: { nameBn: second.nameBn } });
  });

  it('sees writes made outside the API (any process) through the database triggers', async () => {
    const start = await version();
    await t.db.execute({ sql: "UPDATE products SET price = 42 WHERE name = 'Okra Delta'" });
    const delta = await since(start);
    expect(delta.changed.map((p) => [p.name, p.price])).toEqual([['Okra Delta', 42]]);
  });

  it.each([['abc'], ['-1'], ['1.5'], ['999999999']])('rejects since=%s with a field message', async (value) => {
    const res = await t.call('GET', `/api/products?since=${value}`);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string[]> } } };
    expect(body.error.details.fields.since?.[0]).toEqual(expect.any(String));
  });
});
