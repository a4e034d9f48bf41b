/**
 * The one pricing rule of the shop (spec §9, DESIGN.md §4 and §15), used by the cart, the checkout
 * page and the server: cartTotal = Σ price × cartQuantity, a price per sale unit (a kg, a 250 g
 * pack, a bundle…) times whole sale units, whatever the unit; shipping is the delivery area's
 * (below), else 80 Tk when cartTotal > 200 Tk and 40 Tk otherwise; tax = 5% of cartTotal;
 * subtotal = ceil(cartTotal + shipping + tax), whole Tk. Computed in integer poisha (1 Tk = 100
 * poisha) so fractional prices never drift. Zod-free: the PWA's first screens use it. Weighed
 * lines' ceiling and final bill (DESIGN.md §17) are in weighed-pricing.ts, apart so the first
 * load does not carry them (a module shared by the first load and a lazy chunk goes whole into
 * the first load).
 */

const SHIPPING_THRESHOLD_TK = 200;
const SHIPPING_LOW_TK = 40;
const SHIPPING_HIGH_TK = 80;
export const TAX_PERCENT = 5;

/** A priced line: `price` in Tk per sale unit, `cartQuantity` in sale units (whole number). */
export type PricedLine = { price: number; cartQuantity: number };

/** All amounts in Tk; `subtotal` is a whole number (the amount charged). */
export type PriceSummary = { cartTotal: number; shipping: number; tax: number; subtotal: number };

/**
 * What a delivery area changes in the price (DESIGN.md §15), all in Tk: its own `fee` (null: the
 * spec's rule), free delivery from `freeDeliveryAbove` (cartTotal ≥ it; null: never) and the
 * `minimumOrder` cartTotal it is delivered to (0: none).
 */
export type AreaPricing = { fee: number | null; freeDeliveryAbove: number | null; minimumOrder: number };

/** Whole Tk of goods worth `goodsPoisha` with 5 % tax and `shippingTk` added, rounded up (spec §9). */
export const billTk = (goodsPoisha: number, shippingTk: number) =>
  Math.ceil((goodsPoisha * (100 + TAX_PERCENT)) / 10_000) + shippingTk;

/**
 * Prices `lines` by the shop's rule, with the delivery `area`'s fee when one is given (DESIGN.md
 * §15): shipping = 0 from the area's freeDeliveryAbove, else its fee, else the spec's 40/80 Tk.
 * An empty cart has cartTotal 0 and the shipping of 0 Tk of goods.
 */
export function priceCart(lines: readonly PricedLine[], area?: Omit<AreaPricing, 'minimumOrder'> | null): PriceSummary {
  const totalPoisha = lines.reduce((sum, line) => sum + Math.round(line.price * 100) * line.cartQuantity, 0);
  const shippingTk = shippingFor(totalPoisha, area);
  const subtotal = billTk(totalPoisha, shippingTk);
  return {
    cartTotal: totalPoisha / 100,
    shipping: shippingTk,
    tax: (totalPoisha * TAX_PERCENT) / 10_000,
    subtotal,
  };
}

/** Shipping in Tk for goods worth `totalPoisha` delivered to `area` (see priceCart). */
function shippingFor(totalPoisha: number, area: Omit<AreaPricing, 'minimumOrder'> | null | undefined): number {
  if (area?.freeDeliveryAbove != null && totalPoisha >= area.freeDeliveryAbove * 100) return 0;
  if (area?.fee != null) return area.fee;
  return totalPoisha > SHIPPING_THRESHOLD_TK * 100 ? SHIPPING_HIGH_TK : SHIPPING_LOW_TK;
}

/**
 * How much more (Tk, cartTotal, tax and shipping aside) a cart of `cartTotal` Tk needs before
 * `area` delivers it (DESIGN.md §15 "Minimum"): 0 when its minimum order is met or it has none.
 */
export function belowMinimumBy(cartTotal: number, area: Pick<AreaPricing, 'minimumOrder'> | null | undefined): number {
  const shortPoisha = Math.round((area?.minimumOrder ?? 0) * 100) - Math.round(cartTotal * 100);
  return Math.max(0, shortPoisha) / 100;
}

/** The card amount in poisha for Stripe (currency BDT): subtotal × 100 (spec §9). */
export const toPoisha = (subtotalTk: number): number => Math.round(subtotalTk * 100);
