/**
 * The cart's rules (spec §4 "Cart"), as pure functions over a list of line items: each item is a
 * product plus `cartQuantity` (whole sale units, at least 1: kilograms, 250 g packs, bundles…,
 * DESIGN.md §4 "Units"). Every change returns the new cart and the
 * toast text the spec gives for it. Persisted as JSON under `localStorage.cartItems`.
 */
import {
  isCartLine,
  MAX_LINE_QUANTITY,
  saleUnitOf,
  type CartLine,
  type Product,
  type SaleUnitOf,
} from '@contract/catalogue';
import { priceCart } from '@contract/pricing';
import { currentLocale, t } from '../../lib/i18n/i18n';
import { productName } from '../../lib/i18n/product-name';

export type CartItem = CartLine;
export type Cart = readonly CartItem[];
export type CartChange = { cart: Cart; message: string; kind: 'info' | 'success' | 'error' };

/** A product's name in the language shown, for the toasts. */
const named = (product: { name: string; nameBn?: string | null }) => productName(product, currentLocale());

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

/**
 * A line of `cartQuantity` sale units of `product`, with a line's fields only (stock is the
 * catalogue's, not stored). Its sale unit is stored with it; one stored before units is 1 kg.
 */
function toCartLine(
  { _id, name, nameBn, price, image, category, season, weightTolerance, ...unit }: Product | CartItem,
  cartQuantity: number,
): CartItem {
  return {
    _id,
    name,
    ...(nameBn === undefined ? {} : { nameBn }),
    price,
    image,
    category,
    season,
    ...saleUnitOf(unit),
    weightTolerance: weightTolerance ?? null,
    cartQuantity,
  };
}

/** Adds one sale unit of `product` (from the shop, or a line's +): +1 for an existing line (capped at 100), else a new line of 1. */
export function addToCart(cart: Cart, product: Product | CartItem): CartChange {
  const existing = cart.find((item) => item._id === product._id);
  if (existing) {
    const cartQuantity = Math.min(existing.cartQuantity + 1, MAX_LINE_QUANTITY);
    return {
      cart: cart.map((item) => (item._id === product._id ? { ...item, cartQuantity } : item)),
      message: t('cart.increased', { name: named(product) }),
      kind: 'info',
    };
  }
  return {
    cart: [...cart, toCartLine(product, 1)],
    message: t('cart.added', { name: named(product) }),
    kind: 'success',
  };
}

/** A line of an earlier order: the product's id, its name and sale unit then (1 kg when none), and whole sale units. */
export type PastLine = { _id: string; name: string; cartQuantity: number } & SaleUnitOf;
/** A product as the catalogue has it now and the sale units of it to put in the cart. */
export type LineToAdd = { product: Product; cartQuantity: number };

/** True when `product` is sold now in the sale unit `past` was ordered in (its count means the same amount). */
const sameUnit = (past: SaleUnitOf, product: SaleUnitOf): boolean => {
  const [then, now] = [saleUnitOf(past), saleUnitOf(product)];
  return then.unit === now.unit && then.unitSize === now.unitSize;
};

/**
 * The ids of `cart`'s lines that cannot be bought now: out of stock in `catalogue`, or not in it
 * any more (deleted since it was added). None while there is no catalogue yet. The cart marks
 * them and checkout leaves them out, so an order is never refused for them (spec §2, `out_of_stock`).
 */
export function unavailableLines(cart: Cart, catalogue: readonly Product[] | undefined): ReadonlySet<string> {
  if (!catalogue) return new Set();
  const sold = new Map(catalogue.map((product) => [product._id, product]));
  // A product mirrored before products had `inStock` has none: it was on sale.
  return new Set(
    cart
      .filter((line) => {
        const product = sold.get(line._id);
        return !product || product.inStock === false;
      })
      .map((line) => line._id),
  );
}

