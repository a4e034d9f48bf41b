/**
 * The catalogue read side (DESIGN.md §5, bench/README.md §4 and §6): the whole catalogue as
 * ready-made JSON bytes cached per catalogue version, and the delta since a version (their SQL
 * is in db/products.ts and db/catalogue-versions.ts). Versions come from migration 0002's
 * triggers, so any write to `products` — through this API or not — moves them.
 */
import type { Client } from '@libsql/client';
import type { CatalogueDelta } from '../contract/catalogue';
import {
  CATALOGUE_VERSION_SQL,
  catalogueVersionOf,
  deletedIdsOf,
  deletedProductsSinceStatement,
  readCatalogueVersion,
} from '../db/catalogue-versions';
import { LIST_PRODUCTS_SQL, productsChangedSinceStatement, toProduct } from '../db/products';
import { SnapshotCache, type Snapshot } from '../http/snapshot-cache';

/** The whole catalogue at one version: its JSON text (the `GET /api/products` body) and ETag. */
export type CatalogueSnapshot = Snapshot & { version: number };

/**
 * Keeps the catalogue's JSON bytes for its current version, so a read costs no query and no
 * serialisation (http/snapshot-cache.ts: re-checked at most every `ttlMs`, default 1000 ms).
 * A check reads the version only; the rows when it moved.
 */
export class CatalogueCache extends SnapshotCache<CatalogueSnapshot> {
  constructor(db: Client, ttlMs?: number, now?: () => number) {
    super(
      async (previous) => {
        const version = await readCatalogueVersion(db);
        if (previous?.version === version) return previous;
        // The rows and their version from one read transaction, so the label matches the bytes.
        const [versionRows, productRows] = await db.batch([CATALOGUE_VERSION_SQL, LIST_PRODUCTS_SQL], 'read');
        const read = catalogueVersionOf(versionRows);
        return {
          version: read,
          body: JSON.stringify((productRows?.rows ?? []).map(toProduct)),
          etag: `"catalogue-${read}"`,
        };
      },
      ttlMs,
      now,
    );
  }
}

/**
 * The products added or changed after `since`, in shop order, and the ids deleted after it,
 * with the version they bring the client to (one read transaction).
 */
export async function catalogueDelta(db: Client, since: number): Promise<CatalogueDelta> {
  const [versionRows, changedRows, deletedRows] = await db.batch(
    [CATALOGUE_VERSION_SQL, productsChangedSinceStatement(since), deletedProductsSinceStatement(since)],
    'read',
  );
  return {
    version: catalogueVersionOf(versionRows),
    changed: (changedRows?.rows ?? []).map(toProduct),
    deleted: deletedIdsOf(deletedRows),
  };
}
