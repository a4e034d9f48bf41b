/**
 * `npm run migrate`: applies edge-api/migrations to DATABASE_URL (file, sqld or Turso) and seeds
 * the catalogue when the products table is empty. Used for the Workers database too.
 */
import { parseConfig, printableDatabaseUrl } from '../edge-api/src/config';
import { openDatabase } from '../edge-api/src/db/client';
import { prepareDatabase } from '../edge-api/src/db/prepare';
import { loadDotEnv, runMain } from './lib/cli';

runMain(async () => {
  loadDotEnv();
  const config = parseConfig(process.env);
  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const { migrated, seeded } = await prepareDatabase(db);
  console.log(
    `${printableDatabaseUrl(config.databaseUrl)}: ${migrated.length} migration(s) applied, ${seeded} product(s) seeded.`,
  );
  db.close();
});
