/**
 * `npm start`: the whole shop on this machine with one command (DESIGN.md §2). Migrates and
 * seeds the database, builds the PWA when dist/ is stale, starts the Firebase Auth emulator and
 * the Node server (both bound to 127.0.0.1), makes sure the admin account exists, and prints
 * the URL and the admin's sign-in. Ctrl-C stops both children. Failures are one sentence, exit 1.
 */
import { DEFAULT_PORT } from '../edge-api/src/contract/local-run';
import { buildPwa, pwaBuildIsStale } from './lib/build';
import { startChild } from './lib/child';
import { runMain, UserFacingError } from './lib/cli';
import { openPreparedDatabase, printRunning, pwaEnv, readLocalSettings, startEmulatorWithAdmin } from './lib/local-run';
import { superviseChildren } from './lib/supervisor';
import { ensureVapidKeys } from './lib/vapid-keys';

runMain(async () => {
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

    const server = startChild('server', process.execPath, ['--import', 'tsx', 'edge-api/src/node.ts'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
    });
    await children.addWhenReady(
      server,
      `http://127.0.0.1:${port}/api/health`,
      'The server did not start (see its message above).',
    );
    printRunning(`http://127.0.0.1:${port}/`, adminPassword);
  });
});
