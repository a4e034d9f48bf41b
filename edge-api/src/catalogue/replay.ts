/**
 * The catalogue's hot path on Node (bench/README.md §4): `GET /api/products` with no query and
 * no Origin is answered by replaying the app's own last answer for the current catalogue
 * version — same status, headers and bytes — straight on `node:http`, skipping the
 * Request/Response adaptation and middleware that would rebuild the same answer every time.
 * Until the current version is checked and recorded the app answers (so a database outage costs
 * the shopper one database round trip, shared with the recording's, and gets the app's 503), and
 * meanwhile the recording is made again; everything else goes to the app.
 * Each replayed answer gets its own X-Request-Id; the log counts them in one `requests` line
 * per window (http/logger.ts requestTally), each answer's own line written at debug.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { requestTally } from '../http/logger';
import { requestIdFrom } from '../http/request-id';
import type { CatalogueCache } from './catalogue';

type Recorded = {
  version: number;
  etag: string;
  ok: Array<[string, string]>;
  notModified: Array<[string, string]>;
  body: Buffer;
};

const BODY_HEADERS = new Set(['content-type', 'content-length']);

/**
 * Returns the server's request listener: the catalogue read is replayed, everything else (and
 * the catalogue read when its version cannot be looked up) goes to the app. `fetchApp` is the
 * app's fetch (Hono), asked once per catalogue version; `logWindowMs` is the log summary's
 * window (ms).
 */
export function catalogueReplay(
  catalogue: CatalogueCache,
  fetchApp: (request: Request) => Response | Promise<Response>,
  origin: string,
  logWindowMs?: number,
) {
  const tally = requestTally('GET', '/api/products', logWindowMs);
  let recorded: Recorded | undefined;
  let recording: Promise<void> | undefined;

  const record = async (version: number): Promise<Recorded> => {
    const res = await fetchApp(new Request(`${origin}/api/products`));
    // Only a catalogue is replayed: an error answer (the database failing between the version
    // check and the app's read) would otherwise be sent as a 200 until the next product write.
    if (res.status !== 200) throw new Error(`the app answered ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers.entries()].filter(([name]) => name !== 'content-length' && name !== 'x-request-id');
    return {
      version,
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

  /** Checks the version (sharing the app's round trip) and records its answer when it moved; failures wait for the next miss. */
  const refresh = (): void => {
    recording ??= catalogue
      .current()
      .then(async ({ version }) => {
        if (recorded?.version !== version) recorded = await record(version);
      })
      .catch(() => undefined)
      .finally(() => {
        recording = undefined;
      });
  };

  const toApp = getRequestListener(fetchApp);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' || req.url !== '/api/products' || req.headers.origin !== undefined) {
      void toApp(req, res);
      return;
    }
    const started = performance.now();
    // The common case answers at once, without a promise (a few per cent of a 304's cost, bench
    // figure 6): a checked version already recorded.
    const fresh = catalogue.fresh();
    if (fresh && recorded?.version === fresh.version) {
      send(req, res, recorded, started);
      return;
    }
    void toApp(req, res);
    refresh();
  };
}
