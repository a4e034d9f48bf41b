/**
 * Schema migrations: applies `NNNN_name.sql` files in version order, each inside one write
 * transaction together with its row in `schema_migrations`, so a failed file leaves nothing
 * half-applied. Runtime-neutral: the caller supplies the files (see migrations-fs.ts on Node).
 */
import type { Client } from '@libsql/client';

/** One migration file: `version` from its NNNN prefix, `sql` its full text. */
export type Migration = { version: number; name: string; sql: string };

/** Thrown when a migration's SQL fails; names the file. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

/**
 * The migrations of `migrations` that `db` has not recorded (all of them on a new database), in
 * version order: what a server whose queries expect them must not start without.
 */
export async function pendingMigrations(db: Client, migrations: readonly Migration[]): Promise<Migration[]> {
  const known = await db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'");
  const applied =
    known.rows.length === 0
      ? new Set<number>()
      : new Set((await db.execute('SELECT version FROM schema_migrations')).rows.map((row) => Number(row.version)));
  return [...migrations].filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
}

/**
 * Applies every migration newer than the database's recorded versions.
 * @returns the versions applied by this call, in order (empty when up to date).
 * @throws MigrationError naming the failing file; that file's changes are rolled back.
 */
export async function applyMigrations(db: Client, migrations: readonly Migration[]): Promise<number[]> {
  await db.execute(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
  );
  const applied = new Set(
    (await db.execute('SELECT version FROM schema_migrations')).rows.map((row) => Number(row.version)),
  );
  const pending = [...migrations].filter((m) => !applied.has(m.version)).sort((a, b) => a.version - b.version);
  const done: number[] = [];
  for (const migration of pending) {
    const tx = await db.transaction('write');
    try {
      await tx.executeMultiple(migration.sql);
      await tx.execute({
        sql: 'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
        args: [migration.version, migration.name, Date.now()],
      });
      await tx.commit();
    } catch (error) {
      await tx.rollback().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(`migration ${migration.name} failed: ${reason}`, { cause: error });
    } finally {
      tx.close();
    }
    done.push(migration.version);
  }
  return done;
}
