/**
 * The pricing of weighed lines (DESIGN.md §17), on top of the shop's one rule in pricing.ts: a
 * line's ceiling, the order's `maxAmount`, a packed line's price by the grams packed, a
 * substitute's price and the final bill, all in integer poisha inside. Apart from pricing.ts so
 * the home page's first load, which prices the cart, does not carry packing.
 */
import type { SaleUnit } from './catalogue';
import { billTk, priceCart, type AreaPricing, type PricedLine, type PriceSummary } from './pricing';

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
function gramsPerUnit(line: Pick<WeighableLine, 'unit' | 'unitSize'>): number | undefined {
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
