/** Opens the libSQL database on Node: a local file (`file:`) or a libSQL server (sqld, Turso). */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, LibsqlError, type Client, type ResultSet, type Transaction } from '@libsql/client';
import { databaseBusy } from './busy';
import { databaseClientConfig } from './request-timeout';
import { cachePreparedStatements } from './statement-cache';
import { WalSync } from './wal-sync';
import { useWriteQueue } from './write-queue';

/**
 * How long (ms) a statement on a `file:` database waits for another connection's lock before it
 * fails SQLITE_BUSY (answered 503 `database_busy`, db/busy.ts).
 */
const BUSY_TIMEOUT_MS = 5000;

/** Options of {@link openDatabase}; tests shorten the waits. */
type OpenOptions = {
  /** `file:` only: ms to wait for another connection's lock (default {@link BUSY_TIMEOUT_MS}). */
  busyTimeoutMs?: number;
  /** http(s) and libsql URLs: ms one request to the server may take (default DATABASE_REQUEST_TIMEOUT_MS, db/request-timeout.ts). */
  requestTimeoutMs?: number;
};

// The client's calls that run SQL on a pooled connection.
const SQL_CALLS = new Set<PropertyKey>(['execute', 'batch', 'executeMultiple', 'migrate', 'transaction']);

/**
 * What each connection of a `file:` client is given: it commits without its own fsync
 * (db/wal-sync.ts makes the answer wait for one), and checkpoints the write-ahead log into the
 * database once it holds 10,000 pages (≈ 40 MB) rather than SQLite's 1,000. A checkpoint runs on
 * the server's one thread inside the COMMIT that crosses the mark, with two fsyncs (the log's
 * and the database's); at 1,000 pages one COMMIT in 40 of figure 5's orders was one, 5–37 ms
 * each and two thirds of all COMMIT time. Ten times fewer of them copy the pages that every
 * order rewrites (the indexes' last pages) once instead of ten times, and fsync ten times less.
 */
const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL', 'PRAGMA wal_autocheckpoint = 10000'];

/** Gives the connection `db` borrows next the {@link CONNECTION_PRAGMAS}. */
async function setUpConnection(db: Client): Promise<void> {
  for (const pragma of CONNECTION_PRAGMAS) await db.execute(pragma);
}

// A statement that writes nothing, so an `execute` of it (that changed no rows) needs no fsync.
const READ_ONLY = /^\s*(SELECT|PRAGMA|EXPLAIN)\b/i;

/**
 * Whether a finished call of `prop` with `args` returning `result` may have committed something:
 * batches not in read mode, an `execute` that changed rows or is not a plain read, migrations.
 */
function mayHaveWritten(prop: PropertyKey, args: unknown[], result: unknown): boolean {
  if (prop === 'batch') return args[1] !== 'read';
  if (prop !== 'execute') return true;
  const sql = typeof args[0] === 'string' ? args[0] : (args[0] as { sql: string }).sql;
  return (result as ResultSet).rowsAffected > 0 || !READ_ONLY.test(sql);
}

/**
 * Two views of `db`, a `file:` client on one connection (`concurrency: 1`, so the connection's
 * `synchronous` setting is the client's), that drop its connection when a call fails
 * SQLITE_BUSY or SQLITE_LOCKED. @libsql/client 0.18 does not reset the statement that failed
 * busy: it stays active on its pooled connection until the garbage collector finalizes it, and
 * meanwhile every COMMIT on that connection fails "SQLITE_BUSY: cannot commit transaction - SQL
 * statements in progress": after a second connection holds the write lock past the busy
 * timeout, every write of the server keeps failing once the lock is let go. `reconnect()`
 * closes the pool's connections and opens a fresh one on the next call, which is given
 * {@link CONNECTION_PRAGMAS} first. The error is rethrown as it came.
 *
 * A call that holds a borrowed connection (or waits for one) when `reconnect()` closes it
 * fails CLIENT_CLOSED before running any SQL (the client checks the connection first), so it
 * runs once more on a fresh connection rather than failing its request 500.
 *
 * `durable`: every call that may have written ({@link mayHaveWritten}; a transaction at its
 * commit) resolves only once `synced()` (db/wal-sync.ts) has put it on disk. `committing`: the
 * same calls resolve at their COMMIT — for a write queue's turn (db/write-queue.ts), which waits
 * for the disk after the turn, so the next turn need not.
 */
