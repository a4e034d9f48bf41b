/**
 * Product contract shared by the API and the PWA: the wire shape of spec §3 (`_id`, `name`,
 * `price` in Tk per kg, `image`, `category`) plus our optional `season` (DESIGN.md §6).
 */
import { z } from 'zod';

export const categories = ['vegetable', 'fruit'] as const;
export const seasons = ['summer', 'winter', 'spring'] as const;

export type Category = (typeof categories)[number];
export type Season = (typeof seasons)[number];

/** A product as the API returns it. */
export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().positive(),
  image: z.string(),
  category: z.enum(categories),
  season: z.enum(seasons).nullable(),
});

export type Product = z.infer<typeof productSchema>;
