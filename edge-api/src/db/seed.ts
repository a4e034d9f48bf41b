/** Seeds the catalogue of seed-catalogue.ts into an empty products table (never twice). */
import type { Client } from '@libsql/client';
import { v5 as uuidV5 } from 'uuid';
import { seedCatalogue } from './seed-catalogue';

/** The public path of a seed product's picture, e.g. `/products/carrot.webp`. */
const productImagePath = (slug: string): string => `/products/${slug}.webp`;

/** The UUID namespace of the seed products' ids (RFC 9562 §5.5); never change it. */
const SEED_PRODUCT_NAMESPACE = 'ef2b8d46-4d61-4521-ba61-fc5df8d767ec';

/**
 * A seed product's id: a name-based UUID (v5) of its slug, the same in every database seeded from
 * this catalogue. The prerendered pages embed the seed catalogue (DESIGN.md §13): with the same
 * ids, the shop the page hydrates into keeps its cards (keyed by id) when it refetches the
 * catalogue, and Add to cart tapped on a prerendered card adds the product the server sells.
 */
export const seedProductId = (slug: string): string => uuidV5(slug, SEED_PRODUCT_NAMESPACE);

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
        seedProductId(p.slug),
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
