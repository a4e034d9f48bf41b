/**
 * Reading the shop's IndexedDB from a browser test (the catalogue mirror and cart in `taza-haat`,
 * the outbox there, saved queries in `taza-haat-queries`), one helper for every file that looks
 * at what a page keeps.
 */
import type { Page } from 'playwright-core';

/** A record's key as these tests use them (a string or number; the app's keys are). */
export type RecordKey = string | number;

/** What {@link readIndexedDb} reads: the number of records (of a store, or of an index's key), or one record by key. */
export type IndexedDbRead = { count: true; index?: string; key?: RecordKey } | { count?: false; key: RecordKey };

/**
 * Reads store `store` of `page`'s IndexedDB database `database` (opened as it is, never created
 * or upgraded by the test).
 * @returns the count asked for, or the record under `read.key` (undefined when there is none, or
 * the database has no such store yet).
 * @throws when the database cannot be opened.
 */
export function readIndexedDb(page: Page, database: string, store: string, read: IndexedDbRead): Promise<unknown> {
  return page.evaluate(
    async ({ database, store, read }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => resolve(request.result);
      });
      try {
        if (!db.objectStoreNames.contains(store)) return read.count ? 0 : undefined;
        const objects = db.transaction(store).objectStore(store);
        const source = read.count && read.index ? objects.index(read.index) : objects;
        const request: IDBRequest = read.count ? source.count(read.key) : source.get(read.key);
        return await new Promise<unknown>((resolve, reject) => {
          request.onerror = () => reject(request.error);
          request.onsuccess = () => resolve(request.result);
        });
      } finally {
        db.close();
      }
    },
    { database, store, read },
  );
}

/** The number of records in `store` of `page`'s `database`, or of those with `key` in its index `index`. */
export const countIndexedDb = async (
  page: Page,
  database: string,
  store: string,
  by: { index: string; key: RecordKey } | Record<string, never> = {},
): Promise<number> => Number(await readIndexedDb(page, database, store, { count: true, ...by }));

/**
 * The queries `page` keeps for offline use (lib/persist-queries.ts: the orders, the profile, the
 * areas) as saved, JSON text; '' while nothing is saved. The app saves at most once a second after
 * a change, so a test polls this before it takes the connection away.
 */
export const keptQueries = async (page: Page): Promise<string> => {
  const saved = await readIndexedDb(page, 'taza-haat-queries', 'queries', { key: 'orders' });
  return typeof saved === 'string' ? saved : '';
};
