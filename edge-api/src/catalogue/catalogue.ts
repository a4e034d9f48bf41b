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

/** The whole catalogue at one version: its JSON text (the `GET /api/products` body) and ETag. */
export type CatalogueSnapshot = { version: number; body: string; etag: string };

/**
 * Keeps the catalogue's JSON bytes for its current version, so a read costs no query and no
 * serialisation. The version is re-read at most every `ttlMs` (default 1000 ms) — the most a
 * change made by another process or Worker isolate can take to show; `invalidate()` after a
 * write through this instance makes it show at once.
 */
export class CatalogueCache {
  private snapshot: CatalogueSnapshot | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private loading: Promise<CatalogueSnapshot> | undefined;

  constructor(
    private readonly db: Client,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets the checked version: the next read asks the database. */
  invalidate(): void {
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** The snapshot when it was checked less than `ttlMs` ago, without waiting; else undefined. */
  fresh(): CatalogueSnapshot | undefined {
    return this.snapshot && this.now() - this.checkedAt < this.ttlMs ? this.snapshot : undefined;
  }

  /** The current snapshot (concurrent callers share one database round trip). */
  current(): Promise<CatalogueSnapshot> {
    const fresh = this.fresh();
    if (fresh) return Promise.resolve(fresh);
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async load(): Promise<CatalogueSnapshot> {
    const checkedAt = this.now();
    const version = await readCatalogueVersion(this.db);
    if (this.snapshot?.version !== version) {
      // The rows and their version from one read transaction, so the label matches the bytes.
      const [versionRows, productRows] = await this.db.batch([CATALOGUE_VERSION_SQL, LIST_PRODUCTS_SQL], 'read');
      const read = catalogueVersionOf(versionRows);
      this.snapshot = {
        version: read,
        body: JSON.stringify((productRows?.rows ?? []).map(toProduct)),
        etag: `"catalogue-${read}"`,
      };
    }
    this.checkedAt = checkedAt;
    return this.snapshot;
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
