/**
 * The `products` table (DESIGN.md §4): its SQL and its row mapper. Prices are Tk per kg;
 * `created_at`/`updated_at` are Unix epoch milliseconds. Every write here moves the catalogue
 * version through migration 0002's triggers (catalogue/catalogue.ts reads the versions).
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { z } from 'zod';
import type { Product } from '../contract/catalogue';
import type { productInputSchema, productUpdateSchema } from '../contract/product';

/** A validated `POST /products` body. */
export type NewProduct = z.output<typeof productInputSchema>;
/** A validated `PUT /products/update/:id` body: the fields to change. */
export type ProductEdit = z.output<typeof productUpdateSchema>;

/** The columns {@link toProduct} reads. */
const COLUMNS = 'id, name, price, image, category, season';

/** Maps a `products` row (at least the columns of this module's SELECTs) to the wire shape of spec §3. */
export function toProduct(row: Row): Product {
  return {
    _id: String(row.id),
    name: String(row.name),
    price: Number(row.price),
    image: String(row.image),
    category: row.category === 'fruit' ? 'fruit' : 'vegetable',
    season: row.season === null ? null : (String(row.season) as Product['season']),
  };
}

/** Every product in shop order (oldest first, through the `products_created` index). */
export const LIST_PRODUCTS_SQL = `SELECT ${COLUMNS} FROM products ORDER BY created_at, id`;

/** The products whose catalogue version is above `since` (a version number), in shop order. */
export const productsChangedSinceStatement = (since: number): InStatement => ({
  sql: `SELECT ${COLUMNS} FROM products WHERE version > ? ORDER BY created_at, id`,
  args: [since],
});

/** Reads every product in shop order. */
export async function listProducts(db: Client): Promise<Product[]> {
  return (await db.execute(LIST_PRODUCTS_SQL)).rows.map(toProduct);
}

/**
 * Reads the products with the given ids.
 * @returns a map from id to product; ids with no product are absent from it.
 */
export async function findProducts(db: Client, ids: readonly string[]): Promise<Map<string, Product>> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`, args: [...ids] });
  return new Map(rows.map((row) => [String(row.id), toProduct(row)]));
}

/**
 * Adds a product with a new id, appended to the shop's order: its `created_at` is `nowMs` or,
 * when that is not after the newest product's, one millisecond after it.
 * @returns the stored product.
 */
export async function insertProduct(db: Client, input: NewProduct, nowMs = Date.now()): Promise<Product> {
  const { rows } = await db.execute({
    sql: `INSERT INTO products (id, name, price, image, category, season, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, max(?, coalesce((SELECT max(created_at) FROM products), 0) + 1), ?) RETURNING ${COLUMNS}`,
    args: [crypto.randomUUID(), input.name, input.price, input.image, input.category, input.season ?? null, nowMs, nowMs],
  });
  return toProduct(rows[0] as Row);
}

/**
 * Changes the fields present in `edit` (a `season` of null makes the product all-year) and
 * stamps `updated_at` with `nowMs`.
 * @returns the product as stored now, or undefined when no product has id `id`.
 */
export async function updateProduct(db: Client, id: string, edit: ProductEdit, nowMs = Date.now()): Promise<Product | undefined> {
  const { rows } = await db.execute({
    sql: `UPDATE products SET name = coalesce(?, name), price = coalesce(?, price), image = coalesce(?, image),
            category = coalesce(?, category), season = CASE WHEN ? THEN ? ELSE season END, updated_at = ?
          WHERE id = ? RETURNING ${COLUMNS}`,
    args: [edit.name ?? null, edit.price ?? null, edit.image ?? null, edit.category ?? null, edit.season !== undefined, edit.season ?? null, nowMs, id],
  });
  return rows[0] ? toProduct(rows[0]) : undefined;
}

/**
 * Deletes product `id` (its tombstone is written by a trigger).
 * @returns the number of products deleted: 1, or 0 when there was none.
 */
export async function deleteProduct(db: Client, id: string): Promise<number> {
  return (await db.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [id] })).rowsAffected;
}
