/**
 * Keeps the order queries (`orderKeys.all`: the admin's queue, an order's details, a customer's
 * list), the account's profile (`profileKeys.all`: saved phone and addresses) and the delivery
 * areas (`deliveryAreaKeys.all`) in IndexedDB, so the dashboard opens, checkout is prefilled and
 * the cart prices an area, offline from the last synced copy (DESIGN.md §5, §15).
 * TanStack Query's persister: restored once when a dashboard route first loads, then saved (at
 * most once a second) whenever those queries change. Nothing else is kept: the catalogue has its
 * own mirror (lib/offline).
 *
 * Stored: one idb-keyval entry, key `orders`, in the IndexedDB database `taza-haat-queries`
 * (store `queries`), as JSON. It is dropped when older than 7 days or
 * written by another app version. idb-keyval rather than the shop's Dexie database: a store of
 * its own needs no schema version of the shop's, and it is ~600 bytes.
 *
 * The router imports this module on dashboard, checkout and profile routes, and the delivery areas
 * query (features/delivery-areas) with the cart: the shop's first
 * load never carries it.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { createStore, del, get, set } from 'idb-keyval';
import { deliveryAreaKeys, orderKeys, profileKeys } from './query-keys';

/** The idb-keyval key the order queries are saved under. */
const ORDERS_KEY = 'orders';

/** How long a saved copy is used; order queries are kept in memory as long (gcTime), so they are saved as long. */
const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The first parts of the query keys kept: the order queries, the account's profile (saved phone
 * and addresses) and the delivery areas (the cart prices an area's fee and minimum offline, DESIGN.md §15).
 */
const kept: readonly string[] = [orderKeys.all[0], profileKeys.all[0], deliveryAreaKeys.all[0]];

let restored: Promise<void> | undefined;
let persisted: QueryClient | undefined;
const store = () => createStore('taza-haat-queries', 'queries');

/**
 * Starts keeping `client`'s order queries in IndexedDB, once per page. Resolves when the saved
 * copy is back in the cache (or there is none, or it could not be read); never rejects.
 */
export function persistOrderQueries(client: QueryClient): Promise<void> {
  restored ??= (() => {
    persisted = client;
    const queries = store();
    const persister = createAsyncStoragePersister({
      storage: {
        getItem: (key) => get<string>(key, queries),
        setItem: (key, value) => set(key, value, queries),
        removeItem: (key) => del(key, queries),
      },
      key: ORDERS_KEY,
    });
    // A restored query without a screen would otherwise be dropped after 5 minutes, and the next save would lose it.
    client.setQueryDefaults(orderKeys.all, { gcTime: PERSIST_MAX_AGE_MS });
    client.setQueryDefaults(profileKeys.all, { gcTime: PERSIST_MAX_AGE_MS });
    client.setQueryDefaults(deliveryAreaKeys.all, { gcTime: PERSIST_MAX_AGE_MS });
    const [, restore] = persistQueryClient({
      queryClient: client,
      persister,
      maxAge: PERSIST_MAX_AGE_MS,
      buster: import.meta.env.VITE_APP_VERSION ?? 'dev',
      dehydrateOptions: {
        shouldDehydrateQuery: (query) =>
          defaultShouldDehydrateQuery(query) && kept.includes(query.queryKey[0] as string),
      },
    });
    // Without a readable IndexedDB (private mode, quota) the dashboard works online as before.
    return restore.catch(() => undefined);
  })();
  return restored;
}

/**
 * Forgets every order and profile this device kept — the cached queries and the IndexedDB copy — so
 * the next person to use a shared tablet or phone does not find the last user's orders, phone or
 * addresses (called on sign-out).
 * Never rejects.
 */
export async function forgetOrderQueries(): Promise<void> {
  persisted?.removeQueries({ queryKey: orderKeys.all });
  persisted?.removeQueries({ queryKey: profileKeys.all });
  await del(ORDERS_KEY, store()).catch(() => undefined);
}
