/**
 * Group commit (db/wal-sync.ts): callers that come while an fsync runs share the next one, a
 * missing log needs none, a failing fsync fails its callers; a `file:` client commits without
 * its own fsync and still keeps what it committed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { WalSync } from './wal-sync';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-wal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('WalSync', () => {
  it('gives the callers that come while an fsync runs one next fsync, started once it ends', async () => {
    const wal = join(dir, 'shop.db-wal');
    writeFileSync(wal, 'frames');
    const sync = new WalSync(wal);
    const first = sync.synced();
    // Their commits may be later than the running fsync's start: they wait for a new one, together.
    const second = sync.synced();
    const third = sync.synced();
    expect(second).not.toBe(first);
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    // Nothing runs now: the next caller starts an fsync of its own at once.
    const fourth = sync.synced();
    expect(fourth).not.toBe(second);
    expect(sync.synced()).not.toBe(fourth);
    await fourth;
  });

  it('has nothing to sync when SQLite removed the log', async () => {
    await expect(new WalSync(join(dir, 'gone.db-wal')).synced()).resolves.toBeUndefined();
  });

  it('fails its callers when the log cannot be synced, and the next callers try again', async () => {
    const wal = join(dir, 'shop.db-wal');
    mkdirSync(wal); // a directory cannot be opened for writing
    const sync = new WalSync(wal);
    await expect(sync.synced()).rejects.toMatchObject({ code: 'EISDIR' });
    rmSync(wal, { recursive: true });
    writeFileSync(wal, 'frames');
    await expect(sync.synced()).resolves.toBeUndefined();
  });
});

describe('a libSQL file opened by openDatabase', () => {
  it('commits without its own fsync (synchronous = NORMAL), checkpoints every 10,000 pages, and keeps every write it answered', async () => {
    const url = `file:${join(dir, 'shop.db')}`;
    const db = await openDatabase(url);
    expect((await db.execute('PRAGMA synchronous')).rows[0]?.synchronous).toBe(1);
    expect((await db.execute('PRAGMA wal_autocheckpoint')).rows[0]?.wal_autocheckpoint).toBe(10000);
    await db.execute('CREATE TABLE t (n INTEGER)');
    await Promise.all(
      Array.from({ length: 20 }, (_, n) => db.batch([{ sql: 'INSERT INTO t (n) VALUES (?)', args: [n] }], 'write')),
    );
    db.close();
    const again = await openDatabase(url);
    expect((await again.execute('SELECT count(*) AS n FROM t')).rows[0]?.n).toBe(20);
    again.close();
  });
});
