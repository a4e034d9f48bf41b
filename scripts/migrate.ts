/**
 * `npm run migrate`: applies edge-api/migrations to DATABASE_URL (file, sqld or Turso) and seeds
 * the catalogue when the products table is empty. Used for the Workers database too.
 */
import { parseConfig } from '../edge-api/src/config';
import { openDatabase } from '../edge-api/src/db/client';
import { applyMigrations } from '../edge-api/src/db/migrate';
import { loadMigrations } from '../edge-api/src/db/migrations-fs';
import { seedIfEmpty } from '../edge-api/src/db/seed';
import { loadDotEnv, runMain } from './lib/cli';

runMain(async () => {
  loadDotEnv();
  const config = parseConfig(process.env);
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const applied = await applyMigrations(db, await loadMigrations());
  const seeded = await seedIfEmpty(db);
  console.log(`${config.databaseUrl}: ${applied.length} migration(s) applied, ${seeded} product(s) seeded.`);
  db.close();
});