/**
 * Takes an earlier order's lines and the catalogue now; returns the lines that can be bought
 * again — each product as the catalogue has it today (today's price), same sale units — and the
 * names of those that cannot (in the language shown; a deleted one by the order's English name):
 * out of stock now, no longer in the catalogue, or sold in another unit now (2 × 250 g would
 * otherwise become 2 kg).
 */
export function linesToOrderAgain(
  past: readonly PastLine[],
  catalogue: readonly Product[],
): { lines: LineToAdd[]; skipped: string[] } {
  const byId = new Map(catalogue.map((product) => [product._id, product]));
  const lines: LineToAdd[] = [];
  const skipped: string[] = [];
  for (const line of past) {
    const { _id, name, cartQuantity } = line;
    const product = byId.get(_id);
    if (product && product.inStock !== false && sameUnit(line, product)) lines.push({ product, cartQuantity });
    else skipped.push(product ? named(product) : name);
  }
  return { lines, skipped };
}

/**
 * Puts `lines` in the cart: their sale units go onto a line already there (up to 100), else
 * make a new line. The message names the products added and those `skipped` (not available now);
 * with nothing to add the cart is unchanged and the message names only what was skipped.
 */
export function addLinesToCart(cart: Cart, lines: readonly LineToAdd[], skipped: readonly string[] = []): CartChange {
  const skippedNames = skipped.join(', ');
  if (lines.length === 0) return { cart, message: t('orderAgain.skipped', { skipped: skippedNames }), kind: 'error' };
  let next = [...cart];
  for (const { product, cartQuantity } of lines) {
    const existing = next.find((item) => item._id === product._id);
    next = existing
      ? next.map((item) =>
          item === existing
            ? { ...item, cartQuantity: Math.min(item.cartQuantity + cartQuantity, MAX_LINE_QUANTITY) }
            : item,
        )
      : [...next, toCartLine(product, Math.min(cartQuantity, MAX_LINE_QUANTITY))];
  }
  const added = lines.map((line) => named(line.product)).join(', ');
  return skipped.length > 0
    ? { cart: next, message: t('orderAgain.addedSkipped', { added, skipped: skippedNames }), kind: 'info' }
    : { cart: next, message: t('orderAgain.added', { added }), kind: 'success' };
}

/** Takes one sale unit off `productId`; at 1 the line is removed instead. */
export function decreaseInCart(cart: Cart, productId: string): CartChange | undefined {
  const item = cart.find((line) => line._id === productId);
  if (!item) return undefined;
  if (item.cartQuantity <= 1) return removeFromCart(cart, productId);
  return {
    cart: cart.map((line) => (line._id === productId ? { ...line, cartQuantity: line.cartQuantity - 1 } : line)),
    message: t('cart.decreased', { name: named(item) }),
    kind: 'info',
  };
}

/** Removes the line of `productId`. */
export function removeFromCart(cart: Cart, productId: string): CartChange | undefined {
  const item = cart.find((line) => line._id === productId);
  if (!item) return undefined;
  return {
    cart: cart.filter((line) => line._id !== productId),
    message: t('cart.removed', { name: named(item) }),
    kind: 'error',
  };
}

/** Empties the cart. */
export const clearCart = (): CartChange => ({ cart: [], message: t('cart.cleared'), kind: 'error' });

/** cartTotalQuantity (sale units: the header badge's count) and cartTotalAmount (Tk, Σ price × quantity) of spec §3. */
export function cartTotals(cart: Cart): { cartTotalQuantity: number; cartTotalAmount: number } {
  return {
    cartTotalQuantity: cart.reduce((sum, item) => sum + item.cartQuantity, 0),
    // The shop's one pricing rule (in poisha, so 0.1 + 0.2 is 0.3), as the checkout and server use.
    cartTotalAmount: priceCart(cart).cartTotal,
  };
}

/** The header badge: the item count, "99+" above 99 (spec §2). */
export const badgeLabel = (count: number): string => (count > 99 ? '99+' : String(count));
