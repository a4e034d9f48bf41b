/**
 * The outbox over `idb`, for the service worker's Background Sync runs (outbox-table.ts): the
 * database as the page's Dexie made it, opened at whatever version it has (never upgraded from
 * here) and closed after each step, so the page's Dexie is never blocked from an upgrade.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { DB_NAME, ID_TOKEN_META } from '../../storage-keys';
import type { OutboxTable } from './outbox-table';
import type { OutboxItem } from './protocol';

/**
 * Runs `step` on the shop's database, or answers `none` when the page never made it: opening a
 * database that does not exist would make an empty one, so that upgrade is aborted instead.
 */
async function withDb<T>(none: T, step: (db: IDBPDatabase) => Promise<T>): Promise<T> {
  const db = await openDB(DB_NAME, undefined, {
    upgrade: (_db, _old, _new, transaction) => {
      transaction.done.catch(() => undefined); // its abort is the answer, not a failure
      transaction.abort();
    },
  }).catch(() => undefined);
  if (!db) return none;
  try {
    return await step(db);
  } finally {
    db.close();
  }
}

/** The rows whose `status` is one of `statuses`. */
const withStatus = (db: IDBPDatabase, statuses: OutboxItem['status'][]) =>
  Promise.all(statuses.map((status) => db.getAllFromIndex('outbox', 'status', status) as Promise<OutboxItem[]>)).then(
    (lists) => lists.flat(),
  );

export const idbOutbox: OutboxTable = {
  waiting: () =>
    withDb([], async (db) => (await withStatus(db, ['waiting'])).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))),
  answered: () => withDb([], (db) => withStatus(db, ['sent', 'failed'])),
  put: (item) => withDb(undefined, async (db) => void (await db.put('outbox', item))),
  update: (seq, changes) =>
    withDb(undefined, async (db) => {
      const transaction = db.transaction('outbox', 'readwrite');
      const row = (await transaction.store.get(seq)) as OutboxItem | undefined;
      if (row) await transaction.store.put({ ...row, ...changes });
      await transaction.done;
    }),
  idToken: () =>
    withDb(undefined, async (db) => ((await db.get('meta', ID_TOKEN_META)) as { value: string } | undefined)?.value),
};
