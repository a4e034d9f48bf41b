/**
 * Makes a database ready to serve (Node only: it reads the migrations folder): applies every
 * pending migration, writes the code's value lists (db/value-lists.ts), then seeds the catalogue
 * when `products` is empty. The one way `npm start`,
 * `npm run dev`, `npm run migrate`, the tests, the e2e stack and the bench prepare a database.
 */
import type { Client } from '@libsql/client';
import { applyMigrations } from './migrate';
import { loadMigrations } from './migrations-fs';
import { seedIfEmpty } from './seed';
import { syncValueLists } from './value-lists';

/** What {@link prepareDatabase} did: the migration versions applied and the products seeded. */
export type Prepared = { migrated: number[]; seeded: number };

/**
 * Migrates `db` and, unless `seed` is false, seeds an empty catalogue.
 * @throws MigrationError naming the failing file (its changes rolled back).
 */
export async function prepareDatabase(db: Client, options: { seed?: boolean } = {}): Promise<Prepared> {
  const migrated = await applyMigrations(db, await loadMigrations());
  await syncValueLists(db);
  const seeded = options.seed === false ? 0 : await seedIfEmpty(db);
  return { migrated, seeded };
}
