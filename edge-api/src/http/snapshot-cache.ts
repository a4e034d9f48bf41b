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
  private loading: Promise<S> | undefined;

  constructor(
    private readonly load: SnapshotLoader<S>,
    private readonly ttlMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Forgets when it last checked: the next read asks the database. */
  invalidate(): void {
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
    this.loading ??= this.reload().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async reload(): Promise<S> {
    const checkedAt = this.now();
    this.snapshot = await this.load(this.snapshot);
    this.checkedAt = checkedAt;
    return this.snapshot;
  }
}
