import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { productSchema } from './contract/product';
import { createTestDb, type TestDb } from './testing/test-db';

let t: TestDb;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestDb();
  app = createApp({ db: t.db, config: t.config });
});
afterAll(() => t.cleanup());

describe('GET /api/health', () => {
  it('reports the database up after a real query', async () => {
    const res = await app.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, db: 'up' });
  });
});

describe('GET /api/products', () => {
  it('lists the seed catalogue in the spec shape, in seed order', async () => {
    const res = await app.request('/api/products');
    expect(res.status).toBe(200);
    const products = productSchema.array().parse(await res.json());
    expect(products.length).toBeGreaterThanOrEqual(36);
    expect(products[0]).toMatchObject({
      name: 'Potato (Alu)',
      price: 30,
      image: '/products/potato.webp',
      category: 'vegetable',
    });
    expect(new Set(products.map((p) => p._id)).size).toBe(products.length);
    expect(products.every((p) => p.image.startsWith('/products/') && p.price > 0)).toBe(true);
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(['vegetable', 'fruit']));
  });
});

describe('unknown API paths', () => {
  it.each(['/api/nope', '/api/products/extra/deep', '/api'])('%s is a JSON 404, never HTML', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
