import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { applyMigrations, MigrationError } from './migrate';
import { loadMigrations } from './migrations-fs';
import { seedIfEmpty } from './seed';
import { seedCatalogue } from './seed-catalogue';

let dir: string;
let db: Client;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-migrate-'));
  db = await openDatabase(`file:${join(dir, 'nested', 'shop.db')}`);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const tables = async () =>
  (await db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")).rows.map((r) => String(r.name));

describe('applyMigrations', () => {
  it('creates every table of DESIGN.md §4 and records the version, once', async () => {
    const migrations = await loadMigrations();
    expect(await applyMigrations(db, migrations)).toEqual(migrations.map((m) => m.version));
    expect(await tables()).toEqual(expect.arrayContaining(['products', 'reviews', 'orders', 'users', 'idempotency_keys', 'schema_migrations']));
    expect(await applyMigrations(db, migrations)).toEqual([]);
  });

  it('applies files in version order whatever order they are given in', async () => {
    const applied = await applyMigrations(db, [
      { version: 2, name: '0002_b.sql', sql: 'ALTER TABLE a ADD COLUMN b TEXT;' },
      { version: 1, name: '0001_a.sql', sql: 'CREATE TABLE a (id INTEGER);' },
    ]);
    expect(applied).toEqual([1, 2]);
  });

  it('rolls a failing file back whole and names it', async () => {
    const bad = { version: 1, name: '0001_bad.sql', sql: 'CREATE TABLE good (id INTEGER); CREATE TABLE oops (;' };
    await expect(applyMigrations(db, [bad])).rejects.toThrow(MigrationError);
    await expect(applyMigrations(db, [bad])).rejects.toThrow(/0001_bad\.sql/);
    expect(await tables()).not.toContain('good');
    expect((await db.execute('SELECT count(*) AS n FROM schema_migrations')).rows[0]?.n).toBe(0);
  });
});

describe('seedIfEmpty', () => {
  it('seeds the catalogue into an empty table and never twice', async () => {
    await applyMigrations(db, await loadMigrations());
    expect(await seedIfEmpty(db)).toBe(seedCatalogue.length);
    expect(await seedIfEmpty(db)).toBe(0);
    expect((await db.execute('SELECT count(*) AS n FROM products')).rows[0]?.n).toBe(seedCatalogue.length);
  });

  it('has at least 36 products, each with a unique slug and a price in Tk', () => {
    expect(seedCatalogue.length).toBeGreaterThanOrEqual(36);
    expect(new Set(seedCatalogue.map((p) => p.slug)).size).toBe(seedCatalogue.length);
    expect(seedCatalogue.every((p) => p.price > 0 && p.name.length <= 80)).toBe(true);
  });
});
