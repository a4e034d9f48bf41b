/**
 * The shoppers' list of delivery areas (`GET /api/delivery-areas`, DESIGN.md §15) kept ready as
 * JSON bytes with their ETag (http/snapshot-cache.ts): a first visit fetches it with the
 * catalogue and every later one revalidates it (bench/README.md §4), so a read costs no query,
 * no serialisation and no hashing. The list is a few dozen rows: a check re-reads it and keeps
 * the snapshot when no row changed, with no version to keep in step.
 *
 * The same read gives an order its area (delivery/areas.ts orderArea): each area with the stamp
 * of its row, which the order's batch checks at commit (db/delivery-areas.ts
 * areaUnchangedGuard), so a snapshot a second old never prices an order — not in this process,
 * nor where another process or Worker isolate changed the area.
 */
import type { Client } from '@libsql/client';
import { listActiveAreasStamped, type StampedArea } from '../db/delivery-areas';
import { strongEtag } from '../http/etag';
import { SnapshotCache, type Snapshot } from '../http/snapshot-cache';

/** The active areas' answer, and each active area by id with its row's stamp. */
export type AreasSnapshot = Snapshot & { byId: ReadonlyMap<string, StampedArea> };

/** Whether `read` holds the same areas, in the same order, with the same stamps as `kept`. */
const sameRows = (kept: AreasSnapshot, read: readonly StampedArea[]): boolean => {
  const ids = [...kept.byId.keys()];
  return (
    ids.length === read.length &&
    read.every((r, i) => ids[i] === r.area.id && kept.byId.get(r.area.id)?.stamp === r.stamp)
  );
};

/** The active areas' answer, re-read at most every `ttlMs` (default 1000 ms) or after `invalidate()`. */
export class ActiveAreasCache extends SnapshotCache<AreasSnapshot> {
  constructor(db: Client, ttlMs?: number, now?: () => number) {
    super(
      async (previous) => {
        const read = await listActiveAreasStamped(db);
        if (previous && sameRows(previous, read)) return previous;
        const body = JSON.stringify(read.map((r) => r.area));
        return { body, etag: await strongEtag(body), byId: new Map(read.map((r) => [r.area.id, r])) };
      },
      ttlMs,
      now,
    );
  }
}
