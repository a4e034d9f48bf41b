/**
 * The catalogue's hot path on Node (bench/README.md §4): `GET /api/products` with no query and
 * no Origin is answered by replaying the app's own last answer for the current catalogue
 * version — same status, headers and bytes — straight on `node:http`, skipping the
 * Request/Response adaptation and middleware that would rebuild the same answer every time.
 * A new version (CatalogueCache) makes it ask the app again; everything else goes to the app.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CatalogueCache } from './catalogue';

type Recorded = { version: number; etag: string; headers: Array<[string, string]>; body: Buffer };

const BODY_HEADERS = new Set(['content-type', 'content-length']);

/**
 * Returns a handler that answers the catalogue read and resolves true, or resolves false for
 * any other request. `fetchApp` is the app's fetch (Hono), asked once per catalogue version.
 */
export function catalogueReplay(catalogue: CatalogueCache, fetchApp: (request: Request) => Response | Promise<Response>, origin: string) {
  let recorded: Recorded | undefined;
  let recording: Promise<Recorded> | undefined;

  const record = async (version: number): Promise<Recorded> => {
    const res = await fetchApp(new Request(`${origin}/api/products`));
    const body = Buffer.from(await res.arrayBuffer());
    const headers = [...res.headers.entries()].filter(([name]) => name !== 'content-length');
    return { version, etag: res.headers.get('etag') ?? '', headers, body };
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== 'GET' || req.url !== '/api/products' || req.headers.origin !== undefined) return false;
    const { version } = await catalogue.current();
    if (recorded?.version !== version) {
      recording ??= record(version).finally(() => {
        recording = undefined;
      });
      recorded = await recording;
    }
    const answer = recorded;
    if (req.headers['if-none-match'] === answer.etag) {
      res.writeHead(304, answer.headers.filter(([name]) => !BODY_HEADERS.has(name)));
      res.end();
    } else {
      res.writeHead(200, [...answer.headers, ['content-length', String(answer.body.length)]]);
      res.end(answer.body);
    }
    return true;
  };
}
