/**
 * The service worker's outbox sender (sender.ts) over `idb` instead of Dexie: Dexie is about
 * 27 KiB brotli, and sw.js is downloaded on every first visit in every browser, while Background
 * Sync, the only reason the worker sends, is Chromium's alone. `idb` is in sw.js anyway
 * (workbox-expiration's). It reads and writes the rows Dexie (db.ts) made: the `outbox` store
 * keyed by `seq` with its `status` index, and the `meta` store keyed by `key`.
 * The page's live queries do not see these writes (Dexie's own change events do not cross from
 * idb): the worker tells open pages after every run (OUTBOX_RAN_MESSAGE), and they look again.
 */
import { openDB, type IDBPDatabase } from 'idb';
import { DB_NAME, ID_TOKEN_META } from '../../storage-keys';
import type { OutboxItem } from './protocol';
import { outboxSender, type OutboxRows, type SendOutbox, type WaitingChanges } from './sender';

/**
 * The shop's database as it is, or undefined when there is none yet (nothing was ever queued on
 * this device) or it cannot open: the worker never creates it, as Dexie on the page does that,
 * with its schema. The connection lets go when the page needs a new version of the schema.
 */
async function openShopDb(): Promise<IDBPDatabase | undefined> {
  try {
    const opened = await openDB(DB_NAME, undefined, {
      upgrade: (_db, oldVersion, _newVersion, transaction) => {
        if (oldVersion !== 0) return;
        transaction.done.catch(() => undefined); // its abort is the answer, not an error
        transaction.abort();
      },
      // The versionchange event's target is this connection (idb's wrapper of it may not be assigned yet).
      blocking: (_current, _blocked, event) => (event.target as IDBDatabase).close(),
    });
    if (opened.objectStoreNames.contains('outbox') && opened.objectStoreNames.contains('meta')) return opened;
    opened.close();
  } catch {
    // No database yet (the upgrade above aborted), or IndexedDB unavailable: nothing to send.
  }
  return undefined;
}

/** The outbox's rows in `db` (sender.ts OutboxRows). */
const rowsOf = (db: IDBPDatabase): OutboxRows => ({
  answered: async () =>
    (await Promise.all(['sent', 'failed'].map((status) => db.getAllFromIndex('outbox', 'status', status)))).flat(),
  // An index lists the rows of one key in primary-key order, so these come oldest first.
  waiting: () => db.getAllFromIndex('outbox', 'status', 'waiting'),
  put: async (item) => {
    await db.put('outbox', item);
  },
  update: async (seq, changes: WaitingChanges) => {
    const tx = db.transaction('outbox', 'readwrite');
    const row = (await tx.store.get(seq)) as OutboxItem | undefined;
    if (row) await tx.store.put({ ...row, ...changes });
    await tx.done;
  },
  storedIdToken: async () => ((await db.get('meta', ID_TOKEN_META)) as { value: string } | undefined)?.value,
});

/**
 * Sends every waiting item that is due (sender.ts outboxSender; by default with the ID token the
 * page last stored), over a connection of its own that it closes afterwards.
 * @returns the number of items sent by this run; 0 when there is no database.
 */
export const sendOutbox: SendOutbox = async (...run) => {
  const db = await openShopDb();
  if (!db) return 0;
  try {
    return await outboxSender(rowsOf(db))(...run);
  } finally {
    db.close();
  }
};
