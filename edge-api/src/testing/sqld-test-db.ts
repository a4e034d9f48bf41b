/**
 * A started sqld (libSQL server over HTTP) in a temp folder with a migrated, seeded database,
 * for API tests that need requests to really overlap (testing/processes.ts runs the binary).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseConfig } from '../config';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { sqldServer, type Restartable } from './processes';
import type { TestDb } from './test-db';

/** The sqld process and a test database on it; `stop()` closes the client, stops sqld and removes its folder. */
export type SqldTestDb = TestDb & { sqld: Restartable; stop: () => Promise<void> };

/**
 * Starts sqld, migrates and seeds its database, and parses a config for it with emulator-token
 * auth, write limits, OPEN_ORDERS_PER_ACCOUNT and MAX_UNITS_PER_PRODUCT lifted and `env` added.
 */
export async function startSqldTestDb(env: Record<string, string> = {}): Promise<SqldTestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-sqld-'));
  const sqld = await sqldServer(dir);
  await sqld.start();
  const db = await openDatabase(sqld.url);
  await prepareDatabase(db);
  const config = parseConfig({
    DATABASE_URL: sqld.url,
    FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
    RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000',
    OPEN_ORDERS_PER_ACCOUNT: '1000000',
    MAX_UNITS_PER_PRODUCT: '1000000',
    ...env,
  });
  const cleanup = () => db.close();
  return {
    db,
    url: sqld.url,
    config,
    cleanup,
    sqld,
    stop: async () => {
      cleanup();
      await sqld.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
