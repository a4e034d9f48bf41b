import { describe, expect, it } from 'vitest';
import { SnapshotCache, type Snapshot } from './snapshot-cache';

/** A loader whose reads the test answers one by one, as a database slower than the requests. */
function pendingLoads() {
  const answers: ((snapshot: Snapshot) => void)[] = [];
  const load = () => new Promise<Snapshot>((resolve) => answers.push(resolve));
  return { load, answers };
}

const snapshot = (version: number): Snapshot => ({ body: `[${version}]`, etag: `"v${version}"` });

describe('SnapshotCache', () => {
  it('shares one read among concurrent readers', async () => {
    const { load, answers } = pendingLoads();
    const cache = new SnapshotCache(load, 1000, () => 0);
    const reads = [cache.current(), cache.current()];
    expect(answers).toHaveLength(1);
    answers[0]?.(snapshot(1));
    expect(await Promise.all(reads)).toEqual([snapshot(1), snapshot(1)]);
  });

  it('answers a read after invalidate() from a new read, not from one begun before the write', async () => {
    const { load, answers } = pendingLoads();
    let now = 0;
    const cache = new SnapshotCache(load, 1000, () => now);
    const before = cache.current(); // a reader's request, read from the database before the write commits
    cache.invalidate(); // the write commits
    const after = cache.current(); // the writer's own next read
    expect(answers).toHaveLength(2);
    answers[0]?.(snapshot(1));
    answers[1]?.(snapshot(2));
    expect(await before).toEqual(snapshot(1));
    expect(await after).toEqual(snapshot(2));
    now = 500;
    expect(await cache.current()).toEqual(snapshot(2));
  });

  it('does not keep a read begun before invalidate() that ends after the newer one', async () => {
    const { load, answers } = pendingLoads();
    let now = 0;
    const cache = new SnapshotCache(load, 1000, () => now);
    const before = cache.current();
    cache.invalidate();
    const after = cache.current();
    answers[1]?.(snapshot(2));
    await after;
    answers[0]?.(snapshot(1));
    await before;
    now = 500;
    expect(await cache.current()).toEqual(snapshot(2));
    expect(answers).toHaveLength(2);
  });
});
