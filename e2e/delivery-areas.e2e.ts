/**
 * Delivery areas for the shopper (DESIGN.md §15), on a phone (390×844) and a tablet (1024×768),
 * in English and Bangla: the area chosen at checkout prices its fee in the summary and in the
 * placed order's total, and only its slots are offered; a cart below Savar's minimum order
 * (seed: fee 100 Tk, minimum 500 Tk, free from 2,000 Tk, the 09:00 and 15:00 runs) says how much
 * more, shows a progress bar and no checkout, offline too. Screenshots in /tmp/shots-areas/.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount } from './support/accounts';
import { ordersOf } from './support/api';
import { chooseArea } from './support/areas';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';

const browser = useBrowser();
const SHOTS = '/tmp/shots-areas';
mkdirSync(SHOTS, { recursive: true });

/** What the pages say, by language (the catalogues' words). */
const words = {
  en: {
    place: 'Place order',
    phone: 'Phone',
    address: 'Delivery address',
    search: 'Search areas in English or Bangla',
    savar: 'Savar',
    fee: '100 Tk',
    subtotal: '688 Tk',
    specFee: '80 Tk',
    more: '320 Tk more for Savar',
    checkout: 'Proceed To Checkout',
    deliveryTo: 'Delivery to Savar',
  },
  bn: {
    place: 'অর্ডার দিন',
    phone: 'ফোন',
    address: 'ডেলিভারির ঠিকানা',
    search: 'এলাকা খুঁজুন (বাংলা বা ইংরেজিতে)',
    savar: 'সাভার',
    fee: '৳১০০',
    subtotal: '৳৬৮৮',
    specFee: '৳৮০',
    more: 'সাভার-এ ডেলিভারির জন্য আরও ৳৩২০-এর পণ্য লাগবে',
    checkout: 'চেকআউটে যান',
    deliveryTo: 'ডেলিভারি এলাকা: সাভার',
  },
} as const;

/** Waits until the service worker controls the page (installed, precached, claimed after a reload). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** The start times (HH:MM, the shop's day) of the delivery slots checkout offers now. */
async function offeredStarts(page: Page): Promise<string[]> {
  const slots = page.getByTestId('delivery-slots').locator('input[name="deliverySlot"]');
  await slots.first().waitFor();
  const ids = await slots.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
  return [...new Set(ids.map((id) => id.slice(11, 16)))].sort();
}

describe.each([
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
])('delivery areas at $width×$height', (viewport) => {
  describe.each(['en', 'bn'] as const)('in %s', (lang) => {
    const say = words[lang];

    it('prices the area chosen at checkout, offers only its slots, and charges its fee in the order', async () => {
      const account = await newAccount(`Area Shopper ${lang} ${viewport.width}`);
      const { page, context } = await browser.open('/login', viewport);
      await logIn(page, account);
      await page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
      // 4 × 140 Tk = 560 Tk of goods: above Savar's 500 Tk minimum, below its free delivery.
      await fillCart(page, browser.url('/api/products'), [['Himsagar Mango', 4]]);
      await page.goto(browser.url('/checkout'));
      await page.getByTestId('summary-shipping').waitFor();
      // No area yet: the spec's fee (80 Tk above 200 Tk of goods), and every slot of the day.
      expect(await page.getByTestId('summary-shipping').textContent()).toBe(say.specFee);
      await chooseArea(page, 'dhanmondi');
      await expect.poll(() => offeredStarts(page)).not.toEqual(['09:00', '15:00']);

      // Found by its name in the language shown; Enter in the search chooses it.
      await page.getByLabel(say.search).fill(say.savar);
      await page.getByLabel(say.search).press('Enter');
      expect(await page.getByTestId('area-picker').locator('select').inputValue()).toBe('savar');
      await expect.poll(() => page.getByTestId('summary-shipping').textContent()).toBe(say.fee);
      expect(await page.getByTestId('summary-subtotal').textContent()).toBe(say.subtotal);
      await expect.poll(() => offeredStarts(page)).toEqual(['09:00', '15:00']);

      await page.getByLabel(say.phone).fill('01711-223344');
      await page.getByLabel(say.address).fill('House 9, Road 3, Bank Colony');
      await page.getByLabel(lang === 'en' ? 'Landmark (optional)' : 'কাছের চেনা জায়গা (ঐচ্ছিক)').fill('Savar bus stand');
      expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/checkout-savar-${lang}-${viewport.width}.png`, fullPage: true });
      await page.getByRole('button', { name: say.place }).click();
      await page.waitForURL(browser.url('/dashboard/my-orders'));
      const [order] = await ordersOf(account);
      expect(order).toMatchObject({ areaId: 'savar', shipping: 100, totalAmount: 688, phone: '+8801711223344' });
      expect(order?.address).toContain('House 9, Road 3, Bank Colony');
      expect(['09:00', '15:00']).toContain(order?.deliverySlot?.start.slice(11, 16));
      // The cart prices the area chosen at checkout from now on.
      expect(await page.evaluate(() => localStorage.getItem('deliveryArea'))).toBe('savar');
      await context.close();
    });

    it('below Savar’s minimum the cart says how much more, with a progress bar and no checkout, offline too', async () => {
      const { page, context } = await browser.open('/', viewport);
      await page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
      await controlled(page);
      // 2 × 90 Tk = 180 Tk of goods: 320 Tk short of Savar's 500 Tk.
      await fillCart(page, browser.url('/api/products'), [['Tomato', 2]]);
      await page.goto(browser.url('/cart'));
      await chooseArea(page, 'savar');
      const below = page.getByTestId('cart-below-minimum');
      await below.getByText(say.more).waitFor();
      expect(await page.getByTestId('cart-area').textContent()).toBe(say.deliveryTo);
      expect(await below.locator('progress').evaluate((bar: HTMLProgressElement) => [bar.value, bar.max])).toEqual([
        180, 500,
      ]);
      expect(await page.getByRole('link', { name: say.checkout }).count()).toBe(0);
      expect(await page.getByTestId('summary-shipping').textContent()).toBe(say.fee);
      expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/cart-below-minimum-${lang}-${viewport.width}.png`, fullPage: true });

      // Offline: the area and its minimum are still known (kept by the service worker and the query cache).
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('cart-below-minimum').getByText(say.more).waitFor();
      expect(await page.getByRole('link', { name: say.checkout }).count()).toBe(0);
      await page.screenshot({
        path: `${SHOTS}/cart-below-minimum-offline-${lang}-${viewport.width}.png`,
        fullPage: true,
      });
      // Enough for the minimum (6 × 90 Tk = 540 Tk): checkout is offered again.
      await fillCart(page, browser.url('/api/products'), [['Tomato', 6]]);
      await page.reload();
      await page.getByRole('link', { name: say.checkout }).waitFor();
      expect(await page.getByTestId('cart-below-minimum').count()).toBe(0);
      await context.close();
    });
  });
});
