/**
 * First-load JS (bench/README.md §1): the scripts a page really requests on a cold load, read
 * from Chromium's network events (CDP `Network.responseReceived`, type Script) until the network
 * has been quiet, then compressed from the built files as a server would send them (gzip level
 * 9, brotli quality 11). The service worker's own precache downloads are not the page's and are
 * not counted; lazy chunks the page asks for during the load are.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';

export type FirstLoad = { files: string[]; raw: number; gzip: number; brotli: number };

/** Compressed sizes of one built file, in bytes. */
export function compressedSizes(path: string): { raw: number; gzip: number; brotli: number } {
  const bytes = readFileSync(path);
  return {
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

/**
 * Loads `url` in a fresh context (empty cache, no service worker yet) and sums the JS files it
 * requested, read from `distDir` by their URL path. `ready` is awaited before the quiet period
 * (e.g. the first product card), so data-driven lazy chunks are included. With `settled`, so is
 * what the app defers until its page has settled: it registers its service worker last, so the
 * worker being ready marks that point (without it, whether Dexie counts is a race).
 * `localStorage` entries are there before the page's first script (e.g. a language chosen earlier).
 */
export async function firstLoadJs(
  browser: Browser,
  url: string,
  distDir: string,
  ready?: string,
  settled = false,
  localStorage: Record<string, string> = {},
): Promise<FirstLoad> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript(
    (entries) => Object.entries(entries).forEach(([key, value]) => window.localStorage.setItem(key, value)),
    localStorage,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script' && event.response.url.startsWith(new URL(url).origin))
      scripts.add(new URL(event.response.url).pathname);
  });
  await cdp.send('Network.enable');
  await page.goto(url, { waitUntil: 'networkidle' });
  if (ready) await page.locator(ready).first().waitFor();
  if (settled) await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForLoadState('networkidle');
  await context.close();
  const files = [...scripts].sort();
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = compressedSizes(join(distDir, file));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return { files, ...total };
}
