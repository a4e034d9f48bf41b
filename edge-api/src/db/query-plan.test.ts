/** The order queries use their indexes (EXPLAIN QUERY PLAN), so My Orders stays fast at 100k orders. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

const plan = async (sql: string, args: (string | number)[] = []) =>
  (await t.db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((r) => String(r.detail)).join('\n');

describe('query plans', () => {
  it('lists one customer’s orders newest first through orders_email_created, without sorting', async () => {
    const detail = await plan('SELECT * FROM orders WHERE email = ? ORDER BY created_at DESC', ['a@b.test']);
    expect(detail).toMatch(/USING INDEX orders_email_created/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('lists every order by date through orders_created, without sorting', async () => {
    const detail = await plan('SELECT * FROM orders ORDER BY created_at DESC');
    expect(detail).toMatch(/USING INDEX orders_created/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('reads the catalogue in order through products_created', async () => {
    expect(await plan('SELECT * FROM products ORDER BY created_at, id')).toMatch(/USING INDEX products_created/);
  });
});
