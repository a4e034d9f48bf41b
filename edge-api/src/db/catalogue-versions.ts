/**
 * The catalogue's version tables of migration 0002 (DESIGN.md §5): `catalogue_state`, the one
 * counter every product change bumps, and `product_tombstones`, the deleted product ids with
 * the version they were deleted at. Triggers write both; this module only reads them.
 */
import type { Client, InStatement, ResultSet } from '@libsql/client';

/** The current catalogue version (one row, one column). */
export const CATALOGUE_VERSION_SQL = 'SELECT version FROM catalogue_state WHERE id = 1';

/** The catalogue version in the result of {@link CATALOGUE_VERSION_SQL}; 0 when there is none. */
export const catalogueVersionOf = (result: ResultSet | undefined): number => Number(result?.rows[0]?.version ?? 0);

/** Reads the current catalogue version (0 before migration 0002's row exists). */
export async function readCatalogueVersion(db: Client): Promise<number> {
  return catalogueVersionOf(await db.execute(CATALOGUE_VERSION_SQL));
}

/** The ids of the products deleted after catalogue version `since`, oldest deletion first. */
export const deletedProductsSinceStatement = (since: number): InStatement => ({
  sql: 'SELECT id FROM product_tombstones WHERE version > ? ORDER BY version',
  args: [since],
});

/** The product ids in the result of {@link deletedProductsSinceStatement}. */
export const deletedIdsOf = (result: ResultSet | undefined): string[] =>
  (result?.rows ?? []).map((row) => String(row.id));
