/**
 * The cart's one home in the app: kept in `localStorage.cartItems` (spec §3) and shared by every
 * screen through `useCart()`; other open tabs follow through the `storage` event. Actions apply
 * the rules of cart-model.ts and show the spec's toast (bottom-left, 2000 ms).
 */
import { useSyncExternalStore } from 'react';
import type { Product } from '../../../../edge-api/src/contract/product';
import { notify } from '../../lib/toast';
import { addToCart, clearCart, decreaseInCart, parseCart, removeFromCart, type Cart, type CartChange } from './cart-model';

export const CART_STORAGE_KEY = 'cartItems';

function readStored(): Cart {
  try {
    return parseCart(localStorage.getItem(CART_STORAGE_KEY));
  } catch {
    return []; // storage blocked (some private modes): the cart lives in memory only
  }
}

let cart: Cart = readStored();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

window.addEventListener('storage', (event) => {
  if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
  cart = readStored();
  emit();
});

function apply(change: CartChange | undefined, announce = true): void {
  if (!change) return;
  cart = change.cart;
  try {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
  } catch {
    // Quota or blocked storage: keep the in-memory cart; it still works for this visit.
  }
  emit();
  if (announce) notify('cart', change.kind, change.message);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current cart; re-renders on every change in this tab or another. */
export const useCart = (): Cart => useSyncExternalStore(subscribe, () => cart);

/** Cart actions (spec §4), each saved and announced with its toast. */
export const cartActions = {
  add: (product: Product) => apply(addToCart(cart, product)),
  decrease: (productId: string) => apply(decreaseInCart(cart, productId)),
  remove: (productId: string) => apply(removeFromCart(cart, productId)),
  clear: () => apply(clearCart()),
  /** Empties the cart after an order was placed or paid, without the 'Cart Cleared' toast. */
  clearAfterOrder: () => apply(clearCart(), false),
};
