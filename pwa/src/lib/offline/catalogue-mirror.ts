/**
 * The catalogue mirrored into IndexedDB (DESIGN.md §5): TanStack Query fetches the API and
 * `mirror` replaces the table's rows; `useMirrored` reads them with a live query, so a screen
 * renders from IndexedDB at once — before any network answer, and offline — and updates in
 * every tab when a fresh copy arrives. Without IndexedDB the fetched list is used directly.
 *
 * localStorage remembers which tables have a mirror, so that a first visit (none yet) fetches
 * at once instead of first downloading Dexie and opening IndexedDB to find it empty (index.html
 * preloads the catalogue then, pwa/route-preload.ts). The rows and their version are only ever
 * read from IndexedDB.
 */
import { whenSettled } from '../idle';
import { catalogueVersionMeta, mirroredKey } from '../storage-keys';
import { loadDb, useLiveQuery } from './live-query';

type Table = 'products' | 'reviews';

/** True when this browser has written a mirror of `table` (false when storage is blocked). */
function hasMirror(table: Table): boolean {
  try {
    return localStorage.getItem(mirroredKey(table)) !== null;
  } catch {
    return false;
  }
}

type MirrorRead = Promise<{ rows: unknown[]; version: number } | undefined>;

/** Those waiting for a table's first mirror (whenMirrored), answered by its next write. */
const firstMirror = new Map<Table, { promise: Promise<void>; resolve: () => void }>();

/** Resolves once `table` has a mirror in this browser: at once if it has, else after the next write of it. */
export function whenMirrored(table: Table): Promise<void> {
  if (hasMirror(table)) return Promise.resolve();
  let waiting = firstMirror.get(table);
  if (!waiting) {
    let resolve = () => {};
    const promise = new Promise<void>((done) => (resolve = done));
    waiting = { promise, resolve };
    firstMirror.set(table, waiting);
  }
  return waiting.promise;
}

/** The read started by preloadMirror, handed to the first readMirror of its table. */
const earlyReads = new Map<Table, MirrorRead>();

/**
 * For a returning shopper, starts reading the mirrored products at once — loading Dexie and
 * opening IndexedDB alongside the route's code — since the first screen renders from them. A
 * first visit reads (and loads) nothing.
 */
export function preloadMirror(): void {
  if (hasMirror('products')) earlyReads.set('products', read('products'));
}

/**
 * Replaces the mirrored `table` with `rows` (in their order) and, when given, records the
 * server's catalogue `version` they are at, in the same transaction, once the page has settled
 * (the fetched rows are already on screen) — on a first visit that saves data, only after the
 * shopper's first touch, as Dexie is loaded then (live-query.ts loadDb); storage errors are
 * ignored.
 */
export function mirror<T extends { _id: string }>(table: Table, rows: readonly T[], version?: number): Promise<void> {
  return new Promise((resolve) => whenSettled(() => void write(table, rows, version).then(resolve)));
}

async function write<T extends { _id: string }>(table: Table, rows: readonly T[], version?: number): Promise<void> {
  try {
    const { db } = await loadDb();
    await db.transaction('rw', db[table], db.meta, async () => {
      await db[table].clear();
      await db[table].bulkPut(rows.map((row, position) => ({ ...row, position })));
      if (version === undefined) await db.meta.delete(catalogueVersionMeta(table));
      else await db.meta.put({ key: catalogueVersionMeta(table), value: String(version) });
    });
    localStorage.setItem(mirroredKey(table), '1');
    firstMirror.get(table)?.resolve();
  } catch {
    // No IndexedDB (or localStorage) here: the screens use the fetched list.
  }
}

/** The mirrored rows of `table` and the version recorded with them, or undefined if there is none. */
export function readMirror<T>(table: Table): Promise<{ rows: T[]; version: number } | undefined> {
  const early = earlyReads.get(table);
  earlyReads.delete(table);
  return (early ?? read(table)) as Promise<{ rows: T[]; version: number } | undefined>;
}

async function read(table: Table): MirrorRead {
  if (!hasMirror(table)) return undefined;
  try {
    const { db } = await loadDb();
    return await db.transaction('r', db[table], db.meta, async () => {
      const version = Number((await db.meta.get(catalogueVersionMeta(table)))?.value);
      if (!Number.isInteger(version)) return undefined;
      const rows = await db[table].orderBy('position').toArray();
      return { rows: rows.map(({ position: _position, ...row }) => row), version };
    });
  } catch {
    return undefined; // no IndexedDB here
  }
}

/** The mirrored rows of `table` in order, or undefined until IndexedDB has answered (or has none, or `enabled` is false). */
export function useMirrored<T>(table: Table, enabled = true): T[] | undefined {
  const mirrored = enabled && hasMirror(table);
  const rows = useLiveQuery(mirrored ? (db) => db[table].orderBy('position').toArray() : undefined, [table, mirrored]);
  if (!rows || rows.length === 0) return undefined;
  return rows.map(({ position: _position, ...row }) => row as unknown as T);
}
