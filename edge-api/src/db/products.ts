/**
 * The `products` table (DESIGN.md §4): its SQL and its row mapper. Prices are Tk per sale unit
 * (`unit`, `unit_size`: DESIGN.md §4 "Units");
 * `created_at`/`updated_at` are Unix epoch milliseconds. Every write here moves the catalogue
 * version through migration 0002's triggers (catalogue/catalogue.ts reads the versions).
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { z } from 'zod';
import { saleUnits, type Product, type SaleUnit } from '../contract/catalogue';
import type { productInputSchema, productUpdateSchema } from '../contract/product';

/** A validated `POST /products` body. */
export type NewProduct = z.output<typeof productInputSchema>;
/** A validated `PUT /products/update/:id` body: the fields to change. */
export type ProductEdit = z.output<typeof productUpdateSchema>;

/** The columns {@link toProduct} reads. */
const COLUMNS = 'id, name, name_bn, price, image, category, season, in_stock, stock, unit, unit_size, weight_tolerance';

/** A stored unit as the wire's; a row read without the column (or an unknown one) is in kg. */
const toUnit = (value: unknown): SaleUnit => saleUnits.find((unit) => unit === value) ?? 'kg';

/**
 * Whether a product can be ordered now: the admin's switch (`in_stock`) is on and, when its
 * units are counted (`stock` not null), at least one is left. The one rule for `inStock`
 * (DESIGN.md §4: false whenever stock is 0).
 */
const isInStock = (inStockSwitch: boolean, stock: number | null): boolean =>
  inStockSwitch && (stock === null || stock > 0);

