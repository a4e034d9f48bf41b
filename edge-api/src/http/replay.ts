/**
 * The public lists' hot path on Node (bench/README.md §4): `GET /api/products` and
 * `GET /api/delivery-areas` with no query and no Origin are answered by replaying the app's own
 * last answer for the list's current bytes (its ETag) — same status, headers and bytes —
 * straight on `node:http`, skipping the Request/Response adaptation and middleware that would
 * rebuild the same answer every time. Until the list's current snapshot is checked and recorded
 * the app answers (so a database outage costs the shopper one database round trip, shared with
 * the recording's, and gets the app's 503), and meanwhile the recording is made again;
 * everything else goes to the app.
 * Each replayed answer gets its own X-Request-Id; the log counts them in one `requests` line
 * per path and window (http/logger.ts requestTally), each answer's own line written at debug.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { requestTally } from './logger';
import { requestIdFrom } from './request-id';
import type { Snapshot, SnapshotCache } from './snapshot-cache';

/** What the replay reads of a list's cache (http/snapshot-cache.ts). */
type ListCache = Pick<SnapshotCache<Snapshot>, 'fresh' | 'current'>;

/** A list replayed at `path`, whose current bytes `cache` knows (the app reads the same cache). */
export type ReplayedList = { path: string; cache: ListCache };

type Recorded = {
  etag: string;
  ok: Array<[string, string]>;
  notModified: Array<[string, string]>;
  body: Buffer;
};

const BODY_HEADERS = new Set(['content-type', 'content-length']);

/**
 * Returns the server's request listener: each of `lists` is replayed, everything else (and a
 * list whose snapshot cannot be checked) goes to the app. `fetchApp` is the app's fetch (Hono),
 * asked once per snapshot of a list; `logWindowMs` is the log summary's window (ms).
 */
export function replayLists(
  lists: readonly ReplayedList[],
  fetchApp: (request: Request) => Response | Promise<Response>,
  origin: string,
  logWindowMs?: number,
) {
  const replays = new Map(
    lists.map(({ path, cache }) => [path, listReplay(path, cache, fetchApp, origin, logWindowMs)]),
  );
  const toApp = getRequestListener(fetchApp);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const replay = req.method === 'GET' && req.headers.origin === undefined ? replays.get(req.url ?? '') : undefined;
    if (!replay?.(req, res)) void toApp(req, res);
  };
}

/**
 * The replay of one list: answers `req` and returns true when the list's checked snapshot is
 * recorded; else returns false (the app answers) and checks and records it for the next request.
 */
function listReplay(
  path: string,
  cache: ListCache,
  fetchApp: (request: Request) => Response | Promise<Response>,
  origin: string,
  logWindowMs: number | undefined,
) {
  const tally = requestTally('GET', path, logWindowMs);
  let recorded: Recorded | undefined;
  let recording: Promise<void> | undefined;

  const record = async (): Promise<Recorded> => {
    const res = await fetchApp(new Request(`${origin}${path}`));
    // Only a list is replayed: an error answer (the database failing between the check and the
    // app's read) would otherwise be sent as a 200 until the list changes.
    if (res.status !== 200) throw new Error(`the app answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'x-request-id');
    return {
      etag: res.headers.get('etag') ?? '',
      ok: [...headers, ['content-length', String(body.length)]],
      notModified: headers.filter(([name]) => !BODY_HEADERS.has(name)),
      body,
    };
  };

  const send = (req: IncomingMessage, res: ServerResponse, answer: Recorded, started: number) => {
    const requestId = requestIdFrom(req.headers['x-request-id']);
    const status = req.headers['if-none-match'] === answer.etag ? 304 : 200;
    if (status === 304) {
      res.writeHead(304, [...answer.notModified, ['x-request-id', requestId]]);
      res.end();
    } else {
      res.writeHead(200, [...answer.ok, ['x-request-id', requestId]]);
      res.end(answer.body);
    }
    tally(requestId, status, performance.now() - started);
  };

  /** Checks the snapshot (sharing the app's round trip) and records its answer when it changed; failures wait for the next miss. */
  const refresh = (): void => {
    recording ??= cache
      .current()
      .then(async ({ etag }) => {
        if (recorded?.etag !== etag) recorded = await record();
      })
      .catch(() => undefined)
      .finally(() => {
        recording = undefined;
      });
  };

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const started = performance.now();
    // The common case answers at once, without a promise (a few per cent of a 304's cost, bench
    // figure 6): a checked snapshot already recorded.
    const fresh = cache.fresh();
    if (fresh && recorded?.etag === fresh.etag) {
      send(req, res, recorded, started);
      return true;
    }
    refresh();
    return false;
  };
}
