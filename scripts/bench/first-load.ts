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

/** Summed sizes of the scripts a load requested. */
export type Sizes = { files: string[]; raw: number; gzip: number; brotli: number };
/** The scripts requested before the page's first content (`ready`) was shown, and in the whole load. */
export type FirstLoad = Sizes & { beforeContent: Sizes };

/** The user-timing mark markInteractive sets when the page marks itself interactive. */
export const INTERACTIVE_MARK = 'bench:interactive';

/**
 * Sets the user-timing mark INTERACTIVE_MARK (and calls the page's binding `notify`, if given)
 * once `<html data-interactive>` is set (main.tsx). Runs in the page as an init script: no named
 * inner functions (tsx would wrap them in a helper the page does not have), and the mark's name
 * written out.
 */
export function markInteractive(notify?: string): void {
  // The page's first script may run before <html> is parsed: watch the document for the attribute.
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-interactive')) return;
    observer.disconnect();
    performance.mark('bench:interactive');
    if (notify) void (window as unknown as Record<string, () => Promise<void>>)[notify]?.();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-interactive'] });
}

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
 * (e.g. the first product card), so data-driven lazy chunks are included; the scripts requested
 * by the time it is shown are also summed on their own (`beforeContent`: what the first paint of
 * the page's content waited for). With `settled`, so is
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
  // Not waiting for the load (or the network to go quiet) first: the scripts are counted the
  // moment the first content is shown, before the app's deferred work (a second after the load).
  await context.addInitScript(markInteractive);
  await page.goto(url, { waitUntil: 'commit' });
  await page
    .locator(ready ?? 'body')
    .first()
    .waitFor();
  const shown = [...scripts];
  await page.waitForLoadState('networkidle');
  // The scripts requested before the page marked itself interactive, as the page's own Resource
  // Timing says: the network events reach this process later, so a chunk the page asks for a
  // moment after (a section coming into view at the first idle moment) may arrive before the
  // wait above ends. A page that never marks itself (the baseline) is cut where it was shown.
  const requested = await page.evaluate((name) => {
    const mark = performance.getEntriesByName(name)[0];
    if (!mark) return undefined;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= mark.startTime)
      .map((entry) => new URL(entry.name).pathname);
  }, INTERACTIVE_MARK);
  const beforeContent = sizesOf(
    (requested ? [...scripts].filter((file) => requested.includes(file)) : shown).sort(),
    distDir,
  );
  if (settled) await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  await page.waitForLoadState('networkidle');
  await context.close();
  return { ...sizesOf([...scripts].sort(), distDir), beforeContent };
}

/** The sizes of `files` (URL paths) built into `distDir`, summed. */
function sizesOf(files: string[], distDir: string): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = compressedSizes(join(distDir, file));
    total.raw += size.raw;
    total.gzip += size.gzip;
    total.brotli += size.brotli;
  }
  return { files, ...total };
}

/**
 * The HTML document `url` answers (with `acceptLanguage`), compressed as a server would send
 * it (brotli quality 11), in bytes, with its uncompressed size.
 * @throws when the answer is not a 200.
 */
export async function htmlDocumentSize(url: string, acceptLanguage: string): Promise<{ raw: number; brotli: number }> {
  const res = await fetch(url, { headers: { 'accept-language': acceptLanguage, accept: 'text/html' } });
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  return {
    raw: bytes.length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}
