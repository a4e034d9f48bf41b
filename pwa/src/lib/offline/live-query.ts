/**
 * The page's way into IndexedDB. Dexie (db.ts, ~28 KB brotli) is a chunk of its own that is
 * downloaded the first time something needs it — a live query, a cart write, the outbox — which
 * on a first visit comes after the first render, not before it (bench figure 2: Lighthouse FCP
 * and LCP of / and /Shop). The service worker imports db.ts directly.
 */
import { useEffect, useState } from 'react';
import { whenOfflineIsWanted } from '../first-touch';
import type * as DbModuleNamespace from './db';
import type { ShopDb } from './db';

type DbModule = typeof DbModuleNamespace;

let dbModule: Promise<DbModule> | undefined;

/**
 * The db.ts module (the database, Dexie's liveQuery); the same promise on every call. On a first
 * visit that saves data it comes only after the shopper's first touch (lib/first-touch.ts): a look
 * fetches no Dexie, and anything a shopper does (a cart line) is a touch.
 */
export const loadDb = () => (dbModule ??= whenOfflineIsWanted().then(() => import('./db')));

/**
 * Dexie's `liveQuery` as React state: `query(db)` runs when the component mounts and again
 * whenever the rows it read change, in this tab or another. Returns undefined until the first
 * result, while `query` is undefined (nothing to read), and when IndexedDB fails (private modes).
 * It stands in for dexie-react-hooks' useLiveQuery, which imports Dexie at load and so would put
 * it back on the first paint. `deps` are the values `query` reads, as for useEffect.
 */
export function useLiveQuery<T>(
  query: ((db: ShopDb) => Promise<T>) | undefined,
  deps: readonly unknown[],
): T | undefined {
  const [result, setResult] = useState<{ value: T }>();
  useEffect(() => {
    if (!query) return undefined;
    let subscription: { unsubscribe: () => void } | undefined;
    let active = true;
    loadDb().then(
      ({ db, liveQuery }) => {
        if (!active) return;
        subscription = liveQuery(() => query(db)).subscribe({
          next: (value) => setResult({ value }),
          error: () => setResult(undefined),
        });
      },
      () => setResult(undefined),
    );
    return () => {
      active = false;
      subscription?.unsubscribe();
      setResult(undefined);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `query` is new on every render; its inputs are `deps`.
  }, deps);
  return query ? result?.value : undefined;
}
