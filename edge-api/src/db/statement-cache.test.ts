/**
 * Kept prepared statements (db/statement-cache.ts): compiled once per connection, their column
 * list and modes asked of libsql once, and reused safely after a failure, a failed guard and a
 * schema change, on a real libSQL file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import Database from 'libsql';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './client';
import { runGuardedBatch, writeGuard } from './guarded-batch';
import { cachePreparedStatements } from './statement-cache';

let dir: string;
let db: Client;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-statements-'));
  db = await openDatabase(`file:${join(dir, 'shop.db')}`);
  await db.executeMultiple(`
    CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER);
    CREATE VIEW write_guard AS SELECT NULL AS ok WHERE 0;
    CREATE TRIGGER write_guard_check INSTEAD OF INSERT ON write_guard WHEN NOT coalesce(NEW.ok, 0)
    BEGIN SELECT RAISE(ABORT, 'write_guard_failed'); END;`);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (id: string, n: number) => ({ sql: 'INSERT INTO t (id, n) VALUES (?, ?)', args: [id, n] });
const total = async () => Number((await db.execute('SELECT coalesce(sum(n), 0) AS n FROM t')).rows[0]?.n);

describe('kept prepared statements', () => {
  it('compiles an SQL text once per connection', () => {
    cachePreparedStatements();
    const connection = new Database(':memory:');
    try {
      expect(connection.prepare('SELECT 1')).toBe(connection.prepare('SELECT 1'));
      expect(connection.prepare('SELECT 2')).not.toBe(connection.prepare('SELECT 1'));
    } finally {
      connection.close();
    }
  });

  it('asks libsql once for a kept statement’s columns and modes, and answers as before', async () => {
    const probe = new Database(':memory:');
    const statementProto = Object.getPrototypeOf(probe.prepare('SELECT 1')) as Record<'columns' | 'raw', () => unknown>;
    probe.close();
    const columns = vi.spyOn(statementProto, 'columns');
    const raw = vi.spyOn(statementProto, 'raw');
    try {
      for (const [id, n] of [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ] as const)
        expect((await db.execute(insert(id, n))).rowsAffected).toBe(1);
      for (let i = 0; i < 3; i += 1) {
        const { columns: names, rows } = await db.execute('SELECT id, n FROM t ORDER BY id');
        expect(names).toEqual(['id', 'n']);
        expect(rows.map((row) => [row.id, row.n])).toEqual([
          ['a', 1],
          ['b', 2],
          ['c', 3],
        ]);
      }
      // Once for the INSERT (refused: it returns no rows), once for the SELECT.
      expect(raw).toHaveBeenCalledTimes(2);
      expect(columns).toHaveBeenCalledTimes(1);
    } finally {
      columns.mockRestore();
      raw.mockRestore();
    }
  });

  it('runs a statement again after it failed, and the next batches commit', async () => {
    await db.batch([insert('a', 1)], 'write');
    await expect(db.batch([insert('b', 2), insert('a', 3)], 'write')).rejects.toThrow(/UNIQUE/);
    await expect(db.execute(insert('a', 4))).rejects.toThrow(/UNIQUE/);
    await db.batch([insert('b', 2), insert('c', 3)], 'write');
    expect(await total()).toBe(6);
  });

  it('runs a guard again after it failed, and keeps nothing of the failed batch', async () => {
    const guard = (ok: boolean) => writeGuard('?', [ok ? 1 : 0], new Error('guard'));
    expect(await runGuardedBatch(db, [insert('a', 1), guard(false)])).toBeDefined();
    expect(await runGuardedBatch(db, [insert('a', 1), guard(true)])).toBeUndefined();
    expect(await total()).toBe(1);
  });

  it('sees a schema change in a statement it kept', async () => {
    await db.execute(insert('a', 1));
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['id', 'n']);
    await db.execute('ALTER TABLE t ADD COLUMN note TEXT');
    expect((await db.execute('SELECT * FROM t')).columns).toEqual(['id', 'n', 'note']);
  });
});
