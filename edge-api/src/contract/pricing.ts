/**
 * The one pricing rule of the shop (spec §9, DESIGN.md §4 and §15), used by the cart, the checkout
 * page and the server: cartTotal = Σ price × cartQuantity, a price per sale unit (a kg, a 250 g
 * pack, a bundle…) times whole sale units, whatever the unit; shipping is the delivery area's
 * (below), else 80 Tk when cartTotal > 200 Tk and 40 Tk otherwise; tax = 5% of cartTotal;
 * subtotal = ceil(cartTotal + shipping + tax), whole Tk. Computed in integer poisha (1 Tk = 100
 * poisha) so fractional prices never drift. Zod-free: the PWA's first screens use it. Weighed
 * lines add a ceiling, `maxAmount`, and are billed by the grams packed (DESIGN.md §17).
 */
import type { SaleUnit } from './catalogue';

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
const billTk = (goodsPoisha: number, shippingTk: number) =>
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

/**
 * A line that may be weighed when packed (DESIGN.md §17 "Weighed lines"): its sale unit (a line
 * stored before units is 1 kg) and the grams a unit may be off by (null or missing: none).
 */
export type WeighableLine = PricedLine & {
  unit?: SaleUnit | undefined;
  unitSize?: number | undefined;
  weightTolerance?: number | null | undefined;
};

/** The grams in one sale unit of `line` (a kg unit is unitSize × 1000 g, a g pack unitSize g); undefined for other units. */
export function gramsPerUnit(line: Pick<WeighableLine, 'unit' | 'unitSize'>): number | undefined {
  const unit = line.unit ?? 'kg';
  const size = line.unitSize ?? 1;
  if (unit === 'kg') return size * 1000;
  return unit === 'g' ? size : undefined;
}

/**
 * The grams `line` may be packed at (DESIGN.md §17): `nominal` = grams per unit × cartQuantity,
 * `min`/`max` = nominal ∓ weightTolerance × cartQuantity, all whole grams; undefined when the line is
 * not weighed (not kg or g, or no tolerance).
 */
export function packedGramsRange(line: WeighableLine): { min: number; nominal: number; max: number } | undefined {
  const grams = gramsPerUnit(line);
  const tolerance = line.weightTolerance ?? 0;
  if (grams === undefined || tolerance <= 0) return undefined;
  const nominal = grams * line.cartQuantity;
  return { min: nominal - tolerance * line.cartQuantity, nominal, max: nominal + tolerance * line.cartQuantity };
}

/**
 * The most `line` may cost, in poisha (DESIGN.md §17): a weighed line's price at nominal weight
 * plus its tolerance per unit, price × cartQuantity × (1 + weightTolerance / gramsPerUnit),
 * rounded up to whole Tk; any other line's price × cartQuantity.
 */
function lineCeilingPoisha(line: WeighableLine): number {
  const pricePoisha = Math.round(line.price * 100) * line.cartQuantity;
  const range = packedGramsRange(line);
  if (!range) return pricePoisha;
  return Math.ceil((pricePoisha * range.max) / (range.nominal * 100)) * 100;
}

/**
 * Prices an order's `lines` for `area` as {@link priceCart} and adds its ceiling (DESIGN.md §17):
 * `maxAmount` = ceil(Σ line ceilings + 5 % of them) + shipping, in whole Tk, the most the shopper
 * can be charged once weighed lines are packed; equal to `subtotal` when no line is weighed.
 * Shipping is the estimate's (the cartTotal's), fixed when the order is placed.
 */
export function priceOrder(
  lines: readonly WeighableLine[],
  area?: Omit<AreaPricing, 'minimumOrder'> | null,
): PriceSummary & { maxAmount: number } {
  const summary = priceCart(lines, area);
  const ceilingsPoisha = lines.reduce((sum, line) => sum + lineCeilingPoisha(line), 0);
  return { ...summary, maxAmount: billTk(ceilingsPoisha, summary.shipping) };
}

/**
 * A weighed line's price for the grams actually packed (DESIGN.md §17): Tk per gram × grams, to
 * the poisha, in Tk. `line` must be weighed (else its nominal price is returned).
 */
export function packedLinePrice(line: WeighableLine, packedGrams: number): number {
  const range = packedGramsRange(line);
  if (!range) return (Math.round(line.price * 100) * line.cartQuantity) / 100;
  return Math.round((Math.round(line.price * 100) * line.cartQuantity * packedGrams) / range.nominal) / 100;
}

/**
 * A substitute's price (DESIGN.md §17): `quantity` sale units at `substitutePrice` Tk, but never
 * more than the ordered `line` cost at its own price (price × cartQuantity), in Tk to the poisha.
 */
export function substitutePrice(line: PricedLine, substituteUnitPrice: number, quantity: number): number {
  const orderedPoisha = Math.round(line.price * 100) * line.cartQuantity;
  return Math.min(orderedPoisha, Math.round(substituteUnitPrice * 100) * quantity) / 100;
}

/**
 * The final bill in whole Tk (DESIGN.md §17): ceil(packed goods + 5 % of them) + the shipping
 * charged when the order was placed, never above the order's `maxAmount`. `packedTotal` is the
 * sum of the packed lines' final prices (Tk).
 */
export function finalAmountOf(packedTotal: number, shipping: number, maxAmount: number): number {
  return Math.min(maxAmount, billTk(Math.round(packedTotal * 100), shipping));
}

/** The card amount in poisha for Stripe (currency BDT): subtotal × 100 (spec §9). */
export const toPoisha = (subtotalTk: number): number => Math.round(subtotalTk * 100);
