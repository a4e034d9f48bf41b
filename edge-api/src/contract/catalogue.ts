/**
 * The catalogue's wire shape and constants, shared by the API and the PWA's first screens: a
 * product as the API returns it (spec §3: `_id`, `name`, `price`, `image`, `category`, plus our
 * optional `season`, DESIGN.md §6, and its sale unit, DESIGN.md §4 "Units") and the largest line
 * item (100 sale units, spec §4). No zod here: the shop's first load imports this module, and zod would add ~14 KiB
 * gzip to it (bench/README.md). The matching schema is `productSchema` in product.ts.
 */

export const categories = ['vegetable', 'fruit'] as const;
export const seasons = ['summer', 'winter', 'spring'] as const;

/**
 * How a product is sold (DESIGN.md §4 "Units"): `kg` (the spec's default), `g` (a pack of
 * `unitSize` grams), `piece` (`unitSize` pieces), `bundle` (আঁটি, of greens), `dozen`, `hali` (4).
 */
export const saleUnits = ['kg', 'g', 'piece', 'bundle', 'dozen', 'hali'] as const;

export type Category = (typeof categories)[number];
export type Season = (typeof seasons)[number];
export type SaleUnit = (typeof saleUnits)[number];

/** The largest `unitSize` (a 10 kg sack in grams) and `weightTolerance` (grams) a product may have. */
export const MAX_UNIT_SIZE = 10_000;
export const MAX_WEIGHT_TOLERANCE = 1_000;

/** Most sale units of one product in a cart or an order. */
export const MAX_LINE_QUANTITY = 100;

/** The response header of a full `GET /products` with its catalogue version: the client's next `?since=`. */
export const CATALOGUE_VERSION_HEADER = 'Catalogue-Version';

/**
 * A product as the API returns it. `nameBn` is its Bangla name (null when none is set, DESIGN.md
 * §9); `inStock` false means it cannot be ordered now (DESIGN.md §6). `price` is Tk per sale unit:
 * one `unit` of `unitSize` (a 250 g pack, 4 lemons; 1 unless said); `weightTolerance` is the
 * grams a weighed unit may be off by ("± 50 g"), or null (DESIGN.md §4 "Units").
 * `stock` is the number of sale units on hand, or null when the shop does not count them
 * (DESIGN.md §4); `inStock` is false whenever it is 0.
 */
export type Product = {
  _id: string;
  name: string;
  nameBn: string | null;
  price: number;
  image: string;
  category: Category;
  season: Season | null;
  inStock: boolean;
  unit: SaleUnit;
  unitSize: number;
  weightTolerance: number | null;
  stock: number | null;
};

/** A product's sale unit as something may hold it: a row stored before products had units has none (1 kg). */
export type SaleUnitOf = { unit?: SaleUnit | undefined; unitSize?: number | undefined };

/** The sale unit of `item`, 1 kg when it has none (a cart line or order line stored before units). */
export const saleUnitOf = (item: SaleUnitOf): { unit: SaleUnit; unitSize: number } => ({
  unit: item.unit ?? 'kg',
  unitSize: item.unitSize ?? 1,
});

/** `GET /products?since=N`: what changed after catalogue version N (DESIGN.md §5), in shop order. */
export type CatalogueDelta = { version: number; changed: Product[]; deleted: string[] };

/**
 * A cart line item: the product as it was added and whole sale units (spec §4), as the cart
 * stores it. Whether it is in stock is read from the catalogue, not stored; `nameBn` is missing
 * from carts stored before products had one, and the unit fields from carts stored before units
 * (such a line is in kg).
 */
export type CartLine = Omit<Product, 'inStock' | 'stock' | 'nameBn' | 'unit' | 'unitSize' | 'weightTolerance'> & {
  nameBn?: string | null;
  unit?: SaleUnit;
  unitSize?: number;
  weightTolerance?: number | null;
  cartQuantity: number;
};

const isOneOf = (values: readonly unknown[], value: unknown) => values.includes(value);

/** A whole number from 1 to `max`. */
const isWholeUpTo = (value: unknown, max: number) =>
  Number.isInteger(value) && (value as number) >= 1 && (value as number) <= max;

/**
 * True when `value` is a cart line item. The same rules as `cartLineSchema` (product.ts) without
 * zod, which would add ~14 KiB gzip to the shop's first load; cart-line.test.ts checks that the
 * two agree on generated inputs. Extra fields are allowed (and dropped by the caller).
 */
export function isCartLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Record<string, unknown>;
  const { price, cartQuantity } = line;
  return (
    typeof line._id === 'string' &&
    typeof line.name === 'string' &&
    (line.nameBn === undefined || line.nameBn === null || typeof line.nameBn === 'string') &&
    typeof line.image === 'string' &&
    typeof price === 'number' &&
    Number.isFinite(price) &&
    price > 0 &&
    isOneOf(categories, line.category) &&
    (line.season === null || isOneOf(seasons, line.season)) &&
    (line.unit === undefined || isOneOf(saleUnits, line.unit)) &&
    (line.unitSize === undefined || isWholeUpTo(line.unitSize, MAX_UNIT_SIZE)) &&
    (line.weightTolerance === undefined ||
      line.weightTolerance === null ||
      isWholeUpTo(line.weightTolerance, MAX_WEIGHT_TOLERANCE)) &&
    Number.isInteger(cartQuantity) &&
    (cartQuantity as number) >= 1 &&
    (cartQuantity as number) <= MAX_LINE_QUANTITY
  );
}
