import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';
import { ActiveAreasCache } from './area-list';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.cleanup());

describe('ActiveAreasCache', () => {
  it('answers the same bytes within the TTL, the change after it, and keeps its ETag while nothing changed', async () => {
    let now = 0;
    const cache = new ActiveAreasCache(t.db, 1000, () => now);
    const first = await cache.current();
    const ids = (JSON.parse(first.body) as Array<{ id: string }>).map((a) => a.id);
    expect(ids).toContain('savar');
    await t.db.execute("UPDATE delivery_areas SET active = 0 WHERE id = 'savar'");
    now = 999;
    expect(await cache.current()).toBe(first);
    now = 1000;
    const next = await cache.current();
    expect((JSON.parse(next.body) as Array<{ id: string }>).map((a) => a.id)).not.toContain('savar');
    expect(next.etag).not.toBe(first.etag);
    now = 5000;
    expect(await cache.current()).toBe(next);
    await t.db.execute("UPDATE delivery_areas SET active = 1 WHERE id = 'savar'");
    cache.invalidate();
    expect((await cache.current()).etag).toBe(first.etag);
  });
});
