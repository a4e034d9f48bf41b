/** Opens the libSQL database on Node: a local file (`file:`) or a libSQL server (sqld, Turso). */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, LibsqlError, type Client } from '@libsql/client';
import { databaseBusy } from './busy';
import { databaseClientConfig } from './request-timeout';
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
 * `db` (a `file:` client), made to drop its connections when a call fails SQLITE_BUSY or
 * SQLITE_LOCKED. @libsql/client 0.18 does not reset the statement that failed busy: it stays
 * active on its pooled connection until the garbage collector finalizes it, and meanwhile every
 * COMMIT on that connection fails "SQLITE_BUSY: cannot commit transaction - SQL statements in
 * progress": after a second connection holds the write lock past the busy timeout, every write
 * of the server keeps failing once the lock is let go. `reconnect()` closes the
 * pool's connections and opens fresh ones on the next call. The error is rethrown as it came.
 *
 * A call that holds a borrowed connection (or waits for one) when `reconnect()` closes it
 * fails CLIENT_CLOSED before running any SQL (the client checks the connection first), so it
 * runs once more on a fresh connection rather than failing its request 500.
 */
function reconnectAfterBusy(db: Client): Client {
  const wrapped = new Map<PropertyKey, (...args: unknown[]) => Promise<unknown>>();
  const wrap =
    (method: (...args: unknown[]) => Promise<unknown>) =>
    async (...args: unknown[]) => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await method(...args);
        } catch (error) {
          if (databaseBusy(error) !== undefined) await db.reconnect();
          else if (attempt === 1 && !db.closed && error instanceof LibsqlError && error.code === 'CLIENT_CLOSED')
            continue;
          throw error;
        }
      }
    };
  return new Proxy(db, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (!SQL_CALLS.has(prop)) return (value as (...args: unknown[]) => unknown).bind(target);
      let call = wrapped.get(prop);
      if (!call) wrapped.set(prop, (call = wrap((value as (...args: unknown[]) => Promise<unknown>).bind(target))));
      return call;
    },
  });
}

/**
 * Opens `url` (with `authToken` for a libSQL server). For `file:` URLs it creates the parent
 * folder, sets WAL, gives every connection of the client's pool a busy timeout (the client's
 * `timeout`: a `PRAGMA busy_timeout` would reach only the connection that ran it), so the
 * server's concurrent transactions wait for each other instead of failing SQLITE_BUSY, and
 * replaces the pool's connections after a call fails busy ({@link reconnectAfterBusy}), and gives
 * the client the file's in-process write queue (db/write-queue.ts), so the read-then-commit
 * writes of this process take turns in arrival order instead of racing each other. Over
 * HTTP (http(s), libsql URLs) each request to the server is bounded (db/request-timeout.ts), so
 * a server that stalls fails the query with a TimeoutError instead of holding it.
 * @returns the client. @throws LibsqlError when the URL is malformed or the file cannot be opened.
 */
export async function openDatabase(url: string, authToken?: string, options: OpenOptions = {}): Promise<Client> {
  const isFile = url.startsWith('file:');
  const path = isFile ? (url.slice('file:'.length).split('?')[0] ?? '') : '';
  if (path && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = createClient({
    ...databaseClientConfig(url, authToken, options.requestTimeoutMs),
    ...(isFile ? { timeout: options.busyTimeoutMs ?? BUSY_TIMEOUT_MS } : {}),
  });
  if (!isFile) return db;
  await db.execute('PRAGMA journal_mode = WAL');
  // An in-memory database lives on its one connection: never reconnected (nor locked by another).
  if (path === ':memory:') return useWriteQueue(db);
  return useWriteQueue(reconnectAfterBusy(db), resolve(path));
}
