/**
 * `npm run dev` smoke test: the command on free ports with a temp database and emulator folder
 * starts the Auth emulator, the API (tsx watch, API only) and Vite's dev server; the shop renders
 * from Vite in Chromium, `/api` is proxied; Ctrl-C (SIGINT to its process group, as a terminal
 * sends it) stops every child and frees every port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PROJECT_ID } from '../edge-api/src/contract/local-run';
import { chromiumArgs, ensureChromium } from '../scripts/lib/chromium';
import { freePort, isPortFree } from '../scripts/lib/ports';

const START_MS = 120_000;
const STOP_MS = 60_000;

let dir: string;
let dev: ChildProcess | undefined;
let output = '';
let ports: number[] = [];
let shopUrl: string;

/** True while any process of the group `pgid` is alive. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Resolves when `check()` is true, polling every 250 ms. @throws Error saying `what` after `timeoutMs`. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms; output:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'taza-haat-dev-'));
  const [api, vite, auth, hub, logging] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  ports = [api, vite, auth, hub, logging];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: `file:${join(dir, 'shop.db')}`,
    PORT: String(api),
    VITE_PORT: String(vite),
    FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${auth}`,
    FIREBASE_HUB_PORT: String(hub),
    FIREBASE_LOGGING_PORT: String(logging),
    AUTH_EMULATOR_DATA_DIR: join(dir, 'auth-emulator'),
    VITE_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    VITE_FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${auth}`,
  };
  delete env.NODE_ENV; // vitest's "test": the dev server runs as it does for a developer
  // Its own process group, so the test can press Ctrl-C as a terminal does: SIGINT to the group.
  dev = spawn('npm', ['run', '--silent', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  dev.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await until(
    () => {
      if (dev?.exitCode !== null)
        throw new Error(`npm run dev exited (${dev?.exitCode}) before it was ready; output:\n${output}`);
      return /Taza Haat is running: (\S+)/.test(output);
    },
    'npm run dev did not print its URL',
    START_MS,
  );
  shopUrl = /Taza Haat is running: (\S+)/.exec(output)?.[1] ?? '';
}, START_MS + 10_000);

afterAll(async () => {
  // Whatever failed above: nothing of the command may outlive the test.
  if (dev?.pid && groupAlive(dev.pid)) process.kill(-dev.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it("prints Vite's URL and the admin's sign-in", () => {
    expect(shopUrl).toBe(`http://127.0.0.1:${ports[1]}/`);
    expect(output).toMatch(/Database file:.*shop\.db: \d+ migration\(s\) applied, \d+ product\(s\) seeded\./);
    expect(output).toContain('Admin sign-in: admin@tazahaat.test / ');
  });

  it('proxies /api through Vite to the API', async () => {
    const health = await fetch(new URL('/api/health', shopUrl));
    expect(health.status).toBe(200);
    const products = await fetch(new URL('/api/products', shopUrl));
    expect(products.status).toBe(200);
    expect(((await products.json()) as unknown[]).length).toBeGreaterThanOrEqual(36);
  });

  it(
    'renders the shop from the Vite dev server in Chromium',
    async () => {
      const browser = await chromium.launch({ executablePath: ensureChromium(), args: chromiumArgs, headless: true });
      try {
        const page = await browser.newPage();
        // The first load compiles the app on demand (and may pre-bundle dependencies, then reload).
        await page.goto(shopUrl, { timeout: START_MS });
        await page.getByRole('heading', { name: 'Fresh from the haat, to your door' }).waitFor({ timeout: START_MS });
        await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).first().waitFor();
      } finally {
        await browser.close();
      }
    },
    START_MS * 2,
  );

  it(
    'stops every child on Ctrl-C and frees every port',
    async () => {
      const pid = dev?.pid;
      if (!pid) throw new Error('npm run dev is not running');
      process.kill(-pid, 'SIGINT');
      await until(() => !groupAlive(pid), 'npm run dev and its children did not all stop', STOP_MS);
      for (const port of ports) expect(await isPortFree(port), `port ${port}`).toBe(true);
      expect(output).not.toMatch(/stopped unexpectedly|Force killing/);
    },
    STOP_MS + 10_000,
  );
});
