/**
 * A database server that stalls — it accepts the connection and never answers, or sends its
 * headers and never the body — as a client of the API sees it: each request fails 503
 * `database_unavailable` with Retry-After once its database request times out
 * (db/request-timeout.ts), instead of hanging; more stalled requests than the libSQL client's
 * concurrency limit (20) do not queue the rest for ever. Both clients the API runs on:
 * `@libsql/client` through openDatabase (Node) and `@libsql/client/web` (the Workers entry,
 * worker.ts, run here on Node's fetch).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer, type Server, type Socket } from 'node:net';
import type { Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CatalogueCache } from '../catalogue/catalogue';
import { parseConfig } from '../config';
import { openDatabase } from './client';
import { DATABASE_REQUEST_TIMEOUT_MS, fetchWithTimeout } from './request-timeout';
import { customerA, logsOf } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import worker from '../worker';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';

/** The bound the tests set (ms); the default is checked once, end to end. */
const TIMEOUT_MS = 300;

const sockets = new Set<Socket>();
const servers: Server[] = [];
/** Base URLs of the two stalling servers. */
let silent: string;
let headersOnly: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

beforeAll(async () => {
  // Accepts TCP and reads the request, never writes a byte.
  silent = await listen(createTcpServer(() => undefined));
  // Answers 200 with JSON headers, then never sends the body.
  headersOnly = await listen(
    createHttpServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
    }),
  );
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The API over `db` (catalogue re-read on every request), signed in as customer A. */
function apiOver(db: Client, url: string) {
  const app = createApp({
    db,
    config: parseConfig({ DATABASE_URL: url, FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST }),
    catalogue: new CatalogueCache(db, 0),
  });
  return (path: string) => app.request(path, { headers: { Authorization: `Bearer ${emulatorToken(customerA)}` } });
}

/** Checks that `res` is the outage answer with a TimeoutError logged as its reason. */
async function expectTimedOut(res: Response) {
  expect(res.status).toBe(503);
  expect(res.headers.get('Retry-After')).toBe('5');
  expect(await res.json()).toMatchObject({ error: { code: 'database_unavailable' } });
  expect(logsOf(res).filter((line) => line.level !== 'INFO')).toEqual([
    expect.objectContaining({
      level: 'WARN',
      message: 'database unavailable',
      code: 'database_unavailable',
      reason: 'TimeoutError',
    }),
  ]);
}

const clients = [
  {
    runtime: 'Node (openDatabase)',
    open: (url: string) => openDatabase(url, undefined, { requestTimeoutMs: TIMEOUT_MS }),
  },
  {
    runtime: 'Workers (@libsql/client/web)',
    open: (url: string) => Promise.resolve(createWebClient({ url, fetch: fetchWithTimeout(TIMEOUT_MS) })),
  },
];
const stalls = [
  { stall: 'accepts and never answers', url: () => silent },
  { stall: 'sends its headers, never the body', url: () => headersOnly },
];

describe.each(clients)('a stalled database server on $runtime', ({ open }) => {
  it.each(stalls)('that $stall: 503 database_unavailable once the request times out', async ({ url }) => {
    const db = await open(url());
    const send = apiOver(db, url());
    try {
      for (const path of ['/api/products', `/api/orders?email=${customerA.email}`, '/api/health']) {
        const started = performance.now();
        const res = await send(path);
        const tookMs = performance.now() - started;
        await expectTimedOut(res);
        expect(tookMs, path).toBeGreaterThanOrEqual(TIMEOUT_MS * 0.9);
        expect(tookMs, path).toBeLessThan(TIMEOUT_MS + 1_500);
      }
    } finally {
      db.close();
    }
  });

  it('does not queue requests behind 20 stalled ones: 30 at once all answer 503 within a few bounds', async () => {
    const db = await open(silent);
    const send = apiOver(db, silent);
    try {
      const started = performance.now();
      const answers = await Promise.all(Array.from({ length: 30 }, () => send('/api/health')));
      expect(answers.map((res) => res.status)).toEqual(Array.from({ length: 30 }, () => 503));
      // Two rounds of the client's 20 concurrent requests, each bounded.
      expect(performance.now() - started).toBeLessThan(2 * TIMEOUT_MS + 2_000);
    } finally {
      db.close();
    }
  });
});

describe('the default bound', () => {
  it(`answers 503 within a few seconds (${DATABASE_REQUEST_TIMEOUT_MS} ms) from openDatabase and from the Worker entry`, async () => {
    const timed = async (run: () => Response | Promise<Response>) => {
      const started = performance.now();
      const res = await run();
      return { res, tookMs: performance.now() - started };
    };
    const db = await openDatabase(silent);
    try {
      const results = await Promise.all([
        timed(() => apiOver(db, silent)('/api/products')),
        timed(async () =>
          worker.fetch(new Request('http://shop.test/api/products'), {
            DATABASE_URL: silent,
            FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
          }),
        ),
      ]);
      for (const { res, tookMs } of results) {
        await expectTimedOut(res);
        expect(tookMs).toBeGreaterThanOrEqual(DATABASE_REQUEST_TIMEOUT_MS * 0.9);
        expect(tookMs).toBeLessThan(DATABASE_REQUEST_TIMEOUT_MS + 3_000);
      }
    } finally {
      db.close();
    }
  }, 20_000);
});
