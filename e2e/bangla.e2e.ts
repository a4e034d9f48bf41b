/** The shop in Bangla (DESIGN.md §9), on a phone and on a desktop, with the real service worker. */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe';
import { scrollThrough, useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const BANGLA_HEADING = 'হাট থেকে তাজা, সোজা আপনার দরজায়';
const ENGLISH_HEADING = 'Fresh from the haat, to your door';
const BANGLA_DIGIT = /[০-৯]/;

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** Waits until the service worker controls the page (installed, precached, claimed after a reload). */
async function controlled(page: Page) {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** The product cards' names as shown. */
const cardNames = (page: Page) => page.getByTestId('product-card').locator('h2').allTextContents();

/** A full-page screenshot, all sections rendered. */
async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-bn-390.png`, fullPage: true });
}

describe('the shop in Bangla on a phone', () => {
  it('switches to Bangla and back, with Bangla digits and names, search, and the choice kept across reloads and offline', async () => {
    const { page, context } = await browser.open('/', PHONE, { isMobile: true, hasTouch: true });
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    expect(await lang(page)).toBe('en');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    expect(await lang(page)).toBe('bn');
    await page.getByRole('button', { name: 'English' }).waitFor();
    await screenshot(page, 'home');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The shop: Bangla names, ৳ and Bangla digits, search by the Bangla name and its romanisation.
    await page.goto(browser.url('/Shop'));
    await page.getByTestId('product-card').first().waitFor();
    const potato = page.getByTestId('product-card').filter({ has: page.locator('h2', { hasText: /^আলু$/ }) });
    expect(await potato.textContent()).toContain('৳৩০');
    for (const query of ['আলু', 'alu']) {
      await page.getByRole('searchbox').fill(query);
      await expect.poll(() => cardNames(page)).toEqual(['আলু', 'মিষ্টি আলু']);
    }
    await screenshot(page, 'shop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The cart, with the potato in it.
    await potato.getByRole('button').first().click();
    await page.goto(browser.url('/cart'));
    await page.getByText('আলু').first().waitFor();
    expect(await page.locator('main').textContent()).toMatch(BANGLA_DIGIT);
    await screenshot(page, 'cart');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Kept across a reload, and offline once the service worker has everything.
    await page.goto(browser.url('/'));
    await controlled(page);
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    expect(await lang(page)).toBe('bn');
    await context.setOffline(false);

    // And back to English, kept too.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    await page.getByRole('button', { name: 'বাংলা' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a first visit on a desktop', () => {
  it("follows the browser's language: Bangla first, then English", async () => {
    const bangla = await browser.open('/about', { width: 1280, height: 800 }, { locale: 'bn-BD' });
    await bangla.page.getByRole('heading', { name: 'আমাদের কথা' }).waitFor();
    expect(await lang(bangla.page)).toBe('bn');
    expect(await seriousA11yViolations(bangla.page)).toEqual([]);
    await bangla.context.close();

    const english = await browser.open('/about', { width: 1280, height: 800 }, { locale: 'en-GB' });
    await english.page.getByRole('heading', { name: 'About page' }).waitFor();
    expect(await lang(english.page)).toBe('en');
    await english.context.close();
  });
});
