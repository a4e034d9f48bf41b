/**
 * Figure 1 (bench/README.md): first-load JS of `/` and `/Shop`, gzip and brotli — what the page
 * requested until it is interactive (hydrated or rendered), against 2.0× the gzip of the React baseline,
 * and the whole load once settled (deferred Dexie and workbox-window included),
 * reported, with a check that Dexie and workbox-window are not among the files before it is
 * interactive; the same with Bangla chosen before (DESIGN.md §9: its catalogue is a chunk of its
 * own, loaded only then), reported; a check that Firebase, Stripe.js and the
 * dashboard are not part of it; and the HTML document of each page and language, brotli, against
 * 14 KiB (`/`) and 24 KiB (`/Shop`).
 */
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { serveBaseline } from './baseline';
import { firstLoadJs, htmlDocumentSize, type FirstLoad } from './first-load';
import { kib, type Figure } from './report';
import { LOCALE_KEY } from '../../pwa/src/lib/storage-keys';

const BUDGET_RATIO = 2.0;
/** The HTML document's budget by page, brotli. */
const HTML_BUDGET: Record<(typeof PAGES)[number][0], number> = { '/': 14 * 1024, '/Shop': 24 * 1024 };
/** Chunks that must stay out of a shopper's first load (signed out, not paying, not an admin: no dawn board or its chart). */
const NOT_ON_FIRST_LOAD = /firebase|stripe|dashboard|dawn-board|uplot/i;
/** Chunks a first visit loads only after it is interactive: Dexie (the `db` chunk) and workbox-window. */
const AFTER_CONTENT = /\/db-|dexie|workbox-window/i;
/**
 * The pages measured, with what each shows once interactive (`html[data-interactive]`, set by
 * main.tsx when the hydrated or rendered tree's effects run): the home page's banner heading, the
 * shop's product cards. A prerendered page shows them before any script, so the mark is what counts.
 */
const PAGES = [
  ['/', 'html[data-interactive] main h1'],
  ['/Shop', 'html[data-interactive] [data-testid="product-card"]'],
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
  const ratio = (bytes: number) => `${(bytes / baseline.gzip).toFixed(2)}×`;
  const jsFigures = (path: string, suffix: string, load: FirstLoad): Figure[] => [
    {
      name: `First-load JS of ${path}${suffix} until interactive (gzip / brotli)`,
      value: `${kib(load.beforeContent.gzip)} / ${kib(load.beforeContent.brotli)} (${ratio(load.beforeContent.gzip)})`,
      // Bangla is reported against the same line, not held to it.
      budget: suffix
        ? `report (English: gzip ≤ ${BUDGET_RATIO}× baseline)`
        : `gzip ≤ ${BUDGET_RATIO}× baseline = ${kib(budget)}`,
      pass: suffix ? null : load.beforeContent.gzip <= budget,
      data: { ...load.beforeContent },
    },
    {
      name: `First-load JS of ${path}${suffix} once settled, deferred chunks included (gzip / brotli)`,
      value: `${kib(load.gzip)} / ${kib(load.brotli)} (${ratio(load.gzip)})`,
      budget: 'report',
      pass: null,
      data: { files: load.files, raw: load.raw, gzip: load.gzip, brotli: load.brotli },
    },
  ];
  const leaks: string[] = [];
  const early: string[] = [];
  for (const [lang, localStorage, suffix] of [
    ['en', {}, ''],
    ['bn', { [LOCALE_KEY]: 'bn' }, ' in Bangla'],
  ] as const) {
    for (const [path, ready] of PAGES) {
      const url = new URL(path, baseUrl).toString();
      const load = await firstLoadJs(browser, url, distDir, ready, true, localStorage);
      leaks.push(...load.files.filter((file) => NOT_ON_FIRST_LOAD.test(file)));
      early.push(
        ...load.beforeContent.files
          .filter((file) => AFTER_CONTENT.test(file))
          .map((file) => `${file} (${path}${suffix})`),
      );
      figures.push(...jsFigures(path, suffix, load));
    }
    for (const [path] of PAGES) {
      const html = await htmlDocumentSize(new URL(path, baseUrl).toString(), lang);
      figures.push({
        name: `HTML document of ${path}${suffix} (brotli; uncompressed)`,
        value: `${kib(html.brotli)}; ${kib(html.raw)}`,
        budget: `brotli ≤ ${kib(HTML_BUDGET[path])}`,
        pass: html.brotli <= HTML_BUDGET[path],
        data: { ...html },
      });
    }
  }
  figures.push({
    name: 'Firebase, Stripe.js and dashboard chunks on first load',
    value: leaks.length ? [...new Set(leaks)].join(', ') : 'none',
    budget: 'none',
    pass: leaks.length === 0,
  });
  figures.push({
    name: 'Dexie and workbox-window chunks before the page is interactive',
    value: early.length ? early.join(', ') : 'none',
    budget: 'none',
    pass: early.length === 0,
  });
  return figures;
}
