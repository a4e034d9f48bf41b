/**
 * Buying as Dhaka buys (DESIGN.md §4 "Units"): 2 × 250 g of green chillies and a bundle of
 * spinach, from the product card through the cart, checkout and My Orders to the admin's order
 * details and packing slip — on a phone and on a tablet, and once in Bangla. Screenshots of the
 * cards, the cart and the slip at 390×844 in both languages go to test-results/screenshots.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount, type Account } from './support/accounts';
import { ordersOf } from './support/api';
import { visit, useBrowser } from './support/browser';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };

/** What the shopper reads, in each language. */
const texts = {
  en: {
    chili: 'Green Chili Pack',
    spinach: 'Spinach Bundle (Palong Shak)',
    chiliSearch: 'chili',
    spinachSearch: 'spinach',
    chiliPrice: '30 Tk / 250 g',
    spinachPrice: '20 Tk / bundle',
    twoPacks: '2 × 250 g',
    oneBundle: '1 bundle',
    add: (name: string) => `Add to cart: ${name}`,
    increase: (name: string) => `Increase ${name}`,
    lineTotals: ['60 Tk', '20 Tk'],
    summary: ['80 Tk', '40 Tk', '4 Tk', '124 Tk'],
    phone: 'Phone',
    address: 'Delivery address',
    place: 'Place order',
    placed: 'Order Successful',
    chiliLine: 'Green Chili Pack · 2 × 250 g',
    spinachLine: 'Spinach Bundle (Palong Shak) · 1 bundle',
    total: '124 Tk',
  },
  bn: {
    chili: 'কাঁচা মরিচ প্যাকেট',
    spinach: 'পালং শাক আঁটি',
    chiliSearch: 'মরিচ',
    spinachSearch: 'আঁটি',
    chiliPrice: '৳৩০ / ২৫০ গ্রাম',
    spinachPrice: '৳২০ / আঁটি',
    twoPacks: '২ × ২৫০ গ্রাম',
    oneBundle: '১ আঁটি',
    add: (name: string) => `কার্টে যোগ করুন: ${name}`,
    increase: (name: string) => `${name} বাড়ান`,
    lineTotals: ['৳৬০', '৳২০'],
    summary: ['৳৮০', '৳৪০', '৳৪', '৳১২৪'],
    phone: 'ফোন',
    address: 'ডেলিভারির ঠিকানা',
    place: 'অর্ডার দিন',
    placed: 'অর্ডার সফল হয়েছে',
    chiliLine: 'কাঁচা মরিচ প্যাকেট · ২ × ২৫০ গ্রাম',
    spinachLine: 'পালং শাক আঁটি · ১ আঁটি',
    total: '৳১২৪',
  },
} as const;
type Language = keyof typeof texts;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The product card named exactly `name`. */
const card = (page: Page, name: string) =>
  page.getByTestId('product-card').filter({ has: page.locator('h2', { hasText: new RegExp(`^${escape(name)}$`) }) });

/** A screenshot once the toasts have gone and the pictures in view have loaded. */
async function screenshot(page: Page, name: string, fullPage = true) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
  await page.waitForFunction(() =>
    [...document.images]
      .filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > 0 && box.top < innerHeight && box.width > 0;
      })
      .every((img) => img.complete && img.naturalWidth > 0),
  );
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage });
}

/** True when nothing makes the page scroll sideways. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);

/** A page signed in as `account`, in `language` (switched in the header after signing in, as a shopper would). */
async function signedIn(account: Account, viewport: { width: number; height: number }, language: Language) {
  const phone = viewport.width < 768;
  const handle = await browser.open('/login', viewport, phone ? { isMobile: true, hasTouch: true } : {});
  await logIn(handle.page, account);
  if (language === 'bn') {
    await handle.page.getByRole('button', { name: 'বাংলা' }).first().click();
    await handle.page.waitForFunction(() => document.documentElement.lang === 'bn');
  }
  return handle;
}

/** Finds `name` with the shop's search and puts `units` of it in the cart from its card; returns the card. */
async function buyFromCard(page: Page, language: Language, search: string, name: string, units: number) {
  const t = texts[language];
  await page.getByRole('searchbox').fill(search);
  const found = card(page, name);
  await found.waitFor();
  await found.getByRole('button', { name: t.add(name), exact: true }).click();
  for (let unit = 1; unit < units; unit += 1)
    await found.getByRole('button', { name: t.increase(name), exact: true }).click();
  return found;
}

/**
 * The whole purchase in `language` at `viewport`: cards, cart, checkout, My Orders, then the
 * admin's order details and packing slip. `shots` names the screenshots (none when undefined).
 */
