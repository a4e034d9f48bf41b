/**
 * `npm run bench [-- --quick]` (bench/README.md): builds the app, starts the real stack on free
 * ports (libSQL file, Auth emulator, Node server), runs every measurement in this one run and
 * writes bench/results.md and bench/results.json. `--quick` checks the size budgets only and
 * prints them (CI runs it). Exits 1 when a budget fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../lib/chromium';
import { startStack } from '../lib/stack';
import { openDatabase } from '../../edge-api/src/db/client';
import { upsertAdminUser } from '../../edge-api/src/db/users';
import { emulatorIdToken, ensureEmulatorAccount } from '../lib/auth-emulator';
import { fillCatalogue, measureCatalogue } from './catalogue';
import { measureOrderScale, measureOrderWrites, type Shopper } from './orders';
import { toMarkdown, writeResults, type Figure } from './report';
import { measureLighthouse } from './lighthouse';
import { measureOfflineStart } from './offline-start';
import { measureSizes } from './sizes';

/** An emulator account and its ID token; `admin` also gets admin rights in the database. */
async function account(host: string, databaseUrl: string, email: string, admin = false): Promise<Shopper> {
  const credentials = { email, password: 'bench-pass-1', displayName: email.split('@')[0] ?? email };
  await ensureEmulatorAccount(host, credentials);
  if (admin) {
    const db = await openDatabase(databaseUrl);
    await upsertAdminUser(db, email, credentials.displayName);
    db.close();
  }
  return { email, token: await emulatorIdToken(host, credentials) };
}

const quick = process.argv.includes('--quick');
const chromePath = ensureChromium();
const tmpDir = mkdtempSync(join(tmpdir(), 'taza-haat-bench-'));
// The load figures write far faster than a shopper may: the write rate limits are lifted here.
const stack = await startStack({ e2eHooks: false, env: { RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000000', RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000000' } });
const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
const figures: Figure[] = [];
try {
  figures.push(...(await measureSizes(browser, stack.baseUrl, stack.distDir, tmpDir)));
  if (!quick) {
    figures.push(...(await measureLighthouse(chromePath, stack.baseUrl)));
    figures.push(...(await measureOfflineStart(browser, stack.baseUrl)));
    await fillCatalogue(stack.databaseUrl);
    const admin = await account(stack.authEmulatorHost, stack.databaseUrl, 'bench.admin@example.test', true);
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => account(stack.authEmulatorHost, stack.databaseUrl, `bench.shopper${i}@example.test`)));
    figures.push(...(await measureCatalogue(stack.baseUrl, tmpDir, admin.token)));
    figures.push(...(await measureOrderScale(stack.baseUrl, stack.databaseUrl, shoppers[0] as Shopper)));
    figures.push(...(await measureOrderWrites(stack.baseUrl, stack.databaseUrl, shoppers)));
  }
} finally {
  await browser.close();
  await stack.stop();
  rmSync(tmpDir, { recursive: true, force: true });
}

const context = `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}${quick ? ' (quick mode: sizes only)' : ''}.`;
console.log(toMarkdown(figures, context));
if (!quick) writeResults(process.cwd(), figures, context);
const failed = figures.filter((f) => f.pass === false);
if (failed.length) console.error(`bench: ${failed.length} budget(s) failed: ${failed.map((f) => f.name).join('; ')}`);
process.exit(failed.length ? 1 : 0);
