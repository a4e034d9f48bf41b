/**
 * Guarded batches on the clients the API runs on: a `file:` database, and a real libSQL server
 * (sqld) through `@libsql/client` (Node) and `@libsql/client/web` (Workers). The sqld half is
 * skipped, saying why, where the sqld binary is not installed.
 */
import type { Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sqldMissing } from '../testing/processes';
import { startSqldTestDb, type SqldTestDb } from '../testing/sqld-test-db';
import { createTestDb, type TestDb } from '../testing/test-db';
import { runGuardedBatch, writeGuard } from './guarded-batch';

const missing = sqldMissing();

/** The checks, on the database `open()` gives once the suite's setup ran. */
function guardedBatchChecks(open: () => Client) {
  let db: Client;
  beforeEach(async () => {
    db = open();
    await db.execute("DELETE FROM users WHERE email LIKE '%@guard.test'");
  });
  const insert = (email: string) => ({
    sql: "INSERT INTO users (email, display_name, created_at, updated_at) VALUES (?, 'Guard', 0, 0)",
    args: [email],
  });
  const count = async () =>
    Number((await db.execute("SELECT count(*) AS n FROM users WHERE email LIKE '%@guard.test'")).rows[0]?.n);
  const atMost = (n: number, error: Error | (() => Error)) =>
    writeGuard("(SELECT count(*) FROM users WHERE email LIKE '%@guard.test') <= ?", [n], error);

  it('commits when every guard holds, each seeing the writes before it', async () => {
    expect(
      await runGuardedBatch(db, [insert('a@guard.test'), atMost(1, new Error('one')), insert('b@guard.test')]),
    ).toBe(undefined);
    expect(await count()).toBe(2);
  });

  it('keeps nothing and returns the first guard that failed, for a false or a NULL condition', async () => {
    const full = atMost(1, new Error('full'));
    const later = atMost(0, new Error('later'));
    expect(await runGuardedBatch(db, [insert('a@guard.test'), insert('b@guard.test'), full, later])).toBe(full);
    expect(await count()).toBe(0);
    const unknown = writeGuard('NULL', [], new Error('unknown'));
    expect(await runGuardedBatch(db, [insert('a@guard.test'), unknown])).toBe(unknown);
    expect(await count()).toBe(0);
  });

  it('makes a guard’s error only when a failed guard is asked for it, and once', async () => {
    let made = 0;
    const error = () => {
      made += 1;
      return new Error('full');
    };
    const roomy = atMost(5, error);
    expect(await runGuardedBatch(db, [insert('a@guard.test'), roomy])).toBe(undefined);
    const full = atMost(0, error);
    expect(await runGuardedBatch(db, [insert('b@guard.test'), full])).toBe(full);
    expect(made).toBe(0);
    expect(full.error.message).toBe('full');
    expect(full.error).toBe(full.error);
    expect(made).toBe(1);
  });

  it('throws any other failure of the batch, keeping nothing', async () => {
    await expect(
      runGuardedBatch(db, [insert('a@guard.test'), atMost(5, new Error('room')), insert('a@guard.test')]),
    ).rejects.toThrow(/UNIQUE|PRIMARY KEY|constraint/i);
    expect(await count()).toBe(0);
  });
}

describe('a guarded batch on a file: database', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb({ seed: false });
  });
  afterAll(() => t.cleanup());
  guardedBatchChecks(() => t.db);
});

describe.skipIf(missing !== undefined)(`a guarded batch over sqld${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let s: SqldTestDb;
  let web: Client;
  beforeAll(async () => {
    s = await startSqldTestDb();
    web = createWebClient({ url: s.url });
  }, 60_000);
  afterAll(async () => {
    web.close();
    await s.stop();
  });
  describe('with @libsql/client (Node)', () => guardedBatchChecks(() => s.db));
  describe('with @libsql/client/web (Workers)', () => guardedBatchChecks(() => web));
});