/** Maps a `products` row (at least the columns of this module's SELECTs) to the wire shape of spec §3. */
export function toProduct(row: Row): Product {
  const stock = row.stock === null || row.stock === undefined ? null : Number(row.stock);
  return {
    _id: String(row.id),
    name: String(row.name),
    nameBn: row.name_bn === null || row.name_bn === undefined ? null : String(row.name_bn),
    price: Number(row.price),
    image: String(row.image),
    category: row.category === 'fruit' ? 'fruit' : 'vegetable',
    season: row.season === null ? null : (String(row.season) as Product['season']),
    inStock: isInStock(Number(row.in_stock ?? 1) === 1, stock),
    stock,
    unit: toUnit(row.unit),
    unitSize: row.unit_size === null || row.unit_size === undefined ? 1 : Number(row.unit_size),
    weightTolerance:
      row.weight_tolerance === null || row.weight_tolerance === undefined ? null : Number(row.weight_tolerance),
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
  const { rows } = await db.execute({
    sql: `SELECT ${COLUMNS} FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`,
    args: [...ids],
  });
  return new Map(rows.map((row) => [String(row.id), toProduct(row)]));
}

/** A Bangla name as stored: an empty one (or none) is NULL. */
const nameBnValue = (nameBn: string | null | undefined) => (nameBn ? nameBn : null);

/**
 * Adds a product with a new id, appended to the shop's order: its `created_at` is `nowMs` or,
 * when that is not after the newest product's, one millisecond after it. `inStock` defaults to
 * true, `stock` to not counted, `unit` to kg and `unitSize` to 1; an empty `nameBn` (or `weightTolerance`) is stored as none.
 * @returns the stored product.
 */
export async function insertProduct(db: Client, input: NewProduct, nowMs = Date.now()): Promise<Product> {
  const { rows } = await db.execute({
    sql: `INSERT INTO products (id, name, name_bn, price, image, category, season, in_stock, stock, unit, unit_size,
                                weight_tolerance, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, max(?, coalesce((SELECT max(created_at) FROM products), 0) + 1), ?)
          RETURNING ${COLUMNS}`,
    args: [
      crypto.randomUUID(),
      input.name,
      nameBnValue(input.nameBn),
      input.price,
      input.image,
      input.category,
      input.season ?? null,
      input.inStock === false ? 0 : 1,
      input.stock ?? null,
      input.unit ?? 'kg',
      input.unitSize ?? 1,
      input.weightTolerance ?? null,
      nowMs,
      nowMs,
    ],
  });
  return toProduct(rows[0] as Row);
}

/**
 * Changes the fields present in `edit` and only those (a `season` of null makes the product
 * all-year; a `nameBn` of null or "" removes the Bangla name, a `weightTolerance` of null or ""
 * the tolerance, a `stock` of null stops counting) and stamps `updated_at` with
 * `nowMs`. Only the columns present are SET, so the catalogue version moves only for them.
 * @returns the product as stored now, or undefined when no product has id `id`.
 */
export async function updateProduct(
  db: Client,
  id: string,
  edit: ProductEdit,
  nowMs = Date.now(),
): Promise<Product | undefined> {
  const changes: Array<[column: string, value: string | number | null]> = [];
  if (edit.name !== undefined) changes.push(['name', edit.name]);
  if (edit.nameBn !== undefined) changes.push(['name_bn', nameBnValue(edit.nameBn)]);
  if (edit.price !== undefined) changes.push(['price', edit.price]);
  if (edit.image !== undefined) changes.push(['image', edit.image]);
  if (edit.category !== undefined) changes.push(['category', edit.category]);
  if (edit.season !== undefined) changes.push(['season', edit.season]);
  if (edit.inStock !== undefined) changes.push(['in_stock', edit.inStock ? 1 : 0]);
  if (edit.stock !== undefined) changes.push(['stock', edit.stock]);
  if (edit.unit !== undefined) changes.push(['unit', edit.unit]);
  if (edit.unitSize !== undefined) changes.push(['unit_size', edit.unitSize]);
  if (edit.weightTolerance !== undefined) changes.push(['weight_tolerance', edit.weightTolerance]);
  const { rows } = await db.execute({
    sql: `UPDATE products SET ${[...changes.map(([column]) => `${column} = ?`), 'updated_at = ?'].join(', ')} WHERE id = ? RETURNING ${COLUMNS}`,
    args: [...changes.map(([, value]) => value), nowMs, id],
  });
  return rows[0] ? toProduct(rows[0]) : undefined;
}

/** What {@link changeStock} did: the product as stored now, or why nothing changed. */
export type StockChange =
  { kind: 'changed'; product: Product } | { kind: 'missing' } | { kind: 'out_of_range'; stock: number | null };

/**
 * Adds `delta` units (negative: takes them away) to product `id`'s counted stock in one
 * conditional UPDATE, so a change is never lost to another admin's or an order's taken
 * meanwhile (DESIGN.md §4). A product not counted (`stock` NULL) starts counting from 0. Nothing
 * changes when the result would be below 0 or above `max`.
 * @returns `changed` with the product, `missing` (no such product), or `out_of_range` with the
 * stock it has now.
 */
export async function changeStock(
  db: Client,
  id: string,
  delta: number,
  max: number,
  nowMs = Date.now(),
): Promise<StockChange> {
  const { rows } = await db.execute({
    sql: `UPDATE products SET stock = coalesce(stock, 0) + ?, updated_at = ?
          WHERE id = ? AND coalesce(stock, 0) + ? BETWEEN 0 AND ? RETURNING ${COLUMNS}`,
    args: [delta, nowMs, id, delta, max],
  });
  if (rows[0]) return { kind: 'changed', product: toProduct(rows[0]) };
  const now = await db.execute({ sql: 'SELECT stock FROM products WHERE id = ?', args: [id] });
  const row = now.rows[0];
  if (!row) return { kind: 'missing' };
  return { kind: 'out_of_range', stock: row.stock === null ? null : Number(row.stock) };
}

/**
 * Deletes product `id` (its tombstone is written by a trigger).
 * @returns the number of products deleted: 1, or 0 when there was none.
 */
export async function deleteProduct(db: Client, id: string): Promise<number> {
  return (await db.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [id] })).rowsAffected;
}
