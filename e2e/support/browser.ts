/**
 * Chromium (system binary, playwright-core) for one test file, with pages on the stack's URL.
 * Every page reports Content-Security-Policy violations, and a test with any fails: the app
 * must run clean under the CSP it is served with (pwa/security-headers.ts). When a test fails,
 * the pages it left open are shown in its output and captured in test-results/failures/.
 */
import { mkdir } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import { chromiumArgs } from '../../scripts/lib/chromium';

/** Where a failed test's open pages are captured ({@link showFailedPages}). */
const FAILURES = 'test-results/failures';

/**
 * Shows what the pages of a failed test were showing: each page's URL and visible text go to the
 * test's output (CI's log) and a full-page screenshot to {@link FAILURES}, named after the test.
 * A page that cannot be read any more (closed, crashed) is said so; this never throws.
 */
async function showFailedPages(testName: string, contexts: readonly BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages()).filter((page) => !page.isClosed());
  const base = testName.replace(/[^\w-]+/g, '-').slice(0, 80);
  await mkdir(FAILURES, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(not readable: ${error instanceof Error ? error.message : String(error)})`);
    const file = `${FAILURES}/${base}-${index + 1}.png`;
    const shot = await page.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(
      () => file,
      () => 'none',
    );
    console.error(`Failed test's page ${index + 1}: ${page.url()} (screenshot: ${shot})\n${text.slice(0, 2_000)}`);
  }
}

export type BrowserHandle = {
  /** A new page in a fresh context (own storage, `options` added), at `path` of the stack, viewport `width`×`height`. */
  open: (
    path: string,
    viewport?: { width: number; height: number },
    options?: BrowserContextOptions,
  ) => Promise<{ page: Page; context: BrowserContext }>;
  url: (path: string) => string;
};

/** Launches Chromium before the file's tests and closes it after them. */
export function useBrowser(): BrowserHandle {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: inject('chromePath'), args: chromiumArgs, headless: true });
  });
  afterAll(async () => {
    await browser?.close();
  });
  const violations: string[] = [];
  // The contexts a test opened, for showing its pages if it fails (its own code closes them when it passes).
  const contexts: BrowserContext[] = [];
  afterEach(async ({ task }) => {
    const opened = contexts.splice(0);
    if (task.result?.state === 'fail') await showFailedPages(task.name, opened);
    const seen = violations.splice(0);
    expect(seen, 'Content-Security-Policy violations').toEqual([]);
  });
  const url = (path: string) => new URL(path, baseUrl).toString();
  return {
    url,
    open: async (path, viewport = { width: 1280, height: 800 }, options = {}) => {
      if (!browser) throw new Error('useBrowser(): the browser is not running yet');
      const context = await browser.newContext({ ...options, viewport });
      contexts.push(context);
      await context.exposeBinding(
        'reportCspViolation',
        (_source, violation: string) => void violations.push(violation),
      );
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { reportCspViolation: (violation: string) => void }).reportCspViolation;
          report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      const page = await context.newPage();
      await page.goto(url(path));
      if (options.javaScriptEnabled !== false) await hydrated(page);
      return { page, context };
    },
  };
}

/**
 * Waits, on a prerendered page (DESIGN.md §13), until the app has hydrated it (`<html
 * data-interactive>`): its buttons do nothing before, as for a shopper whose app code is still on
 * its way. Other pages return at once.
 */
export async function hydrated(page: Page): Promise<void> {
  if (await page.locator('html[data-prerendered]').count())
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
}

/** Takes `page` to `url` and waits as {@link hydrated} does: a test's next tap needs the app. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/**
 * Scrolls down the whole page in steps, as a shopper would, so sections rendered near the view
 * appear. It first waits until the route has rendered (`main` has content: the router renders
 * nothing until a lazy page's code arrives, and a page that is still empty then has nothing to
 * scroll through), then goes on until it is at the bottom and the page has stopped growing for
 * `settleMs` (each section that renders near the view makes the page longer).
 * @throws when the page renders nothing within 10 s.
 */
export async function scrollThrough(page: Page, settleMs = 750): Promise<void> {
  await page.locator('main > *').first().waitFor({ state: 'attached', timeout: 10_000 });
  await page.evaluate(async (settle) => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50));
    let height = -1;
    let grewAt = performance.now();
    for (let y = 0; ; y += 400) {
      const now = document.documentElement.scrollHeight;
      if (now !== height) [height, grewAt] = [now, performance.now()];
      const bottom = Math.max(0, height - window.innerHeight);
      // From where it stopped when the page grew: a jump to the new bottom could skip a section.
      y = Math.min(y, bottom);
      window.scrollTo(0, y);
      if (y >= bottom && performance.now() - grewAt >= settle) return;
      await pause();
    }
  }, settleMs);
}
