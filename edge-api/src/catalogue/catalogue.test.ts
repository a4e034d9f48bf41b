import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';
import { CatalogueCache } from './catalogue';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('CatalogueCache', () => {
  it('serves the same bytes without asking again within the TTL, and the new version after it', async () => {
    let now = 0;
    const cache = new CatalogueCache(t.db, 1000, () => now);
    const first = await cache.current();
    expect(JSON.parse(first.body)).toHaveLength(
      Number((await t.db.execute('SELECT count(*) AS n FROM products')).rows[0]?.n),
    );
    await t.db.execute('UPDATE products SET price = price + 1 WHERE id = (SELECT id FROM products LIMIT 1)');
    now = 999;
    expect(await cache.current()).toBe(first);
    now = 1000;
    const next = await cache.current();
    expect(next.version).toBe(first.version + 1);
    expect(next.etag).not.toBe(first.etag);
    expect(next.body).not.toBe(first.body);
  });

  it('asks the database at once after invalidate()', async () => {
    const cache = new CatalogueCache(t.db, 60_000);
    const first = await cache.current();
    await t.db.execute('DELETE FROM products WHERE id = (SELECT id FROM products ORDER BY created_at DESC LIMIT 1)');
    expect(await cache.current()).toBe(first);
    cache.invalidate();
    expect((await cache.current()).version).toBe(first.version + 1);
  });
});
