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

/** A product as the API returns it. */
export type Product = { _id: string; name: string; price: number; image: string; category: Category; season: Season | null };
