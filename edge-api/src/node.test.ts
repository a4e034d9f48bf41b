/**
 * The Node server's start-up errors (node.ts): a bad setting is named, its value is not — a
 * DATABASE_URL may hold a user and password, and these lines reach terminals and log collectors;
 * a database behind the code's migrations is refused at the start, not with a 500 per request.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/lib/ports';
import { openDatabase } from './db/client';
import { applyMigrations } from './db/migrate';
import { loadMigrations } from './db/migrations-fs';

/** Starts `node.ts --api-only` with `env` added; returns its exit status and what it printed. */
function start(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'edge-api/src/node.ts', '--api-only'], {
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('node.ts start-up', () => {
  it('refuses DATABASE_URL=libsql://user:secret@host naming DATABASE_URL, never its value', () => {
    const { status, output } = start({ DATABASE_URL: 'libsql://user:secret@host' });
    expect(status).toBe(1);
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain('secret');
    expect(output).not.toContain('user:');
  }, 40_000);

  it('refuses a database that lacks the newest migration, naming it and "npm run migrate"', async () => {
    // A server started from newer code than the database was migrated with (a checkout or merge
    // under a running stack): each query naming a new column would otherwise answer 500.
    const dir = mkdtempSync(join(tmpdir(), 'taza-haat-node-'));
    try {
      const url = `file:${join(dir, 'shop.db')}`;
      const migrations = await loadMigrations();
      const newest = migrations.at(-1);
      if (!newest) throw new Error('no migrations');
      const db = await openDatabase(url);
      await applyMigrations(db, migrations.slice(0, -1));
      db.close();
      // A free port: were the database not refused, the server would listen and the run time out.
      const { status, output } = start({ DATABASE_URL: url, PORT: String(await freePort()) });
      expect(status).toBe(1);
      expect(output).toContain(`lacks migration ${newest.name}`);
      expect(output).toContain('npm run migrate');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);

  it('refuses a new, empty database, naming every migration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taza-haat-node-'));
    try {
      const { status, output } = start({
        DATABASE_URL: `file:${join(dir, 'shop.db')}`,
        PORT: String(await freePort()),
      });
      expect(status).toBe(1);
      expect(output).toContain((await loadMigrations()).map((m) => m.name).join(', '));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 40_000);
});