async function buyChilliesAndSpinach(
  viewport: { width: number; height: number },
  language: Language,
  shots?: string,
): Promise<void> {
  const t = texts[language];
  const customer = await newAccount(`Unit Shopper ${language}`);
  const admin = await newAccount(`Unit Admin ${language}`, { admin: true });
  const { page, context } = await signedIn(customer, viewport, language);

  // The cards: the price per sale unit, and the stepper in sale units.
  await visit(page, browser.url('/Shop'));
  const chili = await buyFromCard(page, language, t.chiliSearch, t.chili, 2);
  expect(await chili.getByTestId('product-price').textContent()).toBe(t.chiliPrice);
  expect(await chili.getByTestId('cart-quantity').textContent()).toBe(t.twoPacks);
  const spinach = await buyFromCard(page, language, t.spinachSearch, t.spinach, 1);
  expect(await spinach.getByTestId('product-price').textContent()).toBe(t.spinachPrice);
  expect(await spinach.getByTestId('cart-quantity').textContent()).toBe(t.oneBundle);
  if (shots) {
    // The grid where the products sold other than by the kg begin (they end the catalogue).
    await page.getByRole('searchbox').fill('');
    await card(page, t.chili).evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await page.evaluate(() => window.scrollBy(0, -72)); // below the sticky header
    await screenshot(page, `${shots}-cards`, false);
  }
  expect(await noSidewaysScroll(page)).toBe(true);

  // The cart: each line in its unit, at its price per unit; totals by the one pricing rule.
  await page.goto(browser.url('/cart'));
  await page.getByTestId('cart-row').first().waitFor();
  expect(await page.getByTestId('cart-quantity').allTextContents()).toEqual([t.twoPacks, t.oneBundle]);
  expect(await page.getByTestId('cart-unit-price').allTextContents()).toEqual([t.chiliPrice, t.spinachPrice]);
  expect(await page.getByTestId('cart-line-total').allTextContents()).toEqual(t.lineTotals);
  expect(await noSidewaysScroll(page)).toBe(true);
  if (shots) await screenshot(page, `${shots}-cart`);

  // Checkout: the lines in their units and the total the server will charge.
  await page.goto(browser.url('/checkout'));
  await page.getByTestId('checkout-line').first().waitFor();
  expect(await page.getByTestId('checkout-line-quantity').allTextContents()).toEqual([t.twoPacks, t.oneBundle]);
  expect(
    await Promise.all(
      ['summary-total', 'summary-shipping', 'summary-tax', 'summary-subtotal'].map((id) =>
        page.getByTestId(id).textContent(),
      ),
    ),
  ).toEqual(t.summary);
  await page.getByLabel(t.phone).fill('01711-223344');
  await page.getByLabel(t.address).fill('House 5, Road 8, Dhanmondi, Dhaka');
  await chooseArea(page, 'dhanmondi');
  await page.getByRole('button', { name: t.place }).click();
  await page.locator('[data-sonner-toast]', { hasText: t.placed }).first().waitFor();

  // My Orders: the lines in their units.
  await page.waitForURL(browser.url('/dashboard/my-orders'));
  const mine = page.getByTestId('my-order').first();
  await mine.waitFor();
  expect(await mine.getByTestId('order-product').allTextContents()).toEqual([t.chiliLine, t.spinachLine]);
  expect(await mine.textContent()).toContain(t.total);
  const [order] = await ordersOf(customer);
  expect(
    order?.orderedProduct.map(({ name, unit, unitSize, cartQuantity }) => [name, unit, unitSize, cartQuantity]),
  ).toEqual([
    ['Green Chili Pack', 'g', 250, 2],
    ['Spinach Bundle (Palong Shak)', 'bundle', 1, 1],
  ]);
  expect(order?.totalAmount).toBe(124);
  await context.close();

  // The admin's order details and its packing slip.
  const asAdmin = await signedIn(admin, viewport, language);
  await asAdmin.page.goto(browser.url(`/dashboard/manage-orders/${order?._id}`));
  const lines = asAdmin.page.getByTestId('order-line-quantity').filter({ visible: true });
  await lines.first().waitFor();
  expect(await lines.allTextContents()).toEqual([t.twoPacks, t.oneBundle]);
  expect(await asAdmin.page.getByTestId('order-line-price').filter({ visible: true }).allTextContents()).toEqual([
    t.chiliPrice,
    t.spinachPrice,
  ]);
  expect(await noSidewaysScroll(asAdmin.page)).toBe(true);
  if (shots) await screenshot(asAdmin.page, `${shots}-order-details`);
  await asAdmin.page.emulateMedia({ media: 'print' });
  const slip = asAdmin.page.getByTestId('packing-slip');
  await slip.waitFor();
  const slipText = (await slip.textContent()) ?? '';
  for (const part of [t.twoPacks, t.oneBundle, t.chiliPrice, t.spinachPrice, t.total]) expect(slipText).toContain(part);
  if (shots) await screenshot(asAdmin.page, `${shots}-packing-slip`);
  await asAdmin.context.close();
}

describe('buying in sale units', () => {
  it('buys 2 × 250 g of green chillies and a bundle of spinach on a phone (390×844), end to end', async () => {
    await buyChilliesAndSpinach(PHONE, 'en', 'sale-units-en-390');
  });

  it('buys them on a tablet (1024×768), end to end', async () => {
    await buyChilliesAndSpinach(TABLET, 'en');
  });

  it('buys them in Bangla on a phone, every unit in Bangla with Bangla digits', async () => {
    await buyChilliesAndSpinach(PHONE, 'bn', 'sale-units-bn-390');
  });
});
