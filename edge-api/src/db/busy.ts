/**
 * A database that is there but locked by another connection, so the API answers 503
 * `database_busy` with Retry-After (DESIGN.md §3, http/errors.ts) instead of 500, and a write
 * batch that found it locked runs again.
 *
 * What a lock looks like (seen on a `file:` database whose lock another connection held past the
 * busy timeout, db/client.ts): LibsqlError `SQLITE_BUSY` (its extendedCode e.g.
 * `SQLITE_BUSY_RECOVERY`) — a write while another writer holds the write lock; a read too, in
 * WAL, while another connection holds the file in exclusive locking mode or recovers its WAL —
 * or `SQLITE_LOCKED` (a conflict on one shared cache). sqld sends the same codes over Hrana, and
 * also answers SQLITE_BUSY just after it restarts.
 */
import { LibsqlError, type Client, type InStatement } from '@libsql/client';
import { causes } from './outage';

// SQLite's primary codes for a lock held elsewhere, and their extended codes (SQLITE_BUSY_SNAPSHOT, …).
const LOCK_CODE = /^SQLITE_(BUSY|LOCKED)(_[A-Z]+)?$/;

/**
 * Why `error` means the database is locked by another connection right now — its SQLite code,
 * the extended one when known (`SQLITE_BUSY`, `SQLITE_BUSY_RECOVERY`, `SQLITE_LOCKED`), never
 * SQL or a message — or undefined for any other failure. Follows the `cause` chain.
 */
export function databaseBusy(error: unknown): string | undefined {
  for (const current of causes(error)) {
    if (!(current instanceof LibsqlError)) continue;
    const extended = current.extendedCode;
    if (extended !== undefined && LOCK_CODE.test(extended)) return extended;
    if (LOCK_CODE.test(current.code)) return current.code;
  }
  return undefined;
}

/** Pauses (ms) before a busy batch is run again (sqld just restarted, another process writing); after the last, it fails. */
const BUSY_RETRY_PAUSES_MS = [25, 100, 250];

/**
 * A busy batch that took longer than this (ms) already waited out a busy timeout (a `file:`
 * client's, db/client.ts) and is not run again: on `file:` that wait blocks the event loop, and
 * three more would freeze the server for 20 s before the 503.
 */
const WAITED_BUSY_MS = 1000;

/**
 * Runs `statements` as one write transaction (libSQL `batch`), again after each pause of
 * {@link BUSY_RETRY_PAUSES_MS} while it fails busy at once ({@link databaseBusy}): a busy batch
 * has committed nothing, so running it again is safe. One that failed busy after waiting
 * {@link WAITED_BUSY_MS} or more is not run again.
 * @throws the batch's last error (LibsqlBatchError, LibsqlError…); nothing of the batch is kept.
 */
export async function batchRetryingBusy(db: Client, statements: InStatement[]): Promise<void> {
  for (const pause of [...BUSY_RETRY_PAUSES_MS, undefined]) {
    const started = performance.now();
    try {
      await db.batch(statements, 'write');
      return;
    } catch (error) {
      const waited = performance.now() - started >= WAITED_BUSY_MS;
      if (pause === undefined || waited || databaseBusy(error) === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
