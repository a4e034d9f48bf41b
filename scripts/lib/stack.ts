/**
 * The real stack on free loopback ports, for tests and benchmarks: a migrated and seeded
 * libSQL file in a temp folder, the PWA built for these ports, the Firebase Auth emulator and
 * the Node server as child processes, and the bKash stand-in (scripts/bkash-standin.ts) in this
 * process, so every stack offers bKash. `stop()` tears everything down.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { DEMO_PROJECT_ID } from '../../edge-api/src/contract/local-run';
import { openDatabase } from '../../edge-api/src/db/client';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { startBkashStandin, type BkashStandin } from '../bkash-standin';
import { startAuthEmulator } from './auth-emulator';
import { startChild, type Child } from './child';
import { NODE_SERVER_ARGS } from './node-server';
import { freePort, waitForHttp } from './ports';

/** The push service the stack's server takes subscriptions of (PUSH_SERVICE_ORIGINS): a name that never resolves. */
export const E2E_PUSH_SERVICE_ORIGIN = 'https://push.e2e.invalid';

export type Stack = {
  baseUrl: string;
  authEmulatorHost: string;
  databaseUrl: string;
  distDir: string;
  dir: string;
  /** The bKash stand-in the server pays through: its base URL and its control (stall, tamper, counts…). */
  bkash: Pick<BkashStandin, 'url' | 'control'>;
  stop: () => Promise<void>;
};

/** Builds the PWA (pictures, Vite, then the prerendered pages) into `outDir` with `baseEnv`, as production. */
export async function buildPwaInto(outDir: string, baseEnv: NodeJS.ProcessEnv): Promise<void> {
  // A production build whatever runs us: vitest sets NODE_ENV=test, which would make Vite build
  // React's development mode and leave import.meta.env.PROD false (no service worker).
  const env = { ...baseEnv, NODE_ENV: 'production' };
  const copy = startChild('pictures', process.execPath, ['--import', 'tsx', 'scripts/copy-product-images.ts'], { env });
  if ((await copy.exited) !== 0) throw new Error('copying the product pictures failed');
  const vite = startChild(
    'vite build',
    join('node_modules', '.bin', 'vite'),
    ['build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { env },
  );
  if ((await vite.exited) !== 0) throw new Error('the PWA build failed');
  // The public pages, prerendered per language (DESIGN.md §13), as `npm run build` makes them.
  const prerender = startChild(
    'prerender',
    process.execPath,
    ['--import', 'tsx', 'scripts/prerender.ts', '--outDir', outDir],
    { env },
  );
  if ((await prerender.exited) !== 0) throw new Error('prerendering the public pages failed');
}

/**
 * Starts the stack; on any failure stops what it started and rethrows. `env` is added to (and
 * wins over) the stack's own; `e2eHooks: false` builds the app as shipped, without test hooks.
 */
export async function startStack(options: { env?: Record<string, string>; e2eHooks?: boolean } = {}): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-stack-'));
  const children: Child[] = [];
  let bkash: BkashStandin | undefined;
  const stop = async () => {
    await Promise.all(children.map((child) => child.stop()));
    await bkash?.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    bkash = await startBkashStandin();
    const [port, auth, hub, logging] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
    const authEmulatorHost = `127.0.0.1:${auth}`;
    const databaseUrl = `file:${join(dir, 'shop.db')}`;
    const distDir = join(dir, 'dist');

    const db = await openDatabase(databaseUrl);
    await prepareDatabase(db);
    db.close();

    const vapid = webpush.generateVAPIDKeys();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      VITE_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      VITE_FIREBASE_AUTH_EMULATOR_HOST: authEmulatorHost,
      PORT: String(port),
      HOST: '127.0.0.1',
      DIST_DIR: distDir,
      ...(options.e2eHooks === false ? {} : { VITE_E2E: '1' }),
      // Browser tests and the bench place many orders per account; the limit's own tests start a server with the default (startServer).
      OPEN_ORDERS_PER_ACCOUNT: '1000000',
      MAX_UNITS_PER_PRODUCT: '1000000',
      ...bkash.env,
      // Web Push on (e2e/push.e2e.ts) with a fresh key pair. Headless Chromium cannot subscribe at a
      // real push service, so the test's page subscribes at this one, which never resolves (.invalid):
      // the server's sends fail at once, are logged and dropped, as a push service's outage would be.
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:e2e@tazahaat.test',
      PUSH_SERVICE_ORIGINS: E2E_PUSH_SERVICE_ORIGIN,
      ...options.env,
    };
    await buildPwaInto(distDir, { ...env, VITE_APP_VERSION: 'v1' });
    children.push(await startAuthEmulator({ projectId: DEMO_PROJECT_ID, ports: { auth, hub, logging }, dir }));
    const server = await startServerProcess(env, port);
    children.push(server.child);
    return {
      baseUrl: server.baseUrl,
      authEmulatorHost,
      databaseUrl,
      distDir,
      dir,
      bkash: { url: bkash.url, control: bkash.control },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the Node server (edge-api/src/node.ts) with `env` on loopback `port` and waits until it answers. @throws when it exits first. */
async function startServerProcess(env: NodeJS.ProcessEnv, port: number): Promise<{ child: Child; baseUrl: string }> {
  const child = startChild('server', process.execPath, [...NODE_SERVER_ARGS], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`, child.alive);
  } catch (error) {
    await child.stop();
    throw error;
  }
  return { child, baseUrl };
}

/**
 * A second Node server on a running stack's database, built app and Auth emulator, on its own
 * free port, with the default settings (not the stack's raised OPEN_ORDERS_PER_ACCOUNT) and `env`
 * added: for a test of a setting the shared stack must not have (the open-orders limit at its
 * default, a low IP write limit). `stop()` stops it.
 */
export async function startServer(
  stack: Pick<Stack, 'databaseUrl' | 'distDir' | 'authEmulatorHost'>,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const { child, baseUrl } = await startServerProcess(
    {
      ...process.env,
      DATABASE_URL: stack.databaseUrl,
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      FIREBASE_AUTH_EMULATOR_HOST: stack.authEmulatorHost,
      DIST_DIR: stack.distDir,
      ...env,
    },
    await freePort(),
  );
  return { baseUrl, stop: () => child.stop() };
}
