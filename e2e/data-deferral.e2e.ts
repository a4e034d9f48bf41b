/**
 * What is below the first screen waits while the shop saves data (DESIGN.md §5, Data): with the
 * profile's Data saver switch on, the home page shows its first screen and a Show more button in
 * place of the sections below, and the shop shows its first cards and a Show more products button;
 * nothing is lost (a tap shows the rest, a search looks through the whole catalogue). With the
 * switch off, every section and card renders as before. In English and in Bangla.
 */
import type { Product } from '@contract/catalogue';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bn, en } from './support/catalogues';
import { api } from './support/api';
import { scrollThrough, useBrowser } from './support/browser';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const CATALOGUES = { en, bn } as const;
/** The cards the shop shows while saving data, until asked (product-grid.tsx FIRST_SCREEN_CARDS). */
const SAVING_DATA_CARDS = 6;
/** The smallest touch target (WCAG 2.5.5, the spec's 44 px). */
const TOUCH_TARGET = 44;

type Language = keyof typeof CATALOGUES;

/** A fresh page at `path` in `language` (the `locale` cookie), with the Data saver switch on or off. */
async function open(path: string, language: Language, dataSaver: boolean) {
  const { context } = await browser.open('/robots.txt', PHONE, { locale: language === 'bn' ? 'bn' : 'en-US' });
  await context.addCookies([{ name: 'locale', value: language, url: browser.url('/') }]);
  await context.addInitScript((on) => {
    if (on) localStorage.setItem('dataSaver', '1');
  }, dataSaver);
  const page = await context.newPage();
  await page.goto(browser.url(path));
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
  return { page, context };
}

/** The home page's headings of the sections below its first screen, as they are on the page now. */
const lowerHeadings = (page: Page, language: Language) =>
  page.getByRole('heading', { level: 2 }).filter({
    hasText: new RegExp(
      [
        CATALOGUES[language]['home.freshToday'],
        CATALOGUES[language]['home.kinds'],
        CATALOGUES[language]['home.newArrivals'],
      ]
        .map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('|'),
    ),
  });

const cards = (page: Page) => page.getByTestId('product-card');

describe.each(['en', 'bn'] as const)('data deferral (%s)', (language) => {
  const t = CATALOGUES[language];

  it('the home page shows its first screen and a Show more button while saving data; the rest comes when tapped', async () => {
    const { page, context } = await open('/', language, true);
    const showMore = page.getByRole('button', { name: t['home.showMore'], exact: true });
    await showMore.waitFor();
    const box = await showMore.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
    // The first screen is there, with the small pictures…
    await page.getByRole('heading', { name: t['home.bySeason'] }).waitFor();
    const seasonal = page.locator('section[aria-labelledby="seasonal-heading"] img');
    expect(await seasonal.evaluateAll((images) => images.map((image) => image.getAttribute('src')))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/products\/small\/.+\.webp$/)]),
    );
    // …and nothing below it, even scrolled to the end.
    await scrollThrough(page);
    expect(await lowerHeadings(page, language).count()).toBe(0);
    expect(await page.getByTestId('home-below-first-screen').count()).toBe(0);

    await showMore.click();
    await expect.poll(() => showMore.count()).toBe(0);
    await scrollThrough(page);
    await expect.poll(() => lowerHeadings(page, language).count()).toBe(3);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('the home page renders every section with the data saver off, and no Show more button', async () => {
    const { page, context } = await open('/', language, false);
    await scrollThrough(page);
    await expect.poll(() => lowerHeadings(page, language).count()).toBe(3);
    expect(await page.getByRole('button', { name: t['home.showMore'], exact: true }).count()).toBe(0);
    await context.close();
  });

  it('the shop shows its first cards and a Show more products button while saving data; a tap shows all, a search looks through all', async () => {
    const products = await api<Product[]>('/api/products');
    expect(products.length).toBeGreaterThan(SAVING_DATA_CARDS);
    const { page, context } = await open('/Shop', language, true);
    const showMore = page.getByRole('button', { name: t['shop.showMore'], exact: true });
    await showMore.waitFor();
    expect((await showMore.boundingBox())?.height).toBeGreaterThanOrEqual(TOUCH_TARGET);
    await expect.poll(() => cards(page).count()).toBe(SAVING_DATA_CARDS);
    await scrollThrough(page);
    expect(await cards(page).count()).toBe(SAVING_DATA_CARDS);

    await showMore.click();
    await expect.poll(() => cards(page).count()).toBe(products.length);
    expect(await showMore.count()).toBe(0);

    // A product well past the first cards is found by a search while saving data.
    const last = products[products.length - 1] as Product;
    const search = await open(`/Shop?q=${encodeURIComponent(last.name)}`, language, true);
    const name = (language === 'bn' && last.nameBn) || last.name;
    await expect.poll(() => cards(search.page).filter({ hasText: name }).count()).toBeGreaterThanOrEqual(1);
    await search.context.close();
    await context.close();
  });

  it('the shop shows every card with the data saver off, and no Show more products button', async () => {
    const products = await api<Product[]>('/api/products');
    const { page, context } = await open('/Shop', language, false);
    await expect.poll(() => cards(page).count()).toBe(products.length);
    expect(await page.getByRole('button', { name: t['shop.showMore'], exact: true }).count()).toBe(0);
    await context.close();
  });
});
