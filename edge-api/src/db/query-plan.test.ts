/**
 * The queries the API runs use their indexes (EXPLAIN QUERY PLAN), so My Orders stays fast at
 * 100k orders. The SQL is the db modules' own, so a change to a query is checked here.
 */
import type { InStatement } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../testing/test-db';
import { listOrdersStatement } from './orders';
import { LIST_PRODUCTS_SQL } from './products';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

const plan = async (statement: InStatement) => {
  const { sql, args = [] } = typeof statement === 'string' ? { sql: statement } : statement;
  return (await t.db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((r) => String(r.detail)).join('\n');
};

describe('query plans', () => {
  it('lists one customer’s orders newest first through orders_email_created, without sorting', async () => {
    const detail = await plan(listOrdersStatement({ email: 'a@b.test' }));
    expect(detail).toMatch(/USING INDEX orders_email_created/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('lists every order by date through orders_created, without sorting', async () => {
    const detail = await plan(listOrdersStatement());
    expect(detail).toMatch(/USING INDEX orders_created/);
    expect(detail).not.toMatch(/TEMP B-TREE/);
  });

  it('reads the catalogue in order through products_created', async () => {
    expect(await plan(LIST_PRODUCTS_SQL)).toMatch(/USING INDEX products_created/);
  });
});
