/**
 * The catalogue's wire shape and constants, shared by the API and the PWA's first screens: a
 * product as the API returns it (spec §3: `_id`, `name`, `price` in Tk per kg, `image`,
 * `category`, plus our optional `season`, DESIGN.md §6) and the largest line item (100 kg,
 * spec §4). No zod here: the shop's first load imports this module, and zod would add ~14 KiB
 * gzip to it (bench/README.md). The matching schema is `productSchema` in product.ts.
 */

export const categories = ['vegetable', 'fruit'] as const;
export const seasons = ['summer', 'winter', 'spring'] as const;

export type Category = (typeof categories)[number];
export type Season = (typeof seasons)[number];

/** Most kilograms of one product in a cart or an order. */
export const MAX_LINE_QUANTITY = 100;

/** The response header of a full `GET /products` with its catalogue version: the client's next `?since=`. */
export const CATALOGUE_VERSION_HEADER = 'Catalogue-Version';

/**
 * A product as the API returns it. `nameBn` is its Bangla name (null when none is set, DESIGN.md
 * §9); `inStock` false means it cannot be ordered now (DESIGN.md §6). `stock` is the number of
 * sale units on hand, or null when the shop does not count them (DESIGN.md §4); `inStock` is
 * false whenever it is 0.
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
  stock: number | null;
};

/** `GET /products?since=N`: what changed after catalogue version N (DESIGN.md §5), in shop order. */
export type CatalogueDelta = { version: number; changed: Product[]; deleted: string[] };

/**
 * A cart line item: the product as it was added and whole kilograms (spec §4), as the cart
 * stores it. Whether it is in stock is read from the catalogue, not stored; `nameBn` is missing
 * from carts stored before products had one.
 */
export type CartLine = Omit<Product, 'inStock' | 'stock' | 'nameBn'> & { nameBn?: string | null; cartQuantity: number };

const isOneOf = (values: readonly unknown[], value: unknown) => values.includes(value);

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
    Number.isInteger(cartQuantity) &&
    (cartQuantity as number) >= 1 &&
    (cartQuantity as number) <= MAX_LINE_QUANTITY
  );
}
