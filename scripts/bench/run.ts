/**
 * `npm run bench [-- --quick | --only fault | fulfilment | orders | lighthouse | offline | catalogue | stock | reports
 * | data | bytes | long-task | cheap-phone]`
 * (bench/README.md): builds the app, starts the real stack on free ports (libSQL file, Auth
 * emulator, Node server), runs every measurement in this one run and writes bench/results.md and
 * bench/results.json. `--quick` checks the size budgets only and prints them (CI runs it).
 * `--only fault` runs figure 8 alone (its own sqld and server, no build), `--only fulfilment`
 * figure 9 and `--only orders` figure 5 (each its own libSQL file and server), `--only lighthouse` figure 2, `--only offline` figure 3 and `--only catalogue`
 * figures 4 and 6, `--only stock` figure 10, `--only reports` figure 11, `--only data` figure 12 (or a part
 * of it: `bytes`, `long-task`, `cheap-phone`) (the build and the stack, nothing else measured), and puts its figures into the results, keeping the others. Exits
 * 1 when a budget fails, 2 on an unknown `--only`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../lib/chromium';
import { startStack, type Stack } from '../lib/stack';
import { openDatabase } from '../../edge-api/src/db/client';
import { upsertAdminUser } from '../../edge-api/src/db/users';
import { emulatorIdToken, ensureEmulatorAccount } from '../lib/auth-emulator';
import { fillCatalogue, measureCatalogue } from './catalogue';
import { measureFaults } from './fault';
import { measureFulfilment } from './fulfilment';
import { measureOrderQuotes, measureOrderScale, measureOrderStock, measureOrderWrites, type Shopper } from './orders';
import { mergeResults, toMarkdown, writeResults, type Figure } from './report';
import { measureData, measureDataBytes, measureHydrationTasks } from './data';
import { CHEAP_PHONE, measureLighthouse } from './lighthouse';
import { measureOfflineStart } from './offline-start';
import { measureDashboardFirstLoad, measureReportRoutes } from './reports';
import { measureSizes } from './sizes';

/** A verified emulator account and its ID token; `admin` also gets admin rights in the database. */
async function account(host: string, databaseUrl: string, email: string, admin = false): Promise<Shopper> {
  const credentials = { email, password: 'bench-pass-1', displayName: email.split('@')[0] ?? email };
  // Verified, shoppers too: an unverified account may hold one open order only (orders/place.ts).
  await ensureEmulatorAccount(host, { ...credentials, emailVerified: true });
  if (admin) {
    const db = await openDatabase(databaseUrl);
    await upsertAdminUser(db, email, credentials.displayName);
    db.close();
  }
  return { email, token: await emulatorIdToken(host, credentials) };
}

/** Prints `figures`, says which budgets failed, and exits 1 if any did (else 0). */
function finish(figures: readonly Figure[], context: string): never {
  console.log(toMarkdown(figures, context));
  const failed = figures.filter((f) => f.pass === false);
  if (failed.length) console.error(`bench: ${failed.length} budget(s) failed: ${failed.map((f) => f.name).join('; ')}`);
  process.exit(failed.length ? 1 : 0);
}

const machine = () =>
  `${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`;

type Only = { figure: string };
// Measurements that run alone: their own processes, no build, no stack.
const alone: Record<string, Only & { measure: () => Promise<Figure[]> }> = {
  fault: { figure: 'Figure 8', measure: measureFaults },
  fulfilment: { figure: 'Figure 9', measure: measureFulfilment },
  orders: { figure: 'Figure 5', measure: measureOrderWrites },
};
// Measurements of the built app that run alone on the stack: the build and the stack, nothing else measured.
type OnStack = { chromePath: string; stack: Stack; tmpDir: string };
const onStack = {
  lighthouse: {
    figure: 'Figure 2',
    measure: ({ chromePath, stack }: OnStack) => measureLighthouse(chromePath, stack.baseUrl),
  },
  offline: {
    figure: 'Figure 3',
    measure: async ({ chromePath, stack }: OnStack) => {
      const own = await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
      try {
        return await measureOfflineStart(own, stack.baseUrl);
      } finally {
        await own.close();
      }
    },
  },
  catalogue: { figure: 'Figures 4 and 6', measure: ({ stack, tmpDir }: OnStack) => measureCatalogueOn(stack, tmpDir) },
  stock: { figure: 'Figure 10', measure: ({ stack }: OnStack) => measureOrderStockOn(stack) },
  quotes: {
    figure: "Figure 10's areas and quotes",
    measure: async ({ stack }: OnStack) => measureOrderQuotes(stack.baseUrl, await benchShoppers(stack)),
  },
  reports: {
    figure: 'Figure 11',
    measure: async ({ stack, chromePath }: OnStack) => [
      ...(await measureReportRoutes()),
      await measureDashboardFirstLoad(stack, chromePath),
    ],
  },
  data: { figure: 'Figure 12', measure: ({ chromePath, stack }: OnStack) => measureData(chromePath, stack.baseUrl) },
  bytes: {
    figure: "Figure 12's bytes",
    measure: ({ chromePath, stack }: OnStack) => measureDataBytes(chromePath, stack.baseUrl),
  },
  'long-task': {
    figure: "Figure 12's longest task",
    measure: ({ chromePath, stack }: OnStack) => measureHydrationTasks(chromePath, stack.baseUrl),
  },
  'cheap-phone': {
    figure: "Figure 12's cheap phone",
    measure: ({ chromePath, stack }: OnStack) => measureLighthouse(chromePath, stack.baseUrl, CHEAP_PHONE),
  },
} satisfies Record<string, Only & { measure: (run: OnStack) => Promise<Figure[]> }>;

