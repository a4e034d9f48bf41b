/**
 * The shoppers' list of delivery areas (`GET /api/delivery-areas`, DESIGN.md §15) kept ready as
 * JSON bytes with their ETag (http/snapshot-cache.ts): a first visit fetches it with the
 * catalogue and every later one revalidates it (bench/README.md §4), so a read costs no query,
 * no serialisation and no hashing. The list is a few dozen rows: a check re-reads it and keeps
 * the snapshot when its bytes did not change, with no version to keep in step.
 */
import type { Client } from '@libsql/client';
import { listDeliveryAreas } from '../db/delivery-areas';
import { strongEtag } from '../http/etag';
import { SnapshotCache, type Snapshot } from '../http/snapshot-cache';

/** The active areas' answer, re-read at most every `ttlMs` (default 1000 ms) or after `invalidate()`. */
export class ActiveAreasCache extends SnapshotCache<Snapshot> {
  constructor(db: Client, ttlMs?: number, now?: () => number) {
    super(
      async (previous) => {
        const body = JSON.stringify(await listDeliveryAreas(db));
        return previous?.body === body ? previous : { body, etag: await strongEtag(body) };
      },
      ttlMs,
      now,
    );
  }
}
