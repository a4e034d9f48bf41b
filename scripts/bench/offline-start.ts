/**
 * Figure 3 (bench/README.md): time from navigation to the first product card on `/Shop` with
 * a warm service worker, online and offline, in the same run: five reloads each, alternating,
 * medians compared. The time is `performance.now()` (ms since navigation start) when the first
 * card enters the DOM, recorded in the page by a MutationObserver.
 */
import type { Browser, Page } from 'playwright-core';
import { median, ms, type Figure } from './report';

const RUNS = 5;
const CARD = '[data-testid="product-card"]';

declare global {
  interface Window {
    firstCardAt?: number;
  }
}

async function reloadTime(page: Page): Promise<number> {
  await page.reload();
  await page.waitForFunction(() => window.firstCardAt !== undefined);
  return page.evaluate(() => window.firstCardAt as number);
}

/** Measures `baseUrl`/Shop in a fresh context. */
export async function measureOfflineStart(browser: Browser, baseUrl: string): Promise<Figure[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  await context.addInitScript((selector: string) => {
    new MutationObserver((_, observer) => {
      if (document.querySelector(selector)) {
        window.firstCardAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, CARD);
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/Shop`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Warm: controlled by the worker, catalogue in its cache and mirrored in IndexedDB.
    for (let i = 0; i < 2; i += 1) {
      await reloadTime(page);
      await page.waitForTimeout(1000);
    }
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))))
      throw new Error('the service worker does not control /Shop');
    const online: number[] = [];
    const offline: number[] = [];
    // Alternating which goes first, so neither side always follows the other.
    for (let i = 0; i < RUNS; i += 1) {
      for (const offlineNow of i % 2 ? [true, false] : [false, true]) {
        await context.setOffline(offlineNow);
        (offlineNow ? offline : online).push(await reloadTime(page));
      }
      await context.setOffline(false);
    }
    const on = median(online);
    const off = median(offline);
    return [
      {
        name: 'Offline start: /Shop to first product card, offline vs online (warm service worker)',
        value: `${ms(off)} vs ${ms(on)}`,
        budget: 'offline ≤ online',
        pass: off <= on,
        data: { online, offline },
      },
    ];
  } finally {
    await context.close();
  }
}
