/**
 * The one pricing rule of the shop (spec §9, DESIGN.md §4), used by the cart, the checkout page
 * and the server: cartTotal = Σ price × cartQuantity, a price per sale unit (a kg, a 250 g pack,
 * a bundle…) times whole sale units, whatever the unit; shipping = 80 Tk when cartTotal > 200 Tk,
 * else 40 Tk; tax = 5% of cartTotal; subtotal = ceil(cartTotal + shipping + tax), whole Tk.
 * Computed in integer poisha (1 Tk = 100 poisha) so fractional prices never drift.
 */

const SHIPPING_THRESHOLD_TK = 200;
const SHIPPING_LOW_TK = 40;
const SHIPPING_HIGH_TK = 80;
export const TAX_PERCENT = 5;

/** A priced line: `price` in Tk per sale unit, `cartQuantity` in sale units (whole number). */
export type PricedLine = { price: number; cartQuantity: number };

/** All amounts in Tk; `subtotal` is a whole number (the amount charged). */
export type PriceSummary = { cartTotal: number; shipping: number; tax: number; subtotal: number };

/** Prices `lines` by the shop's rule. An empty cart has cartTotal 0 and shipping 40. */
export function priceCart(lines: readonly PricedLine[]): PriceSummary {
  const totalPoisha = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.cartQuantity, 0);
  const shippingTk = totalPoisha > SHIPPING_THRESHOLD_TK * 100 ? SHIPPING_HIGH_TK : SHIPPING_LOW_TK;
  // subtotal = ceil((total + total × 5/100) / 100 + shipping), kept in integers: ceil(total × 105 / 10000).
  const subtotal = Math.ceil((totalPoisha * (100 + TAX_PERCENT)) / 10_000) + shippingTk;
  return {
    cartTotal: totalPoisha / 100,
    shipping: shippingTk,
    tax: (totalPoisha * TAX_PERCENT) / 10_000,
    subtotal,
  };
}

/** The card amount in poisha for Stripe (currency BDT): subtotal × 100 (spec §9). */
export const toPoisha = (subtotalTk: number): number => Math.round(subtotalTk * 100);
