/**
 * The outbox's rows as the sender (sender.ts) reads and writes them, over either of two IndexedDB
 * clients of the same database (db.ts's schema): Dexie on the page (store.ts dexieOutbox), and
 * `idb` in the service worker (idb-outbox.ts) — Workbox bundles `idb` anyway, so the worker's
 * script does not carry Dexie, which was two thirds of it (bench/README.md §12).
 */
import type { OutboxItem, WaitingItem } from './protocol';

export type OutboxTable = {
  /** The rows waiting to be sent, oldest first (by `seq`). */
  waiting(): Promise<OutboxItem[]>;
  /** The rows answered (sent or failed), in any order. */
  answered(): Promise<OutboxItem[]>;
  /** Writes `item` whole, over the row of its `seq`. */
  put(item: OutboxItem): Promise<void>;
  /** Sets `changes`' fields on the waiting row `seq` (nothing when there is no such row). */
  update(
    seq: number,
    changes: Partial<Pick<WaitingItem, 'note' | 'attempts' | 'nextAttemptAt' | 'payload'>>,
  ): Promise<void>;
  /** The last ID token the page stored for the service worker (store.ts storeIdTokenForSync), if any. */
  idToken(): Promise<string | undefined>;
};
