/**
 * Node entry: `/api/*` and the built PWA from one process on 127.0.0.1 (DESIGN.md §2).
 * Env: the variables of config.ts plus PORT (default 8787), HOST (default 127.0.0.1) and
 * DIST_DIR (default `dist`); without PUBLIC_URL, payment providers send shoppers back to
 * `http://HOST:PORT`. The Auth emulator's unsigned tokens are accepted only while HOST is
 * a loopback address and no reverse proxy is in front (auth/emulator-tokens.ts); otherwise they are
 * refused and the start (or, for a proxy seen in a request's headers, the first such request) says
 * why. Exits 1 with one sentence on bad config, a database missing a migration or a busy port.
 * Flag `--api-only` (`npm run dev`, whose Vite dev server serves the app and proxies `/api`
 * here): serves `/api/*` alone, needs no dist/ and serves no static files; DIST_DIR is ignored.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createApp } from './app';
import { nodeEmulatorGate } from './auth/emulator-tokens';
import { CatalogueCache } from './catalogue/catalogue';
import { ActiveAreasCache } from './delivery/area-list';
import { replayLists } from './http/replay';
import { ConfigError, parseConfig } from './config';
import { DEFAULT_PORT } from './contract/local-run';
import { openDatabase } from './db/client';
import { pendingMigrations } from './db/migrate';
import { loadMigrations } from './db/migrations-fs';
import { setLogSink } from './http/logger';
import { redact } from './http/redact';
import { stdioSink } from './http/stdio-sink';
import { withStaticSite } from './http/static-site';
import { createWebCryptoSender } from './push/webcrypto-sender';

/** `http://<host>:<port>`, an IPv6 host in brackets: the origin of a listener on `host` and `port`. */
function listenerOrigin(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** Prints `message` (any credential or e-mail in it taken out: it may quote a library's error) and exits 1. */
function fail(message: string): never {
  console.error(`Taza Haat server: ${redact(message)}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = (() => {
    try {
      return parseConfig(process.env);
    } catch (error) {
      if (error instanceof ConfigError) fail(`invalid configuration: ${error.message}.`);
      throw error;
    }
  })();
  const port = Number(process.env.PORT ?? DEFAULT_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    fail(`PORT must be a number from 1 to 65535, not "${process.env.PORT}".`);
  const hostname = process.env.HOST ?? '127.0.0.1';
  const apiOnly = process.argv.slice(2).includes('--api-only');
  const distDir = resolve(process.env.DIST_DIR ?? 'dist');
  if (!apiOnly && !existsSync(resolve(distDir, 'index.html')))
    fail(`no built PWA at ${distDir} (run "npm run build").`);

  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken).catch((error: unknown) =>
    fail(`cannot open the database of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}.`),
  );
  // Every query is written for the newest schema: on an older one each request would end in a 500
  // ("no such column"), so the server does not start.
  const pending = await pendingMigrations(db, await loadMigrations()).catch((error: unknown) =>
    fail(`cannot read the database of DATABASE_URL: ${error instanceof Error ? error.message : String(error)}.`),
  );
  if (pending.length > 0)
    fail(
      `the database of DATABASE_URL lacks migration${pending.length > 1 ? 's' : ''} ${pending.map((m) => m.name).join(', ')}; run "npm run migrate" first.`,
    );
  const catalogue = new CatalogueCache(db);
  const areas = new ActiveAreasCache(db);
  // Provider callbacks go to PUBLIC_URL, else to this listener (its port known once it listens,
  // for PORT 0), never to the Host a request names.
  let ownOrigin = listenerOrigin(hostname, port);
  const emulator = nodeEmulatorGate(config, hostname, (sentence) => console.warn(`Taza Haat server: ${sentence}`));
  if (emulator.warning) console.warn(`Taza Haat server: ${emulator.warning}`);
  // Log lines gathered per pass of the event loop (http/stdio-sink.ts), not a console call each.
  setLogSink(stdioSink());
  const api = createApp({
    db,
    config,
    catalogue,
    areas,
    clientIp: (c) => getConnInfo(c).remote.address ?? 'unknown',
    emulatorTokens: emulator.gate,
    origin: () => ownOrigin,
    ...(config.push ? { pushSender: createWebCryptoSender(config.push) } : {}),
  });
  const app = apiOnly ? api : withStaticSite(api, distDir);
  const server = createServer(
    replayLists(
      [
        { path: '/api/products', cache: catalogue },
        { path: '/api/delivery-areas', cache: areas },
      ],
      app.fetch,
      `http://${hostname}:${port}`,
    ),
  );
  server.listen(port, hostname, () => {
    ownOrigin = listenerOrigin(hostname, (server.address() as AddressInfo).port);
    console.log(
      apiOnly
        ? `Taza Haat API listening on http://${hostname}:${port}/api (API only)`
        : `Taza Haat server listening on http://${hostname}:${port}`,
    );
  });
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE')
      fail(`port ${port} on ${hostname} is already in use; stop the other program or set PORT.`);
    fail(error.message);
  });
  const stop = () => {
    server.close(() => {
      db.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
