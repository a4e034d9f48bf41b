/**
 * `npm start`: the whole shop on this machine with one command (DESIGN.md §2). Migrates and
 * seeds the database, builds the PWA when dist/ is stale, starts the Firebase Auth emulator and
 * the Node server (both bound to 127.0.0.1), makes sure the admin account exists, and prints
 * the URL and the admin's sign-in. Ctrl-C stops both children. Failures are one sentence, exit 1.
 * With `BKASH_STANDIN=1` (env or .env) it also runs the bKash stand-in (scripts/bkash-standin.ts)
 * and points the server at it, so checkout offers bKash with a test page instead of bKash's own.
 */
import { DEFAULT_PORT } from '../edge-api/src/contract/local-run';
import { buildPwa, pwaBuildIsStale } from './lib/build';
import { startChild } from './lib/child';
import { NODE_SERVER_ARGS } from './lib/node-server';
import { startBkashStandin } from './bkash-standin';
import { loadDotEnv, runMain, UserFacingError } from './lib/cli';
import { openPreparedDatabase, printRunning, pwaEnv, readLocalSettings, startEmulatorWithAdmin } from './lib/local-run';
import { superviseChildren } from './lib/supervisor';
import { ensureVapidKeys } from './lib/vapid-keys';

runMain(async () => {
  loadDotEnv();
  // Before the settings are read: the server's BKASH_* are the stand-in's.
  const bkash = process.env.BKASH_STANDIN === '1' ? await startBkashStandin() : undefined;
  if (bkash) Object.assign(process.env, bkash.env);
  const { config, ports, emulatorPorts } = await readLocalSettings('npm start', {
    shop: { env: 'PORT', fallback: DEFAULT_PORT, label: 'the shop' },
  });
  // Notifications need a VAPID key pair: the one kept in data/ unless .env sets one.
  ensureVapidKeys();
  const port = ports.shop;

  const db = await openPreparedDatabase(config);

  if (pwaBuildIsStale()) {
    console.log('Building the PWA…');
    if (!(await buildPwa(pwaEnv(config))))
      throw new UserFacingError('The PWA build failed (see the messages above); dist/ was not updated.');
  }

  const children = superviseChildren();
  await children.run(async () => {
    const adminPassword = await startEmulatorWithAdmin(children, config, emulatorPorts, db);
    db.close();

    const server = startChild('server', process.execPath, [...NODE_SERVER_ARGS], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    await children.addWhenReady(
      server,
      `http://127.0.0.1:${port}/api/health`,
      'The server did not start (see its message above).',
    );
    printRunning(
      `http://127.0.0.1:${port}/`,
      adminPassword,
      bkash ? [`bKash: the stand-in at ${bkash.url} (BKASH_STANDIN=1): no money moves.`] : [],
    );
  });
});
