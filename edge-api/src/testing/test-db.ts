/** A fresh, migrated libSQL database file in a temp folder, for API tests (no mocks), and its query plans. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client, InStatement } from '@libsql/client';
import { parseConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/prepare';
// Log lines go to memory (testing/test-logs.ts), not the test output.
import './test-logs';

export type TestDb = { db: Client; url: string; config: AppConfig; cleanup: () => void };

/**
 * Opens a new database file, applies every migration and (unless `seed: false`) the seed
 * catalogue, and parses its config with `env` added. OPEN_ORDERS_PER_ACCOUNT and MAX_UNITS_PER_PRODUCT are raised out of the
 * way of tests that place many orders for one account; the limit's own tests pass `''` (unset:
 * the default).
 */
export async function createTestDb(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-test-'));
  const url = `file:${join(dir, 'shop.db')}`;
  const db = await openDatabase(url);
  await prepareDatabase(db, { seed: options.seed !== false });
  const config = parseConfig({
    DATABASE_URL: url,
    OPEN_ORDERS_PER_ACCOUNT: '1000000',
    MAX_UNITS_PER_PRODUCT: '1000000',
    ...options.env,
  });
  return {
    db,
    url,
    config,
    cleanup: () => {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SQLite's plan for `statement` on `db` (EXPLAIN QUERY PLAN): its steps' details, one a line. */
export async function queryPlan(db: Client, statement: InStatement): Promise<string> {
  const { sql, args = [] } = typeof statement === 'string' ? { sql: statement } : statement;
  return (await db.execute({ sql: `EXPLAIN QUERY PLAN ${sql}`, args })).rows.map((r) => String(r.detail)).join('\n');
}
