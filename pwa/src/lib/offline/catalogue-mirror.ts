/**
 * The catalogue mirrored into IndexedDB (DESIGN.md §5): TanStack Query fetches the API and
 * `mirror` replaces the table's rows; `useMirrored` reads them with a live query, so a screen
 * renders from IndexedDB at once — before any network answer, and offline — and updates in
 * every tab when a fresh copy arrives. Without IndexedDB the fetched list is used directly.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from './db';

type Table = 'products' | 'reviews';

/** Replaces the mirrored `table` with `rows` (in their order); storage errors are ignored. */
export async function mirror<T extends { _id: string }>(table: Table, rows: readonly T[]): Promise<void> {
  await db
    .transaction('rw', db[table], async () => {
      await db[table].clear();
      await db[table].bulkPut(rows.map((row, position) => ({ ...row, position })));
    })
    .catch(() => undefined);
}

/** The mirrored rows of `table` in order, or undefined until IndexedDB has answered (or has none). */
export function useMirrored<T>(table: Table): T[] | undefined {
  const rows = useLiveQuery(() => db[table].orderBy('position').toArray().catch(() => []), [table]);
  if (!rows || rows.length === 0) return undefined;
  return rows.map(({ position: _position, ...row }) => row as unknown as T);
}
