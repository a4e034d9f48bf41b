/**
 * Idempotent writes under database failures at the driver's edge: a real libSQL file behind a
 * Client stand-in whose Nth call fails before it reaches the database, half-way through a batch
 * (the real transaction runs part of the write, then fails and rolls back), or after it
 * (committed, but the answer is lost) — and the database stays away for the rest of the
 * request, or comes straight back. Whatever fails, the retry with the same key succeeds at once,
 * and there is exactly one order or review.
 */
import { LibsqlError, type Client, type InStatement, type TransactionMode } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDb, type TestDb } from '../testing/test-db';
import { customerA, orderBody } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';

type FaultPoint = 'before' | 'during' | 'after';

/**
 * `db` with a fault to arm: the `call`-th execute/batch from now fails at `point`, and (unless
 * `blip`) every later call fails before it reaches the database, until `disarm()`.
 */
function withFaults(db: Client) {
  let calls = 0;
  let armed: { call: number; point: FaultPoint; blip: boolean } | undefined;
  let busyBatches = 0;
  const outage = () => new LibsqlError('fault injected: the database connection was lost', 'SERVER_ERROR');
  const client = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'execute' && prop !== 'batch') return Reflect.get(target, prop, receiver) as unknown;
      return async (...args: unknown[]) => {
        calls += 1;
        if (prop === 'batch' && busyBatches > 0) {
          busyBatches -= 1;
          throw new LibsqlError('SQLITE_BUSY: database is locked', 'SQLITE_BUSY');
        }
        const point =
          armed?.call === calls ? armed.point : armed && !armed.blip && calls > armed.call ? 'before' : undefined;
        if (point === 'before') throw outage();
        let result: unknown;
        if (point === 'during' && prop === 'batch') {
          // The transaction makes all of the write but its last statement, then fails.
          const [statements, mode] = args as [InStatement[], TransactionMode];
          result = await target.batch([...statements.slice(0, -1), 'SELECT fault_injected FROM no_such_table'], mode);
        } else {
          result = await (target[prop] as (...a: unknown[]) => Promise<unknown>)(...args);
        }
        if (point === 'after') throw outage();
        return result;
      };
    },
  });
  return {
    client,
    /** Counts the calls `run` makes. */
    count: async (run: () => Promise<unknown>) => {
      const start = calls;
      await run();
      return calls - start;
    },
    arm: (call: number, point: FaultPoint, blip = false) => {
      armed = { call: calls + call, point, blip };
    },
    disarm: () => {
      armed = undefined;
    },
    /** The next `n` batches fail SQLITE_BUSY (another writer holds the lock), before they reach the database. */
    busy: (n: number) => {
      busyBatches = n;
    },
  };
}

let t: TestDb;
let faults: ReturnType<typeof withFaults>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestDb({
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
      RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000',
      RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000',
    },
  });
  faults = withFaults(t.db);
  app = createApp({ db: faults.client, config: t.config });
});
afterAll(() => t.cleanup());

const count = async (table: 'orders' | 'reviews') =>
  Number((await t.db.execute(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);

const routes = [
  { name: 'POST /api/orders', path: '/api/orders', table: 'orders' as const, body: () => orderBody(t, customerA) },
  {
    name: 'POST /api/reviews',
    path: '/api/reviews',
    table: 'reviews' as const,
    body: () => Promise.resolve({ review: 'Fresh and crisp', rating: 4.5 }),
  },
];

describe.each(routes)('$name when the database fails', ({ path, table, body }) => {
  const post = async (key: string) =>
    app.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        // A reviewer per key: one account's reviews a day are limited (routes/reviews.ts), its retries are not.
        Authorization: `Bearer ${emulatorToken(table === 'reviews' ? { ...customerA, uid: `uid-${key}` } : customerA, t.config.firebaseProjectId)}`,
        'Idempotency-Key': key,
      },
      body: JSON.stringify(await body()),
    });

  it('at any call, before, during or after it, the database staying away: the retry with the same key succeeds at once, with exactly one write', async () => {
    await post(crypto.randomUUID()); // the first request also sweeps old keys: not counted below
    const calls = await faults.count(() => post(crypto.randomUUID()));
    expect(calls).toBeGreaterThanOrEqual(3);
    const cases = Array.from({ length: calls }, (_, i) => i + 1).flatMap((call) =>
      (call === calls ? (['before', 'during', 'after'] as const) : (['before', 'after'] as const)).map((point) => ({
        call,
        point,
      })),
    );
    for (const { call, point } of cases) {
      const key = crypto.randomUUID();
      const before = await count(table);
      faults.arm(call, point);
      const failed = await post(key);
      faults.disarm();
      expect(failed.status, `call ${call} ${point}`).toBeGreaterThanOrEqual(500);

      const retriedAt = Date.now();
      const retry = await post(key);
      expect(retry.status, `call ${call} ${point}`).toBe(201);
      expect(Date.now() - retriedAt).toBeLessThan(5_000);
      // Only a write that committed before its answer was lost is replayed.
      expect(retry.headers.get('Idempotent-Replayed'), `call ${call} ${point}`).toBe(
        call === calls && point === 'after' ? 'true' : null,
      );
      expect((await count(table)) - before, `call ${call} ${point}`).toBe(1);
      const { _id } = (await retry.json()) as { _id: string };
      expect(
        (await t.db.execute({ sql: `SELECT count(*) AS n FROM ${table} WHERE id = ?`, args: [_id] })).rows[0]?.n,
      ).toBe(1);
      const replay = await post(key);
      expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
      expect(((await replay.json()) as { _id: string })._id).toBe(_id);
    }
    const unanswered = await t.db.execute('SELECT count(*) AS n FROM idempotency_keys WHERE status_code IS NULL');
    expect(unanswered.rows[0]?.n).toBe(0);
  });

  it('when only the answer of the committed write is lost, answers it at once, not as a replay', async () => {
    const calls = await faults.count(() => post(crypto.randomUUID()));
    const key = crypto.randomUUID();
    const before = await count(table);
    faults.arm(calls, 'after', true);
    const first = await post(key);
    faults.disarm();
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await count(table)) - before).toBe(1);
    const replay = await post(key);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
  });

  it('when the database is busy for a moment, the write is tried again and the client gets its 201 at once', async () => {
    const before = await count(table);
    faults.busy(3);
    const res = await post(crypto.randomUUID());
    expect(res.status).toBe(201);
    expect((await count(table)) - before).toBe(1);
    faults.busy(4);
    const key = crypto.randomUUID();
    expect((await post(key)).status).toBeGreaterThanOrEqual(500);
    faults.busy(0);
    expect((await post(key)).status).toBe(201);
    expect((await count(table)) - before).toBe(2);
  });
});
