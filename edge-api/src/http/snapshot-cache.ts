/**
 * A public list's answer kept ready (bench/README.md §4): its JSON text and ETag, re-read from
 * the database at most every `ttlMs` — the most a change made by another process or Worker
 * isolate can take to show — and at once after `invalidate()` (a write through this instance).
 * Concurrent readers share one database round trip. The catalogue (catalogue/catalogue.ts) and
 * the delivery areas (delivery/area-list.ts) are read through it.
 */

/** A list's answer: its JSON `body` and the strong `etag` that names those bytes. */
export type Snapshot = { body: string; etag: string };

/**
 * Reads the list's current snapshot; `previous` (the one kept, if any) is returned as it is when
 * nothing changed, so its bytes and ETag are not made again.
 */
export type SnapshotLoader<S extends Snapshot> = (previous: S | undefined) => Promise<S>;

/** Keeps one snapshot of type `S`, loaded by `load`; see the module's docstring. */
export class SnapshotCache<S extends Snapshot> {
  private snapshot: S | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  /** Counts invalidate() calls: a read begun before the latest one may predate the write. */
  private generation = 0;
  private loading: { generation: number; promise: Promise<S> } | undefined;

  constructor(
    private readonly load: SnapshotLoader<S>,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Forgets when it last checked: the next read asks the database, even while a read begun
   * before this call is still under way (it may have read the rows before the write).
   */
  invalidate(): void {
    this.generation += 1;
    this.checkedAt = Number.NEGATIVE_INFINITY;
  }

  /** The snapshot when it was checked less than `ttlMs` ago, without waiting; else undefined. */
  fresh(): S | undefined {
    return this.snapshot && this.now() - this.checkedAt < this.ttlMs ? this.snapshot : undefined;
  }

  /** The current snapshot. @throws what the loader throws (the database down), keeping nothing new. */
  current(): Promise<S> {
    const fresh = this.fresh();
    if (fresh) return Promise.resolve(fresh);
    if (this.loading?.generation !== this.generation) {
      const loading = { generation: this.generation, promise: this.reload(this.generation) };
      this.loading = loading;
      const done = () => {
        if (this.loading === loading) this.loading = undefined;
      };
      loading.promise.then(done, done);
    }
    return this.loading.promise;
  }

  /** Loads a snapshot; keeps it only if no invalidate() came while it was read. */
  private async reload(generation: number): Promise<S> {
    const checkedAt = this.now();
    const snapshot = await this.load(this.snapshot);
    if (generation === this.generation) {
      this.snapshot = snapshot;
      this.checkedAt = checkedAt;
    }
    return snapshot;
  }
}
