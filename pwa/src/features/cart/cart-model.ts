/**
 * The cart's rules (spec §4 "Cart"), as pure functions over a list of line items: each item is a
 * product plus `cartQuantity` (whole kg, at least 1). Every change returns the new cart and the
 * toast text the spec gives for it. Persisted as JSON under `localStorage.cartItems`.
 */
import { isCartLine, MAX_LINE_QUANTITY, type CartLine, type Product } from '@contract/catalogue';
import { priceCart } from '@contract/pricing';

export type CartItem = CartLine;
export type Cart = readonly CartItem[];
export type CartChange = { cart: Cart; message: string; kind: 'info' | 'success' | 'error' };

/** Parses a stored cart (the `cartItems` JSON); anything malformed reads as an empty cart. */
export function parseCart(json: string | null): CartItem[] {
  if (!json) return [];
  try {
    const parsed: unknown = JSON.parse(json);
    if (!Array.isArray(parsed) || !parsed.every(isCartLine)) return [];
    // Only the known fields: a stored line never carries extra data into an order.
    return parsed.map((line) => toCartLine(line, line.cartQuantity));
  } catch {
    return [];
  }
}

/** A line of `cartQuantity` kg of `product`, with a line's fields only (stock is the catalogue's, not stored). */
function toCartLine({ _id, name, nameBn, price, image, category, season }: Product | CartItem, cartQuantity: number): CartItem {
  return { _id, name, ...(nameBn === undefined ? {} : { nameBn }), price, image, category, season, cartQuantity };
}

/** Adds one kg of `product` (from the shop, or a line's +): +1 for an existing line (capped at 100 kg), else a new line of 1. */
export function addToCart(cart: Cart, product: Product | CartItem): CartChange {
  const existing = cart.find((item) => item._id === product._id);
  if (existing) {
    const cartQuantity = Math.min(existing.cartQuantity + 1, MAX_LINE_QUANTITY);
    return {
      cart: cart.map((item) => (item._id === product._id ? { ...item, cartQuantity } : item)),
      message: `Increased ${product.name} Quantity`,
      kind: 'info',
    };
  }
  return { cart: [...cart, toCartLine(product, 1)], message: `${product.name} added to cart`, kind: 'success' };
}

/** Takes one kg off `productId`; at 1 kg the line is removed instead. */
export function decreaseInCart(cart: Cart, productId: string): CartChange | undefined {
  const item = cart.find((line) => line._id === productId);
  if (!item) return undefined;
  if (item.cartQuantity <= 1) return removeFromCart(cart, productId);
  return {
    cart: cart.map((line) => (line._id === productId ? { ...line, cartQuantity: line.cartQuantity - 1 } : line)),
    message: `${item.name} decreases quantity`,
    kind: 'info',
  };
}

/** Removes the line of `productId`. */
export function removeFromCart(cart: Cart, productId: string): CartChange | undefined {
  const item = cart.find((line) => line._id === productId);
  if (!item) return undefined;
  return { cart: cart.filter((line) => line._id !== productId), message: `${item.name} removed from cart`, kind: 'error' };
}

/** Empties the cart. */
export const clearCart = (): CartChange => ({ cart: [], message: 'Cart Cleared', kind: 'error' });

/** cartTotalQuantity (kg) and cartTotalAmount (Tk, Σ price × quantity) of spec §3. */
export function cartTotals(cart: Cart): { cartTotalQuantity: number; cartTotalAmount: number } {
  return {
    cartTotalQuantity: cart.reduce((sum, item) => sum + item.cartQuantity, 0),
    // The shop's one pricing rule (in poisha, so 0.1 + 0.2 is 0.3), as the checkout and server use.
    cartTotalAmount: priceCart(cart).cartTotal,
  };
}

/** The header badge: the item count, "99+" above 99 (spec §2). */
export const badgeLabel = (count: number): string => (count > 99 ? '99+' : String(count));
