/** Seeds the catalogue of seed-catalogue.ts into an empty products table (never twice). */
import type { Client } from '@libsql/client';
import { seedCatalogue } from './seed-catalogue';

/** The public path of a seed product's picture, e.g. `/products/carrot.webp`. */
export const productImagePath = (slug: string): string => `/products/${slug}.webp`;

/**
 * Inserts the seed catalogue in one batch when `products` has no rows.
 * @returns the number of products inserted (0 when the table already had products).
 */
export async function seedIfEmpty(db: Client): Promise<number> {
  const { rows } = await db.execute('SELECT EXISTS (SELECT 1 FROM products) AS present');
  if (Number(rows[0]?.present) === 1) return 0;
  const start = Date.now();
  await db.batch(
    seedCatalogue.map((p, i) => ({
      sql: `INSERT INTO products (id, name, name_bn, price, image, category, season, unit, unit_size,
                                  weight_tolerance, created_at, updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      // created_at steps by 1 ms so the shop's order (and New Arrivals) follows this list.
      args: [
        crypto.randomUUID(),
        p.name,
        p.nameBn,
        p.price,
        productImagePath(p.slug),
        p.category,
        p.season,
        p.unit ?? 'kg',
        p.unitSize ?? 1,
        p.weightTolerance ?? null,
        start + i,
        start + i,
      ],
    })),
    'write',
  );
  return seedCatalogue.length;
}
