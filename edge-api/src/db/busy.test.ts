/**
 * A `file:` database locked by another connection, as a client of the API sees it: reads and
 * writes that wait past the busy timeout answer 503 `database_busy` with Retry-After — never a
 * bare 500 — logged at warn with the reason, and the API serves again as soon as the lock is let
 * go. The lock is held by a real second libSQL connection on the same file: in exclusive locking
 * mode (every other connection's reads fail SQLITE_BUSY), or holding the write lock in a
 * transaction (WAL: reads go on, writes fail SQLITE_BUSY).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, LibsqlError, type Client, type Transaction } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CatalogueCache } from '../catalogue/catalogue';
import { parseConfig } from '../config';
import { databaseBusy } from './busy';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';
import { admin, customerA, logsOf, orderBody } from '../testing/test-app';
import { emulatorToken, type TokenClaims } from '../testing/tokens';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';

/** The app's busy timeout here (ms): long enough to be a real wait, short enough for a test. */
const TEST_BUSY_TIMEOUT_MS = 150;

let dir: string;
/** Paths of seeded database files no connection has open (each test takes its own). */
const files: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-busy-'));
  const source = await openDatabase(`file:${join(dir, 'source.db')}`);
  await prepareDatabase(source);
  // Copies no connection has opened: a closed client's connections can keep their file locks
  // until they are garbage-collected, which would stop a second connection's exclusive lock.
  for (const name of ['reads.db', 'writes.db']) {
    const path = join(dir, name);
    await source.execute({ sql: 'VACUUM INTO ?', args: [path] });
    files.push(path);
  }
  source.close();
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The API over `db`, re-reading the catalogue on every request so each read meets the database. */
function apiOver(db: Client, url: string) {
  const config = parseConfig({
    DATABASE_URL: url,
    FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
    ADMIN_EMAILS: admin.email,
    RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000',
  });
  const app = createApp({ db, config, catalogue: new CatalogueCache(db, 0) });
  return (method: string, path: string, user?: TokenClaims, body?: unknown, key?: string) =>
    app.request(path, {
      method,
      headers: {
        'Content-Type': 'application/json',
        ...(user ? { Authorization: `Bearer ${emulatorToken(user)}` } : {}),
        ...(key ? { 'Idempotency-Key': key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** Checks that `res` is the 503 of a locked database: code, Retry-After, and one warn line with the reason (no SQL). */
async function expectBusy(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('Retry-After')).toBe('2');
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({
    error: { code: 'database_busy', message: 'The shop’s database is busy right now; try again in a moment.' },
  });
  expect(text).not.toMatch(/SQLITE|SELECT|INSERT|UPDATE/);
  const lines = logsOf(res);
  expect(lines.filter((line) => line.level !== 'INFO')).toEqual([
    expect.objectContaining({
      level: 'WARN',
      message: 'database busy',
      code: 'database_busy',
      reason: expect.stringMatching(/^SQLITE_BUSY\b/),
    }),
  ]);
  expect(JSON.stringify(lines)).not.toMatch(/SELECT|INSERT|UPDATE/);
}

describe('a database locked by another connection', () => {
  it('answers reads 503 database_busy while another connection holds the file exclusively, and serves once it lets go', async () => {
    const url = `file:${files[0]}`;
    // The other connection: one connection (concurrency 1), in exclusive locking mode, that has written.
    // Exclusive locking mode from its first access, then into WAL (as the server keeps the file):
    // WAL without shared memory, so the whole file stays locked once it has written.
    const holder = createClient({ url, concurrency: 1 });
    await holder.execute('PRAGMA locking_mode = EXCLUSIVE');
    await holder.execute('PRAGMA journal_mode = WAL');
    await holder.execute("UPDATE products SET price = price WHERE name = 'Tomato'");
    // The API's client, opened while the file is held (openDatabase's WAL pragma would fail busy
    // at start-up), with the busy timeout openDatabase gives.
    const db = createClient({ url, timeout: TEST_BUSY_TIMEOUT_MS });
    const send = apiOver(db, url);
    try {
      const started = performance.now();
      const answers = [
        await send('GET', '/api/products'),
        await send('GET', '/api/delivery-slots'),
        await send('GET', `/api/orders?email=${customerA.email}`, customerA),
      ];
      for (const res of answers) await expectBusy(res);
      // Each waited the busy timeout, then gave up: no request hangs on the lock.
      expect(performance.now() - started).toBeGreaterThanOrEqual(answers.length * TEST_BUSY_TIMEOUT_MS * 0.9);
      expect(performance.now() - started).toBeLessThan(5_000);

      // The holder lets go (closing a client does not: its connections keep their locks until
      // garbage-collected): out of WAL, back to normal locking, released at its next access.
      await holder.execute('PRAGMA journal_mode = DELETE');
      await holder.execute('PRAGMA locking_mode = NORMAL');
      await holder.execute('SELECT count(*) FROM products');
      for (const path of ['/api/products', '/api/delivery-slots']) expect((await send('GET', path)).status).toBe(200);
      expect((await send('GET', `/api/orders?email=${customerA.email}`, customerA)).status).toBe(200);
    } finally {
      db.close();
      holder.close();
    }
  });

  it('answers writes 503 database_busy while another connection holds the write lock (reads go on), and the same key places the order afterwards', async () => {
    const url = `file:${files[1]}`;
    // A busy timeout past db/busy.ts's WAITED_BUSY_MS (1 s): the real one is 5 s.
    const busyTimeoutMs = 1_100;
    const db = await openDatabase(url, undefined, { busyTimeoutMs });
    const send = apiOver(db, url);
    const holder = createClient({ url });
    let tx: Transaction | undefined;
    try {
      const body = await orderBody({ db, url, config: parseConfig({}), cleanup: () => undefined }, customerA);
      const placed = await send('POST', '/api/orders', customerA, body, crypto.randomUUID());
      expect(placed.status).toBe(201);
      const { _id: orderId } = (await placed.json()) as { _id: string };

      tx = await holder.transaction('write');
      await tx.execute("UPDATE products SET price = price WHERE name = 'Tomato'");
      // WAL: readers do not wait for a writer.
      expect((await send('GET', `/api/orders/${orderId}`, customerA)).status).toBe(200);
      const key = crypto.randomUUID();
      const started = performance.now();
      await expectBusy(await send('POST', '/api/orders', customerA, body, key));
      // One busy timeout waited, not one per retry: on file: each wait blocks the event loop.
      expect(performance.now() - started).toBeLessThan(2 * busyTimeoutMs);
      await expectBusy(await send('PUT', `/api/orders/update/${orderId}`, admin, { orderStatus: 'Approved' }));

      await tx.rollback();
      tx = undefined;
      const retried = await send('POST', '/api/orders', customerA, body, key);
      expect(retried.status).toBe(201);
      expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
      expect(
        await (await send('PUT', `/api/orders/update/${orderId}`, admin, { orderStatus: 'Approved' })).json(),
      ).toEqual({ modifiedCount: 1 });
    } finally {
      tx?.close();
      holder.close();
      db.close();
    }
  });
});

describe('a reconnect after a busy failure', () => {
  it('runs again the calls whose connections it closed before their SQL ran, instead of failing them', async () => {
    const db = await openDatabase(`file:${join(dir, 'reconnect.db')}`);
    try {
      // Borrowed (and one waiting) when the pool is reopened, as by a call that failed busy meanwhile.
      const pending = Promise.all([
        db.execute('SELECT 1 AS one'),
        db.batch(['SELECT 2 AS two'], 'read'),
        db.execute('SELECT 3 AS three'),
      ]);
      await db.reconnect();
      const [one, [two], three] = await pending;
      expect([one.rows[0]?.one, two?.rows[0]?.two, three.rows[0]?.three]).toEqual([1, 2, 3]);
    } finally {
      db.close();
    }
  });
});

describe('databaseBusy', () => {
  it('names SQLITE_BUSY and SQLITE_LOCKED (extended codes too), down the cause chain', () => {
    expect(
      databaseBusy(new LibsqlError('SQLITE_BUSY: database is locked', 'SQLITE_BUSY', 'SQLITE_BUSY_RECOVERY', 261)),
    ).toBe('SQLITE_BUSY_RECOVERY');
    expect(databaseBusy(new LibsqlError('database table is locked', 'SQLITE_LOCKED'))).toBe('SQLITE_LOCKED');
    expect(
      databaseBusy(new Error('batch failed', { cause: new LibsqlError('database is locked', 'SQLITE_BUSY') })),
    ).toBe('SQLITE_BUSY');
  });

  it('leaves other SQL errors alone', () => {
    expect(
      databaseBusy(
        new LibsqlError('UNIQUE constraint failed: orders.id', 'SQLITE_CONSTRAINT', 'SQLITE_CONSTRAINT_PRIMARYKEY'),
      ),
    ).toBeUndefined();
    expect(databaseBusy(new LibsqlError('no such table: lockers', 'SQLITE_ERROR'))).toBeUndefined();
    expect(databaseBusy(new Error('SQLITE_BUSY'))).toBeUndefined();
  });
});
