/**
 * Figure 1 (bench/README.md): first-load JS of `/` and `/Shop`, gzip and brotli, against 2.5×
 * the gzip of the React baseline; the same with Bangla chosen before (DESIGN.md §9: its catalogue
 * is a chunk of its own, loaded only then), reported without a budget; and a check that
 * Firebase, Stripe.js and the dashboard are not part of it.
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serveBaseline } from './baseline';
import { firstLoadJs } from './first-load';
import { kib, type Figure } from './report';
import { LOCALE_KEY } from '../../pwa/src/lib/storage-keys';

const BUDGET_RATIO = 2.5;
/** Chunks that must stay out of a shopper's first load (signed out, not paying, not an admin: no dawn board or its chart). */
const NOT_ON_FIRST_LOAD = /firebase|stripe|dashboard|dawn-board|uplot/i;
/** The pages measured, with what each shows first: the home page's banner heading, the shop's product cards. */
const PAGES = [
  ['/', 'main h1'],
  ['/Shop', '[data-testid="product-card"]'],
] as const;

/** Measures the shop at `baseUrl` (built into `distDir`) and the baseline (built under `tmpDir`). */
export async function measureSizes(
  browser: Browser,
  baseUrl: string,
  distDir: string,
  tmpDir: string,
): Promise<Figure[]> {
  const baselineDir = join(tmpDir, 'baseline-dist');
  const baselineServer = await serveBaseline(baselineDir);
  let baseline;
  try {
    baseline = await firstLoadJs(browser, baselineServer.url, baselineDir, 'h1');
  } finally {
    await baselineServer.stop();
  }
  const budget = baseline.gzip * BUDGET_RATIO;
  const figures: Figure[] = [
    {
      name: 'Baseline: React 19 + react-dom, one element (gzip / brotli)',
      value: `${kib(baseline.gzip)} / ${kib(baseline.brotli)}`,
      budget: 'report',
      pass: null,
      data: { ...baseline },
    },
  ];
  const leaks: string[] = [];
  for (const [path, ready] of PAGES) {
    const load = await firstLoadJs(browser, new URL(path, baseUrl).toString(), distDir, ready, true);
    leaks.push(...load.files.filter((file) => NOT_ON_FIRST_LOAD.test(file)));
    figures.push({
      name: `First-load JS of ${path} (gzip / brotli)`,
      value: `${kib(load.gzip)} / ${kib(load.brotli)} (${(load.gzip / baseline.gzip).toFixed(2)}×)`,
      budget: `gzip ≤ ${BUDGET_RATIO}× baseline = ${kib(budget)}`,
      pass: load.gzip <= budget,
      data: { ...load },
    });
  }
  for (const [path, ready] of PAGES) {
    const load = await firstLoadJs(browser, new URL(path, baseUrl).toString(), distDir, ready, true, {
      [LOCALE_KEY]: 'bn',
    });
    figures.push({
      name: `First-load JS of ${path} in Bangla (gzip / brotli)`,
      value: `${kib(load.gzip)} / ${kib(load.brotli)} (${(load.gzip / baseline.gzip).toFixed(2)}×)`,
      budget: 'report',
      pass: null,
      data: { ...load },
    });
  }
  figures.push({
    name: 'Firebase, Stripe.js and dashboard chunks on first load',
    value: leaks.length ? leaks.join(', ') : 'none',
    budget: 'none',
    pass: leaks.length === 0,
  });
  return figures;
}
