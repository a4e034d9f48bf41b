/**
 * The shop's IndexedDB (Dexie), shared by the page and the service worker. What is stored where:
 * - `cart`: the cart, the source of truth (mirrored to localStorage.cartItems by the cart store);
 * - `outbox`: orders and reviews waiting to be sent, oldest first (outbox/);
 * - `meta`: small values the service worker needs, such as the last Firebase ID token;
 * - `products`, `reviews`: the catalogue as last fetched, which screens read with live queries
 *   so they render from IndexedDB at once, online or not (catalogue-mirror.ts).
 */
import type { SaleUnit } from '@contract/catalogue';
import Dexie, { RangeSet, type Table } from 'dexie';
import { DB_NAME } from '../storage-keys';
import type { OutboxItem } from './outbox/protocol';

// The page reaches this module through live-query.ts's loadDb(), which needs liveQuery too.
export { liveQuery } from 'dexie';

/**
 * A cart line as stored: the product, its sale units, and its place in the cart. The unit fields
 * are not indexed, so lines stored before them need no new schema version (they read as 1 kg).
 */
export type StoredCartItem = {
  _id: string;
  name: string;
  price: number;
  image: string;
  category: 'vegetable' | 'fruit';
  season: 'summer' | 'winter' | 'spring' | null;
  unit?: SaleUnit;
  unitSize?: number;
  weightTolerance?: number | null;
  cartQuantity: number;
  position: number;
};

/** A mirrored catalogue row: the API's JSON plus its place in the list. */
export type Mirrored<T> = T & { position: number };

export class ShopDb extends Dexie {
  products!: Table<Mirrored<{ _id: string }>, string>;
  reviews!: Table<Mirrored<{ _id: string }>, string>;
  cart!: Table<StoredCartItem, string>;
  outbox!: Table<OutboxItem, number>;
  meta!: Table<{ key: string; value: string }, string>;

  constructor() {
    // No query cache: the service worker writes outbox rows without Dexie (outbox/worker-sender.ts),
    // and a cached answer would hide them when outboxChangedElsewhere() asks live queries to read again.
    super(DB_NAME, { cache: 'disabled' });
    this.version(1).stores({ cart: '&_id, position', outbox: '++seq, &key, status, userEmail', meta: '&key' });
    this.version(2).stores({ products: '&_id, position', reviews: '&_id, position' });
  }
}

export const db = new ShopDb();

/**
 * Makes this page's live queries of the outbox read their rows again: for the service worker's
 * writes (outbox/worker-sender.ts, idb), which Dexie's own change events do not carry.
 */
export function outboxChangedElsewhere(): void {
  const everything = new RangeSet(Dexie.minKey, Dexie.maxKey);
  // Every part a query of the outbox may have read: its rows ('') and deletions, and each index.
  const parts = ['', ':dels', 'key', 'status', 'userEmail'].map((part) => [
    `idb://${DB_NAME}/outbox/${part}`,
    everything,
  ]);
  Dexie.on('storagemutated').fire(Object.fromEntries(parts));
}

let reopened = false;
// The browser can close a database under us (storage pressure, an upgrade in another tab):
// reopen it once rather than leaving the cart and outbox unusable until a reload.
db.on('close', () => {
  if (reopened) return;
  reopened = true;
  void db.open().catch(() => undefined);
});

/**
 * Resolves true when IndexedDB works here, false when it cannot open (some private modes): the
 * shop then works online only, with the cart in localStorage.
 */
export const offlineStorageAvailable: Promise<boolean> = db.open().then(
  () => true,
  () => false,
);
