/**
 * The write queue: turns in arrival order, a failing turn not holding up the next, and on a real
 * libSQL file (openDatabase): read-then-commit writes that no longer lose each other's updates, a
 * client over HTTP without a queue, and a lock held by another connection still failing busy.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '@libsql/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseBusy } from './busy';
import { openDatabase } from './client';
import { runGuardedBatch } from './guarded-batch';
import { inWriteTurn, WriteQueue, writeQueueOf } from './write-queue';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('WriteQueue', () => {
  it('runs each piece of work alone, in the order it was queued', async () => {
    const queue = new WriteQueue();
    const events: string[] = [];
    // The first pieces take longest: without turns they would finish last.
    const done = [30, 20, 10, 0].map((ms, i) =>
      queue.run(async () => {
        events.push(`start ${i}`);
        await pause(ms);
        events.push(`end ${i}`);
        return i;
      }),
    );
    expect(queue.pending).toBe(4);
    expect(await Promise.all(done)).toEqual([0, 1, 2, 3]);
    expect(events).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
    expect(queue.pending).toBe(0);
  });

  it('gives a failing piece its own error and runs the next one', async () => {
    const queue = new WriteQueue();
    const rejected = queue.run(async () => {
      await pause(5);
      throw new Error('rejected');
    });
    const thrown = queue.run(() => {
      throw new Error('thrown');
    });
    const next = queue.run(async () => 'next');
    await expect(rejected).rejects.toThrow('rejected');
    await expect(thrown).rejects.toThrow('thrown');
    expect(await next).toBe('next');
  });

  it('lets the event loop read what arrived before each turn, even when turns finish without waiting', async () => {
    const queue = new WriteQueue();
    const events: string[] = [];
    // A file client answers synchronously: these turns would drain in one go, the socket unread.
    const done = [0, 1, 2].map((i) =>
      queue.run(async () => {
        events.push(`turn ${i}`);
        if (i === 0) setImmediate(() => events.push('a request arrives'));
      }),
    );
    await Promise.all(done);
    expect(events).toEqual(['turn 0', 'a request arrives', 'turn 1', 'turn 2']);
  });
});

describe('write turns on a libSQL file', () => {
  let dir: string;
  let url: string;
  let db: Client;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taza-haat-queue-'));
    url = `file:${join(dir, 'shop.db')}`;
    db = await openDatabase(url);
    await db.execute('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, log TEXT NOT NULL)');
    await db.execute("INSERT INTO counter VALUES (1, 0, '')");
  });
  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Reads the counter, yields to the event loop, then writes it back one higher with `tag` logged. */
  const increment = async (client: Client, tag: string) => {
    const { rows } = await client.execute('SELECT n FROM counter WHERE id = 1');
    await pause(1);
    await client.batch(
      [{ sql: "UPDATE counter SET n = ?, log = log || ? || ' ' WHERE id = 1", args: [Number(rows[0]?.n) + 1, tag] }],
      'write',
    );
  };
  const counter = async () => (await db.execute('SELECT n, log FROM counter WHERE id = 1')).rows[0];

  it('commits read-then-write sequences one after another, in arrival order', async () => {
    const tags = Array.from({ length: 20 }, (_, i) => String(i));
    await Promise.all(tags.map((tag) => inWriteTurn(db, () => increment(db, tag))));
    const row = await counter();
    expect(Number(row?.n)).toBe(20);
    expect(String(row?.log).trim().split(' ')).toEqual(tags);
  });

  it('loses updates without turns (why the queue is there)', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(db, String(i))));
    expect(Number((await counter())?.n)).toBeLessThan(20);
  });

  it('shares one queue between the clients of one file; a client over HTTP has none', async () => {
    const second = await openDatabase(url);
    const remote = await openDatabase('http://127.0.0.1:9');
    try {
      expect(writeQueueOf(db)).toBeDefined();
      expect(writeQueueOf(second)).toBe(writeQueueOf(db));
      expect(writeQueueOf(remote)).toBeUndefined();
      // Without a queue the work runs at once.
      expect(await inWriteTurn(remote, async () => 'ran')).toBe('ran');
    } finally {
      second.close();
      remote.close();
    }
  });

  it('runs the next turn after a batch that failed in its turn', async () => {
    const failing = inWriteTurn(db, () =>
      runGuardedBatch(db, [{ sql: "INSERT INTO counter VALUES (1, 0, 'duplicate')", args: [] }]),
    );
    const next = inWriteTurn(db, () => increment(db, 'after'));
    await expect(failing).rejects.toThrow(/UNIQUE|PRIMARY KEY|constraint/i);
    await next;
    expect(Number((await counter())?.n)).toBe(1);
  });

  it('still fails busy while another connection holds the write lock, and the next turn commits once it is let go', async () => {
    const waiting = await openDatabase(url, undefined, { busyTimeoutMs: 20 });
    // Another process's writer: a connection of its own, outside this process's queue.
    const other = createClient({ url });
    const tx = await other.transaction('write');
    try {
      await tx.execute("UPDATE counter SET log = 'held' WHERE id = 1");
      const blocked = inWriteTurn(waiting, () =>
        runGuardedBatch(waiting, [{ sql: 'UPDATE counter SET n = n + 1 WHERE id = 1', args: [] }]),
      );
      const error: unknown = await blocked.catch((e: unknown) => e);
      expect(databaseBusy(error)).toMatch(/^SQLITE_BUSY/);
      await tx.rollback();
      await inWriteTurn(waiting, () =>
        runGuardedBatch(waiting, [{ sql: 'UPDATE counter SET n = n + 1 WHERE id = 1', args: [] }]),
      );
      expect(Number((await counter())?.n)).toBe(1);
    } finally {
      tx.close();
      other.close();
      waiting.close();
    }
  });
});
