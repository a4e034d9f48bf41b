/**
 * Saving data (DESIGN.md §5, Data): with `Save-Data: on` the prerendered /Shop
 * gets the small copies' bytes before any script runs (the Node server answers the pictures'
 * own URLs with them), and the profile's Data saver switch is remembered and makes the shop
 * show the small copies, hydrating without a mismatch; in English and Bangla.
 */
import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { bn, en } from './support/catalogues';
import { logIn, newAccount, placeOrderFor } from './support/accounts';
import { useBrowser, visit } from './support/browser';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = 'test-results/screenshots';
/** A product picture's URL path, and its file name. */
const PICTURE = /^\/products\/([^/]+\.webp)$/;
/** The small copies' width in pixels (scripts/copy-product-images.ts). */
const SMALL_WIDTH = 128;

/** Size in bytes of the built file at `path` under the build's products/. */
const builtSize = (...path: string[]) => statSync(join(inject('distDir'), 'products', ...path)).size;

type Fetched = { name: string; bytes: number; contentLength: string | undefined; vary: string | undefined };

/** Records every product picture `page` receives: its file name, the bytes of its body and its headers. */
function picturesReceived(page: Page): () => Promise<Fetched[]> {
  const received: Array<Promise<Fetched>> = [];
  page.on('response', (response) => {
    const name = PICTURE.exec(new URL(response.url()).pathname)?.[1];
    if (!name || response.status() !== 200) return;
    const headers = response.headers();
    received.push(
      response.body().then((body) => ({
        name,
        bytes: body.length,
        contentLength: headers['content-length'],
        vary: headers.vary,
      })),
    );
  });
  return () => Promise.all(received);
}

/** Collects the page's console errors and uncaught errors (a hydration mismatch is one). */
function errors(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(message.text());
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  return seen;
}

/** The URL paths of the product pictures in the page's main part. */
const picturesIn = (page: Page) =>
  page
    .locator('main img')
    .evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLImageElement).src).pathname))
    .then((srcs) => srcs.filter((src) => src.startsWith('/products/')));

/** The src of each product card's picture the page shows (a held one is inside <noscript>, not shown). */
const cardPictures = (page: Page) =>
  page
    .getByTestId('product-card')
    .locator('figure > img')
    .evaluateAll((nodes) => nodes.map((node) => new URL((node as HTMLImageElement).src).pathname));

describe('Save-Data on the first visit', () => {
  it.each([
    { saveData: true, copy: 'small', sizeOf: (name: string) => builtSize('small', name) },
    { saveData: false, copy: 'full', sizeOf: (name: string) => builtSize(name) },
  ])(
    'the prerendered /Shop gets the bytes of the $copy pictures (Save-Data: on is $saveData)',
    async ({ saveData, sizeOf }) => {
      const { page, context } = await browser.open(
        'about:blank',
        PHONE,
        saveData ? { extraHTTPHeaders: { 'Save-Data': 'on' } } : {},
      );
      const received = picturesReceived(page);
      await visit(page, browser.url('/Shop'));
      await page.getByTestId('product-card').first().locator('img').waitFor();
      await page.waitForLoadState('networkidle');
      const pictures = await received();
      // The first row's pictures at least, asked for by the prerendered HTML under their own URL.
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      for (const picture of pictures) {
        expect(builtSize('small', picture.name), picture.name).toBeLessThan(builtSize(picture.name));
        expect(picture.bytes, picture.name).toBe(sizeOf(picture.name));
        expect(picture.contentLength, picture.name).toBe(String(sizeOf(picture.name)));
        expect(picture.vary, picture.name).toMatch(/\bSave-Data\b/i);
      }
      // The app keeps the pictures' own URLs: the server alone tells the two apart.
      expect((await cardPictures(page)).every((src) => PICTURE.test(src))).toBe(true);
      await context.close();
    },
  );
});

const LANGUAGES = [
  { language: 'en', texts: en },
  { language: 'bn', texts: bn },
] as const;

describe('the Data saver switch', () => {
  it.each(LANGUAGES)(
    'is remembered across reloads and shows the small pictures in the shop, hydrated without a mismatch ($language)',
    async ({ language, texts }) => {
      const account = await newAccount(`Data Saver ${language}`);
      await placeOrderFor(account, 2);
      const { page, context } = await browser.open('/login', PHONE);
      await logIn(page, account);
      if (language === 'bn') {
        await page.getByRole('button', { name: 'বাংলা' }).click();
        await page.getByRole('button', { name: 'English' }).waitFor();
      }
      await visit(page, browser.url('/profile'));

      const toggle = page.getByRole('switch', { name: texts['offline.dataSaver.label'] });
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await page.getByText(texts['offline.dataSaver.help']).waitFor();
      // The whole row is the target: at least 44 px high.
      const row = await page.locator('label', { has: toggle }).boundingBox();
      expect(row?.height).toBeGreaterThanOrEqual(44);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(true);
      mkdirSync(SCREENSHOTS, { recursive: true });
      // The 390×844 screen a shopper sees, with the switch in its middle.
      await toggle.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      await page.screenshot({ path: `${SCREENSHOTS}/data-saver-${language}.png` });

      await page.reload();
      await expect.poll(() => toggle.isChecked()).toBe(true);

      // A new load of the prerendered /Shop: its HTML has the full pictures (the server cannot
      // know the switch), the hydrated app the small ones.
      const seen = errors(page);
      await visit(page, browser.url('/Shop'));
      const first = page.getByTestId('product-card').first().locator('figure > img');
      await expect
        .poll(() => first.evaluate((img) => new URL((img as HTMLImageElement).src).pathname))
        .toMatch(/^\/products\/small\/[^/]+\.webp$/);
      await expect
        .poll(() =>
          first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth),
        )
        .toBe(SMALL_WIDTH);
      const pictures = await cardPictures(page);
      expect(pictures.length).toBeGreaterThanOrEqual(2);
      expect(pictures.filter((src) => !src.startsWith('/products/small/'))).toEqual([]);
      // The card draws the square picture no larger than the small copy on this phone: sharp at DPR 1.
      const drawn = await first.evaluate((img) => Math.min(img.clientWidth, img.clientHeight));
      expect(drawn).toBeLessThanOrEqual(SMALL_WIDTH);
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(language);
      expect(seen).toEqual([]);

      // The cart's and My Orders' pictures too.
      await page.getByTestId('product-card').first().getByRole('button').click();
      await page.goto(browser.url('/cart'));
      await page.getByTestId('cart-row').first().waitFor();
      expect(await picturesIn(page)).toEqual([expect.stringMatching(/^\/products\/small\//)]);
      await page.goto(browser.url('/dashboard/my-orders'));
      await page.getByTestId('order-product').first().waitFor();
      const ordered = await picturesIn(page);
      expect(ordered.length).toBeGreaterThanOrEqual(2);
      expect(ordered.filter((src) => !src.startsWith('/products/small/'))).toEqual([]);

      // Off again, and still off after a reload.
      await visit(page, browser.url('/profile'));
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await page.reload();
      await page.getByText(texts['offline.dataSaver.help']).waitFor();
      expect(await toggle.isChecked()).toBe(false);
      await context.close();
    },
  );
});
