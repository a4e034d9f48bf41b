/**
 * `npm run dev`: the shop for development (DESIGN.md §2). Migrates and seeds the database,
 * copies the product pictures into public/, starts the Firebase Auth emulator (with the admin
 * account), the API alone under `tsx watch` (`node.ts --api-only`, restarted when a file it
 * imports changes) and Vite's dev server with HMR, which serves the PWA and proxies `/api` to the
 * API. Prints the URL (Vite's) and the admin's sign-in; Ctrl-C stops every child.
 * Env as `npm start` (`.env` read): PORT (the API, default 8787), VITE_PORT (Vite, default
 * 5173), FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_HUB_PORT, FIREBASE_LOGGING_PORT,
 * AUTH_EMULATOR_DATA_DIR, ADMIN_PASSWORD. Everything binds to 127.0.0.1. Failures are one
 * sentence, exit 1.
 */
import { join } from 'node:path';
import { DEFAULT_PORT } from '../edge-api/src/contract/local-run';
import { startChild } from './lib/child';
import { runMain, UserFacingError } from './lib/cli';
import { openPreparedDatabase, printRunning, pwaEnv, readLocalSettings, startEmulatorWithAdmin } from './lib/local-run';
import { superviseChildren } from './lib/supervisor';
import { ensureVapidKeys } from './lib/vapid-keys';

const bin = (name: string) => join('node_modules', '.bin', name);

runMain(async () => {
  const { config, ports, emulatorPorts } = await readLocalSettings('npm run dev', {
    api: { env: 'PORT', fallback: DEFAULT_PORT, label: 'the API' },
    vite: { env: 'VITE_PORT', fallback: 5173, label: "Vite's dev server" },
  });
  // Notifications need a VAPID key pair: the one kept in data/ unless .env sets one.
  ensureVapidKeys();

  const db = await openPreparedDatabase(config);
  // Vite serves public/ as it is: the seed pictures must be there (npm run build copies them too).
  const pictures = startChild('picture copy', process.execPath, ['--import', 'tsx', 'scripts/copy-product-images.ts']);
  if ((await pictures.exited) !== 0)
    throw new UserFacingError('Copying the product pictures into public/products failed (see the message above).');

  const children = superviseChildren();
  await children.run(async () => {
    const adminPassword = await startEmulatorWithAdmin(children, config, emulatorPorts, db);
    db.close();

    const env = { ...pwaEnv(config), PORT: String(ports.api), HOST: '127.0.0.1' };
    const apiUrl = `http://127.0.0.1:${ports.api}/api`;
    // stdin stays with Vite (its keyboard shortcuts); tsx watch would read it too. On Ctrl-C
    // tsx watch passes the terminal's SIGINT on to the API; a second one would SIGKILL it.
    const api = startChild('API', bin('tsx'), ['watch', '--clear-screen=false', 'edge-api/src/node.ts', '--api-only'], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    await children.addWhenReady(api, `${apiUrl}/health`, 'The API did not start (see its message above).', {
      selfStopMs: 2000,
    });

    // vite.config.ts proxies /api to PORT.
    const viteUrl = `http://127.0.0.1:${ports.vite}/`;
    const vite = startChild(
      'Vite dev server',
      bin('vite'),
      ['--port', String(ports.vite), '--strictPort', '--clearScreen', 'false'],
      { env },
    );
    await children.addWhenReady(vite, viteUrl, "Vite's dev server did not start (see its message above).");
    printRunning(viteUrl, adminPassword, [`API (restarts on change, proxied by Vite): ${apiUrl}`]);
  });
});
