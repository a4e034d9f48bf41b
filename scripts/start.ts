/**
 * `npm start`: the whole shop on this machine with one command (DESIGN.md §2). Migrates and
 * seeds the database, builds the PWA when dist/ is stale, starts the Firebase Auth emulator and
 * the Node server (both bound to 127.0.0.1), makes sure the admin account exists, and prints
 * the URL and the admin's sign-in. Ctrl-C stops both children. Failures are one sentence, exit 1.
 */
import { mkdirSync } from 'node:fs';
import { parseConfig } from '../edge-api/src/config';
import { openDatabase } from '../edge-api/src/db/client';
import { prepareDatabase } from '../edge-api/src/db/prepare';
import { upsertAdminUser } from '../edge-api/src/db/users';
import { ensureEmulatorAccount, startAuthEmulator } from './lib/auth-emulator';
import { buildPwa, pwaBuildIsStale } from './lib/build';
import { startChild, type Child } from './lib/child';
import { loadDotEnv, runMain, UserFacingError } from './lib/cli';
import { isPortFree, waitForHttp } from './lib/ports';

const ADMIN_EMAIL = 'admin@tazahaat.test';
const DEFAULT_ADMIN_PASSWORD = 'tazahaat-admin';

function portFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  const port = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new UserFacingError(`${name} must be a port number, not "${raw}".`);
  return port;
}

runMain(async () => {
  loadDotEnv();
  process.env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
  const config = parseConfig(process.env);
  if (!config.firebaseProjectId.startsWith('demo-'))
    throw new UserFacingError(`npm start runs the Auth emulator, which needs a demo- project id (FIREBASE_PROJECT_ID is "${config.firebaseProjectId}").`);
  const port = portFromEnv('PORT', 8787);
  const authPort = Number(config.authEmulatorHost?.split(':')[1] ?? 9099);
  const ports = { auth: authPort, hub: portFromEnv('FIREBASE_HUB_PORT', 4400), logging: portFromEnv('FIREBASE_LOGGING_PORT', 4500) };
  for (const [name, p] of [['the shop', port], ['the Auth emulator', ports.auth], ['the emulator hub', ports.hub], ['the emulator log', ports.logging]] as const) {
    if (!(await isPortFree(p))) throw new UserFacingError(`Port ${p} (for ${name}) is already in use on 127.0.0.1: stop the program using it or choose another port in .env.`);
  }

  const db = await openDatabase(config.databaseUrl, config.databaseAuthToken);
  const { migrated, seeded } = await prepareDatabase(db);
  console.log(`Database ${config.databaseUrl}: ${migrated.length} migration(s) applied, ${seeded} product(s) seeded.`);

  const viteEnv = {
    ...process.env,
    VITE_FIREBASE_PROJECT_ID: process.env.VITE_FIREBASE_PROJECT_ID ?? config.firebaseProjectId,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: process.env.VITE_FIREBASE_AUTH_EMULATOR_HOST ?? config.authEmulatorHost,
  };
  if (pwaBuildIsStale()) {
    console.log('Building the PWA…');
    if (!(await buildPwa(viteEnv))) throw new UserFacingError('The PWA build failed (see the messages above); dist/ was not updated.');
  }

  mkdirSync('data', { recursive: true });
  const children: Child[] = [];
  let stopping = false;
  const stopAll = async () => {
    stopping = true;
    await Promise.all(children.map((child) => child.stop()));
  };
  const shutDown = () => void stopAll().then(() => process.exit(0));
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);

  try {
    children.push(
      await startAuthEmulator({ projectId: config.firebaseProjectId, ports, dir: 'data', importDir: 'data/auth-emulator' }).catch(() => {
        throw new UserFacingError('The Firebase Auth emulator did not start (run "npx firebase emulators:start --only auth" to see why).');
      }),
    );
    const adminPassword = process.env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
    await ensureEmulatorAccount(`127.0.0.1:${ports.auth}`, { email: ADMIN_EMAIL, password: adminPassword, displayName: 'Taza Haat Admin' });
    await upsertAdminUser(db, ADMIN_EMAIL, 'Taza Haat Admin');
    db.close();

    const server = startChild('server', process.execPath, ['--import', 'tsx', 'edge-api/src/node.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    children.push(server);
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, server.alive).catch(() => {
      throw new UserFacingError('The server did not start (see its message above).');
    });
    console.log(`\nTaza Haat is running: http://127.0.0.1:${port}/`);
    console.log(`Admin sign-in: ${ADMIN_EMAIL} / ${adminPassword}${process.env.ADMIN_PASSWORD ? '' : ' (set ADMIN_PASSWORD to change it)'}`);
    console.log('Press Ctrl-C to stop.\n');
  } catch (error) {
    await stopAll();
    throw error;
  }

  const first = await Promise.race(children.map((child) => child.exited.then((code) => ({ child, code }))));
  if (stopping) return; // Ctrl-C: shutDown exits once both children are gone.
  await stopAll();
  throw new UserFacingError(`The ${first.child.name} stopped unexpectedly (exit ${first.code}); the shop has been shut down.`);
});