/** Figures 4 and 6 on the stack's 1,000-product catalogue, an admin changing one product. */
async function measureCatalogueOn(stack: Stack, tmpDir: string): Promise<Figure[]> {
  await fillCatalogue(stack.databaseUrl);
  const admin = await account(stack.authEmulatorHost, stack.databaseUrl, 'bench.admin@example.test', true);
  return measureCatalogue(stack.baseUrl, tmpDir, admin.token);
}
/** The 20 bench shoppers: emulator accounts with their ID tokens. */
const benchShoppers = (stack: Stack) =>
  Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      account(stack.authEmulatorHost, stack.databaseUrl, `bench.shopper${i}@example.test`),
    ),
  );

/** Figure 10 on the stack: orders for counted stock against orders for products not counted. */
async function measureOrderStockOn(stack: Stack): Promise<Figure[]> {
  return measureOrderStock(stack.baseUrl, stack.databaseUrl, await benchShoppers(stack));
}

/** Puts the figures of a measurement run alone into the results (keeping the others), prints them and exits. */
function finishAlone(only: Only, figures: readonly Figure[]): never {
  mergeResults(process.cwd(), figures, `${only.figure} re-measured alone ${machine()}`);
  finish(figures, `Measured ${machine()} (${only.figure} alone).`);
}

const onlyIndex = process.argv.indexOf('--only');
const onlyName = onlyIndex === -1 ? undefined : (process.argv[onlyIndex + 1] ?? '');
const onlyOnStack =
  onlyName !== undefined && Object.hasOwn(onStack, onlyName) ? onStack[onlyName as keyof typeof onStack] : undefined;
if (onlyName !== undefined && !onlyOnStack) {
  const only = alone[onlyName];
  if (!only) {
    console.error(`bench: --only takes one of: ${[...Object.keys(alone), ...Object.keys(onStack)].join(', ')}`);
    process.exit(2);
  }
  finishAlone(only, await only.measure());
}

const quick = process.argv.includes('--quick');
const chromePath = ensureChromium();
const tmpDir = mkdtempSync(join(tmpdir(), 'taza-haat-bench-'));
// The load figures write far faster than a shopper may: the write rate limits are lifted here.
const stack = await startStack({
  e2eHooks: false,
  env: { RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000000', RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000000' },
});
const run: OnStack = { chromePath, stack, tmpDir };
// A measurement alone on the stack needs no browser of ours (Lighthouse starts its own).
const browser = onlyOnStack
  ? undefined
  : await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
const figures: Figure[] = [];
try {
  if (onlyOnStack) figures.push(...(await onlyOnStack.measure(run)));
  else if (browser) {
    figures.push(...(await measureSizes(browser, stack.baseUrl, stack.distDir, tmpDir)));
    if (!quick) {
      figures.push(...(await onStack.lighthouse.measure(run)));
      // Before figure 4 tops the catalogue up to 1,000 products: a shopper's shop as seeded.
      figures.push(...(await onStack.data.measure(run)));
      figures.push(...(await measureOfflineStart(browser, stack.baseUrl)));
      figures.push(...(await onStack.catalogue.measure(run)));
      const shoppers = await benchShoppers(stack);
      figures.push(...(await measureOrderScale(stack.baseUrl, stack.databaseUrl, shoppers[0] as Shopper)));
      figures.push(...(await measureOrderWrites()));
      figures.push(...(await measureOrderStock(stack.baseUrl, stack.databaseUrl, shoppers)));
      figures.push(...(await measureOrderQuotes(stack.baseUrl, shoppers)));
      figures.push(...(await measureFaults()));
      figures.push(...(await measureFulfilment()));
      figures.push(...(await onStack.reports.measure(run)));
    }
  }
} finally {
  await browser?.close();
  await stack.stop();
  rmSync(tmpDir, { recursive: true, force: true });
}
if (onlyOnStack) finishAlone(onlyOnStack, figures);

const context = `Measured ${machine()}${quick ? ' (quick mode: sizes only)' : ''}.`;
if (!quick) writeResults(process.cwd(), figures, context);
finish(figures, context);
