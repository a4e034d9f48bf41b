/**
 * A database outage as a client sees it: the API over a real libSQL server (sqld) that is
 * SIGKILLed answers 503 `database_unavailable` with Retry-After — never 500 — and serves again,
 * without being rebuilt, once sqld is started again on the same port and files. Both clients the
 * API runs on: `@libsql/client` (Node) and `@libsql/client/web` (Workers). Skipped, saying why,
 * where the sqld binary is not installed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient as createNodeClient, LibsqlError, type Client } from '@libsql/client';
import { createClient as createWebClient } from '@libsql/client/web';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { CatalogueCache } from '../catalogue/catalogue';
import { parseConfig } from '../config';
import { databaseOutage } from './outage';
import { openDatabase } from './client';
import { prepareDatabase } from './prepare';
import { sqldMissing, sqldServer, type Restartable } from '../testing/processes';
import { customerA, logsOf, orderBody } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import { DEFAULT_AUTH_EMULATOR_HOST } from '../contract/local-run';

const missing = sqldMissing();
const clients = [
  { runtime: 'Node (@libsql/client)', open: (url: string) => createNodeClient({ url }) },
  { runtime: 'Workers (@libsql/client/web)', open: (url: string) => createWebClient({ url }) },
];

describe.skipIf(missing !== undefined)(`the API while sqld is down${missing ? ` — skipped: ${missing}` : ''}`, () => {
  let dir: string;
  let sqld: Restartable;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'taza-haat-outage-'));
    sqld = await sqldServer(dir);
    await sqld.start();
    const setup = await openDatabase(sqld.url);
    await prepareDatabase(setup);
    setup.close();
  }, 30_000);
  afterAll(async () => {
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe.each(clients)('on $runtime', ({ open }) => {
    let db: Client;
    let send: (method: string, path: string, key?: string, body?: unknown) => Promise<Response>;
    beforeAll(() => {
      db = open(sqld.url);
      const config = parseConfig({ DATABASE_URL: sqld.url, FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST });
      // A catalogue cache that re-reads every time, so each catalogue read meets the database.
      const app = createApp({ db, config, catalogue: new CatalogueCache(db, 0) });
      const token = emulatorToken(customerA);
      send = async (method, path, key, body) =>
        app.request(path, {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            ...(key ? { 'Idempotency-Key': key } : {}),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
    });
    afterAll(() => db.close());

    it('answers 503 database_unavailable with Retry-After while sqld is down, then serves again without a restart', async () => {
      const body = await orderBody({ db, url: sqld.url, config: parseConfig({}), cleanup: () => undefined }, customerA);
      expect((await send('GET', '/api/products')).status).toBe(200);

      await sqld.kill();
      const key = crypto.randomUUID();
      const down = [
        await send('GET', '/api/products'),
        await send('POST', '/api/orders', key, body),
        await send('GET', '/api/health'),
      ];
      for (const res of down) {
        expect(res.status).toBe(503);
        expect(Number(res.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
        expect(Number(res.headers.get('Retry-After'))).toBeLessThanOrEqual(10);
        const text = await res.text();
        expect(JSON.parse(text)).toMatchObject({ error: { code: 'database_unavailable' } });
        expect(text).not.toMatch(/SELECT|INSERT|ECONN|fetch failed/);
        // Logged once at warn with the request id and the reason, no SQL; never as an unexpected error.
        const lines = logsOf(res);
        expect(lines.filter((line) => line.level !== 'INFO')).toEqual([
          expect.objectContaining({
            level: 'WARN',
            message: 'database unavailable',
            requestId: res.headers.get('X-Request-Id'),
            reason: 'ECONNREFUSED',
          }),
        ]);
        expect(JSON.stringify(lines)).not.toMatch(/SELECT|INSERT/);
      }

      await sqld.start();
      expect((await send('GET', '/api/products')).status).toBe(200);
      // The order that met the outage left nothing behind: the same key places it now.
      const placed = await send('POST', '/api/orders', key, body);
      expect(placed.status).toBe(201);
      expect(placed.headers.get('Idempotent-Replayed')).toBeNull();
      expect(await (await send('GET', '/api/health')).json()).toEqual({ ok: true, db: 'up' });
    }, 60_000);
  });
});

describe('databaseOutage', () => {
  it('tells a server error status from a refused request', () => {
    const withStatus = (status: number) =>
      new LibsqlError(
        'Server returned HTTP status',
        'SERVER_ERROR',
        undefined,
        undefined,
        Object.assign(new Error('http'), { status }),
      );
    expect(databaseOutage(withStatus(502))).toBe('SERVER_ERROR (HTTP 502)');
    // A wrong DATABASE_AUTH_TOKEN is a configuration error, not an outage.
    expect(databaseOutage(withStatus(401))).toBeUndefined();
  });

  it('leaves SQL errors and bugs alone', () => {
    expect(databaseOutage(new LibsqlError('UNIQUE constraint failed: orders.id', 'SQLITE_CONSTRAINT'))).toBeUndefined();
    expect(databaseOutage(new TypeError("Cannot read properties of undefined (reading 'rows')"))).toBeUndefined();
    expect(databaseOutage('a string')).toBeUndefined();
  });

  it('finds a timeout or a socket error down the cause chain', () => {
    expect(databaseOutage(new DOMException('The operation timed out.', 'TimeoutError'))).toBe('TimeoutError');
    expect(
      databaseOutage(
        new TypeError('fetch failed', {
          cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }),
        }),
      ),
    ).toBe('UND_ERR_SOCKET');
    // What workerd (wrangler dev) throws for a refused or dropped connection to sqld.
    expect(databaseOutage(new Error('Network connection lost.'))).toBe('Network connection lost.');
  });
});
