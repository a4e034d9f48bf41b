import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db/client';
import { configureLogging } from './logger';
import { testLogs } from '../testing/test-logs';
import { createTestDb, type TestDb } from '../testing/test-db';
import { CatalogueCache } from '../catalogue/catalogue';
import { ActiveAreasCache } from '../delivery/area-list';
import { replayLists } from './replay';

/**
 * The summary window (ms). The test sends 4 requests at once and expects one summary: the
 * window opens at the first answer, so it is long enough for all 4 to be answered in it even on
 * a busy 2-core CI machine.
 */
const LOG_WINDOW_MS = 1000;
let t: TestDb;
let server: Server;
let base = '';
let catalogue: CatalogueCache;
let areas: ActiveAreasCache;
let appFetch: (request: Request) => Response | Promise<Response>;

const servers: Server[] = [];

/** Starts a node:http server with `listener` on a free port; returns its base URL. */
async function listen(listener?: (req: IncomingMessage, res: ServerResponse) => void): Promise<[Server, string]> {
  const started = createServer(listener);
  servers.push(started);
  await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
  return [started, `http://127.0.0.1:${(started.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  t = await createTestDb();
  catalogue = new CatalogueCache(t.db, 60_000);
  areas = new ActiveAreasCache(t.db, 60_000);
  const app = createApp({ db: t.db, config: t.config, catalogue, areas });
  appFetch = app.fetch;
  [server, base] = await listen();
  const lists = [
    { path: '/api/products', cache: catalogue },
    { path: '/api/delivery-areas', cache: areas },
  ];
  server.on('request', replayLists(lists, app.fetch, base, LOG_WINDOW_MS));
});
afterAll(async () => {
  await Promise.all(servers.map((started) => new Promise((resolve) => started.close(resolve))));
  t.cleanup();
});

const headersOf = (res: Response) =>
  Object.fromEntries(
    [...res.headers.entries()].filter(([name]) => !['date', 'connection', 'keep-alive', 'x-request-id'].includes(name)),
  );

describe('catalogue replay (Node hot path)', () => {
  it("answers with the app's own status, headers and bytes", async () => {
    const direct = await appFetch(new Request(`${base}/api/products`));
    const replayed = await fetch(`${base}/api/products`);
    expect(replayed.status).toBe(200);
    expect(await replayed.text()).toBe(await direct.text());
    expect(headersOf(replayed)).toMatchObject(headersOf(direct));
    // Each answer has its own request id, not the recorded answer's.
    expect(replayed.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(replayed.headers.get('x-request-id')).not.toBe(direct.headers.get('x-request-id'));
  });

  it('answers 304 to a matching If-None-Match, without a body', async () => {
    const etag = (await fetch(`${base}/api/products`)).headers.get('etag') ?? '';
    const res = await fetch(`${base}/api/products`, { headers: { 'If-None-Match': etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get('etag')).toBe(etag);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the new catalogue once its version moved', async () => {
    const before = await (await fetch(`${base}/api/products`)).json();
    await t.db.execute(
      'UPDATE products SET price = 321 WHERE id = (SELECT id FROM products ORDER BY created_at LIMIT 1)',
    );
    catalogue.invalidate();
    const after = (await (await fetch(`${base}/api/products`)).json()) as Array<{ price: number }>;
    expect(after).not.toEqual(before);
    expect(after[0]?.price).toBe(321);
  });

  it('leaves every other request to the app (deltas, other paths)', async () => {
    const delta = await fetch(`${base}/api/products?since=1`);
    expect(Object.keys((await delta.json()) as object)).toEqual(['version', 'changed', 'deleted']);
    expect((await fetch(`${base}/api/nope`)).status).toBe(404);
  });

  it('logs one summary line per window by status, and each answer at debug only', async () => {
    const etag = (await fetch(`${base}/api/products`)).headers.get('etag') ?? '';
    await new Promise((resolve) => setTimeout(resolve, LOG_WINDOW_MS * 2));
    testLogs.length = 0;
    const answers = await Promise.all([
      fetch(`${base}/api/products`),
      ...Array.from({ length: 3 }, () => fetch(`${base}/api/products`, { headers: { 'If-None-Match': etag } })),
    ]);
    expect(answers.map((res) => res.status)).toEqual([200, 304, 304, 304]);
    const ids = answers.map((res) => res.headers.get('x-request-id'));
    expect(testLogs.filter((line) => ids.includes(line.requestId ?? ''))).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, LOG_WINDOW_MS * 2));
    expect(testLogs).toEqual([
      expect.objectContaining({
        level: 'INFO',
        message: 'requests',
        method: 'GET',
        route: '/api/products',
        count: 4,
        statuses: { 200: 1, 304: 3 },
        slowestMs: expect.any(Number),
        windowMs: LOG_WINDOW_MS,
      }),
    ]);

    configureLogging('debug');
    try {
      const res = await fetch(`${base}/api/products`, { headers: { 'If-None-Match': etag } });
      const id = res.headers.get('x-request-id');
      expect(testLogs.filter((line) => line.requestId === id)).toEqual([
        expect.objectContaining({
          level: 'DEBUG',
          message: 'request',
          route: '/api/products',
          status: 304,
          durationMs: expect.any(Number),
        }),
      ]);
    } finally {
      configureLogging('info');
    }
  });
});

describe('delivery areas replay (Node hot path)', () => {
  it("replays the areas' own answer and 304, and an area switched off once the cache moved", async () => {
    const direct = await appFetch(new Request(`${base}/api/delivery-areas`));
    await fetch(`${base}/api/delivery-areas`); // the first read records the answer
    await new Promise((resolve) => setTimeout(resolve, LOG_WINDOW_MS * 2));
    testLogs.length = 0;
    const replayed = await fetch(`${base}/api/delivery-areas`);
    expect(await replayed.text()).toBe(await direct.text());
    expect(headersOf(replayed)).toMatchObject(headersOf(direct));
    const etag = replayed.headers.get('etag') ?? '';
    expect((await fetch(`${base}/api/delivery-areas`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await new Promise((resolve) => setTimeout(resolve, LOG_WINDOW_MS * 2));
    // Answered by the replay: counted in its summary line, not logged by the app's middleware.
    expect(testLogs).toEqual([
      expect.objectContaining({ message: 'requests', route: '/api/delivery-areas', statuses: { 200: 1, 304: 1 } }),
    ]);

    await t.db.execute("UPDATE delivery_areas SET active = 0 WHERE id = 'savar'");
    areas.invalidate();
    const after = (await (await fetch(`${base}/api/delivery-areas`)).json()) as Array<{ id: string }>;
    expect(after.map((area) => area.id)).not.toContain('savar');
    await t.db.execute("UPDATE delivery_areas SET active = 1 WHERE id = 'savar'");
    areas.invalidate();
  });
});

describe('catalogue replay when the database fails', () => {
  it('costs the shopper one database round trip, as the app alone does, and answers its 503', async () => {
    // A libSQL server that is down behind its proxy: every request answered 502.
    let databaseRequests = 0;
    const [, databaseUrl] = await listen((_req, res) => {
      databaseRequests++;
      res.writeHead(502).end();
    });
    const down = await openDatabase(databaseUrl);
    const downCatalogue = new CatalogueCache(down, 60_000);
    const app = createApp({ db: down, config: t.config, catalogue: downCatalogue });
    const [replayServer, replayBase] = await listen();
    replayServer.on('request', replayLists([{ path: '/api/products', cache: downCatalogue }], app.fetch, replayBase));

    const alone = await app.fetch(new Request(`${replayBase}/api/products`));
    expect(alone.status).toBe(503);
    const perAnswer = databaseRequests;
    expect(perAnswer).toBeGreaterThan(0);

    databaseRequests = 0;
    const replayed = await fetch(`${replayBase}/api/products`);
    expect(replayed.status).toBe(503);
    expect(((await replayed.json()) as { error: { code: string } }).error.code).toBe('database_unavailable');
    expect(databaseRequests).toBe(perAnswer);
    down.close();
  });

  it('never replays an error answer as the catalogue', async () => {
    // The app's read fails once after the version check passed (the database went down between them).
    let failing = true;
    let appCalls = 0;
    let recordingAsked: () => void = () => undefined;
    const recordingTried = new Promise<void>((resolve) => (recordingAsked = resolve));
    const app = createApp({ db: t.db, config: t.config, catalogue });
    const flaky = async (request: Request) => {
      if (++appCalls === 2) recordingAsked();
      return failing ? Response.json({ code: 'database_unavailable' }, { status: 503 }) : app.fetch(request);
    };
    const [replayServer, replayBase] = await listen();
    replayServer.on('request', replayLists([{ path: '/api/products', cache: catalogue }], flaky, replayBase));

    expect((await fetch(`${replayBase}/api/products`)).status).toBe(503);
    await recordingTried;
    await new Promise((resolve) => setTimeout(resolve, 20));
    failing = false;
    const next = await fetch(`${replayBase}/api/products`);
    expect(next.status).toBe(200);
    expect(Array.isArray(await next.json())).toBe(true);
  });
});
