/**
 * The cart's one home in the app. IndexedDB (Dexie `cart` table) is the source of truth and is
 * mirrored to `localStorage.cartItems` (spec §3) on every change; at start the cart renders at
 * once from that mirror and, if IndexedDB is empty, is imported from it. Other tabs follow
 * through Dexie's live queries. Actions apply cart-model.ts and show the spec's toast. When
 * IndexedDB cannot open (some private modes) the cart still works from localStorage alone.
 * IndexedDB is followed from when the page has settled (a change before then is written at
 * once): the first render needs only the mirror, and Dexie stays off the first paint.
 */
import { useSyncExternalStore } from 'react';
import type { Product } from '@contract/catalogue';
import type { StoredCartItem } from '../../lib/offline/db';
import { whenSettled } from '../../lib/idle';
import { loadDb } from '../../lib/offline/live-query';
import { requestPersistentStorage } from '../../lib/offline/persist';
import { CART_STORAGE_KEY } from '../../lib/storage-keys';
import { notify } from '../../lib/toast';
import {
  addLinesToCart,
  addToCart,
  clearCart,
  decreaseInCart,
  parseCart,
  removeFromCart,
  type Cart,
  type CartChange,
  type CartItem,
  type LineToAdd,
} from './cart-model';

function readMirror(): Cart {
  try {
    return parseCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return [];
  }
}

function writeMirror(items: Cart): void {
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Quota or blocked storage: IndexedDB still has the cart.
  }
}

let cart: Cart = readMirror();
/** The cart of a prerendered page and its hydrating render: empty, as no server knows it. */
const emptyCart: Cart = [];
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const toStored = (items: Cart): StoredCartItem[] => items.map((item, position) => ({ ...item, position }));
const fromStored = (rows: StoredCartItem[]): CartItem[] => rows.map(({ position: _position, ...item }) => item);
const sameCart = (a: Cart, b: Cart) => JSON.stringify(a) === JSON.stringify(b);

/** Replaces the IndexedDB cart with `items`, loading Dexie first if needed. */
const storeInIndexedDb = (items: Cart) =>
  loadDb().then(({ db }) =>
    db.transaction('rw', db.cart, async () => {
      await db.cart.clear();
      await db.cart.bulkPut(toStored(items));
    }),
  );

/** Without IndexedDB, other tabs are followed through the localStorage mirror instead. */
function followStorageEvents(): void {
  window.addEventListener('storage', (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    cart = readMirror();
    emit();
  });
}

let imported = false;
// While this tab's own writes are in flight its snapshot is newer than what IndexedDB reports.
let pendingWrites = 0;

/** Follows the IndexedDB cart (this tab's and other tabs' changes) from now on. */
async function followIndexedDb(): Promise<void> {
  const dexie = await loadDb().catch(() => undefined);
  if (!dexie) return followStorageEvents();
  const { db, liveQuery } = dexie;
  liveQuery(() => db.cart.orderBy('position').toArray()).subscribe({
    next: (rows) => {
      if (pendingWrites > 0) return;
      if (!imported) {
        imported = true;
        // localStorage is written synchronously on every change (by any tab), IndexedDB a moment
        // later: the mirror is never older. It is read again (another tab may have changed the
        // cart since this one started); if IndexedDB differs — a reload right after a change, or
        // an older app version's cart — the mirror's cart is written to IndexedDB.
        const latest = readMirror();
        if (!sameCart(latest, cart)) {
          cart = latest;
          emit();
        }
        if (!sameCart(fromStored(rows), cart)) {
          void storeInIndexedDb(cart).catch(() => undefined);
          return;
        }
      }
      const next = fromStored(rows);
      if (sameCart(next, cart)) return; // nothing new: no write, no render
      cart = next;
      writeMirror(cart);
      emit();
    },
    error: followStorageEvents,
  });
}
whenSettled(() => void followIndexedDb());

function apply(change: CartChange | undefined, announce = true): void {
  if (!change) return;
  cart = change.cart;
  writeMirror(cart);
  emit();
  pendingWrites += 1;
  void storeInIndexedDb(change.cart)
    .catch(() => undefined)
    .finally(() => {
      pendingWrites -= 1;
    });
  if (announce) notify('cart', change.kind, change.message);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current cart; re-renders on every change in this tab or another. */
export const useCart = (): Cart =>
  useSyncExternalStore(
    subscribe,
    () => cart,
    () => emptyCart,
  );

/** Cart actions (spec §4), each saved and announced with its toast. */
export const cartActions = {
  add: (product: Product | CartItem) => {
    requestPersistentStorage();
    apply(addToCart(cart, product));
  },
  /**
   * Puts `lines` (products as the catalogue has them now, with kilograms) in the cart, one toast
   * naming them and the `skipped` ones; returns whether anything was added.
   */
  addLines: (lines: readonly LineToAdd[], skipped: readonly string[] = []): boolean => {
    if (lines.length > 0) requestPersistentStorage();
    apply(addLinesToCart(cart, lines, skipped));
    return lines.length > 0;
  },
  decrease: (productId: string) => apply(decreaseInCart(cart, productId)),
  remove: (productId: string) => apply(removeFromCart(cart, productId)),
  clear: () => apply(clearCart()),
  /** Empties the cart after an order was paid, without the 'Cart Cleared' toast. */
  clearAfterOrder: () => apply(clearCart(), false),
};