function fileClientViews(db: Client, synced: () => Promise<void>): { durable: Client; committing: Client } {
  let fresh = false;
  const call = async (method: (...args: unknown[]) => Promise<unknown>, args: unknown[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        if (fresh) {
          fresh = false;
          await setUpConnection(db);
        }
        return await method(...args);
      } catch (error) {
        if (databaseBusy(error) !== undefined) {
          await db.reconnect();
          fresh = true;
        } else if (attempt === 1 && !db.closed && error instanceof LibsqlError && error.code === 'CLIENT_CLOSED')
          continue;
        throw error;
      }
    }
  };
  const view = (waitForDisk: boolean): Client => {
    const wrapped = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
    const wrap =
      (prop: PropertyKey, method: (...args: unknown[]) => Promise<unknown>) =>
      async (...args: unknown[]) => {
        const result = await call(method, args);
        if (!waitForDisk) return result;
        if (prop === 'transaction') {
          const tx = result as Transaction;
          const commit = tx.commit.bind(tx);
          tx.commit = async () => {
            await commit();
            await synced();
          };
        } else if (mayHaveWritten(prop, args, result)) await synced();
        return result;
      };
    return new Proxy(db, {
      get(target, prop) {
        const value: unknown = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (!SQL_CALLS.has(prop)) return (value as (...args: unknown[]) => unknown).bind(target);
        let method = wrapped.get(prop);
        if (!method)
          wrapped.set(prop, (method = wrap(prop, (value as (...args: unknown[]) => Promise<unknown>).bind(target))));
        return method;
      },
    });
  };
  return { durable: view(true), committing: view(false) };
}

/**
 * Opens `url` (with `authToken` for a libSQL server). For `file:` URLs it creates the parent
 * folder, sets WAL, gives every connection of the client's pool a busy timeout (the client's
 * `timeout`: a `PRAGMA busy_timeout` would reach only the connection that ran it), so the
 * server's concurrent transactions wait for each other instead of failing SQLITE_BUSY, keeps
 * prepared statements (db/statement-cache.ts), replaces the connection after a call fails busy, commits in groups (db/wal-sync.ts: a write resolves
 * once it is on disk; {@link fileClientViews}), and gives the client the file's in-process write
 * queue (db/write-queue.ts), so the read-then-commit writes of this process take turns in
 * arrival order instead of racing each other. Over
 * HTTP (http(s), libsql URLs) each request to the server is bounded (db/request-timeout.ts), so
 * a server that stalls fails the query with a TimeoutError instead of holding it.
 * @returns the client. @throws LibsqlError when the URL is malformed or the file cannot be opened.
 */
export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Client> {
  const isFile = url.startsWith('file:');
  const path = isFile ? (url.slice('file:'.length).split('?')[0] ?? '') : '';
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  if (isFile) cachePreparedStatements();
  const db = createClient({
    ...databaseClientConfig(url, authToken, options.requestTimeoutMs),
    ...(isFile ? { timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS, concurrency: 1 } : {}),
  });
  if (!isFile) return db;
  await db.execute('PRAGMA journal_mode = WAL');
  // An in-memory database lives on its one connection: never reconnected (nor locked by another), and has no disk to wait for.
  if (path === ':memory:') return useWriteQueue(db);
  await setUpConnection(db);
  const walSync = new WalSync(`${resolve(path)}-wal`);
  const synced = () => walSync.synced();
  const { durable, committing } = fileClientViews(db, synced);
  return useWriteQueue(durable, resolve(path), { client: committing, synced });
}
