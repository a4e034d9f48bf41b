/** Node-only loader for `edge-api/migrations/NNNN_name.sql` (Workers never migrate themselves). */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from './migrate';

/** The project's migrations folder. */
const migrationsDir = fileURLToPath(new URL('../../migrations/', import.meta.url));

/**
 * Reads every `NNNN_name.sql` file of `dir`, sorted by version.
 * @throws Error when two files share a version number.
 */
export async function loadMigrations(dir: string = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => /^\d{4}_[\w-]+\.sql$/.test(file));
  const migrations = await Promise.all(
    files.map(async (file) => ({
      version: Number(file.slice(0, 4)),
      name: file,
      sql: await readFile(join(dir, file), 'utf8'),
    })),
  );
  migrations.sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (i > 0 && migrations[i - 1]?.version === m.version) throw new Error(`two migrations share version ${m.version}`);
  });
  return migrations;
}
