/**
 * A shopper's phone (390×844, touch) in Chromium: the shop in two compact columns with four whole
 * cards in view; the card's quantity stepper with the spec's toasts; the cart bar (count, total,
 * where it hides, nothing behind it); a home page that stays short; Order again from My Orders at
 * today's prices, skipping what is out of stock or gone; an order's tracking timeline; a new page
 * opening at its top (after Place order too, in both languages) and Back returning to where the
 * shopper was. Stock and
 * prices are set through the API as an admin and put back; the products changed here are changed
 * by no other file (Kiwi, Fuji Apple, and one this file adds).
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { bn, en } from './support/catalogues';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs, productNamed } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { visit, scrollThrough, useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const TOUCH = { isMobile: true, hasTouch: true };
const DESKTOP = { width: 1280, height: 800 };

let admin: Account | undefined;
/** Calls the API as an admin. */
async function asAdmin<T>(path: string, method: string, body?: unknown): Promise<T> {
  admin ??= await newAccount('Phone Admin', { admin: true });
  return apiAs<T>(admin, method, path, body);
}

const restore: Array<() => Promise<unknown>> = [];
/** Changes a product as an admin would (PUT /api/products/update/:id); afterEach puts it back. */
async function updateProduct(name: string, change: { inStock?: boolean; price?: number }) {
  const product = await productNamed(name);
  restore.push(() => asAdmin(`/api/products/update/${product._id}`, 'PUT', { inStock: true, price: product.price }));
  await asAdmin(`/api/products/update/${product._id}`, 'PUT', change);
}
afterEach(async () => {
  for (const undo of restore.splice(0)) await undo();
});

/** Waits for the toast saying `text`. */
const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text }).last().waitFor();

/** Scrolls so `target`'s top is just below the sticky header. */
async function scrollBelowHeader(page: Page, target: Locator) {
  const header = (await page.locator('header').boundingBox())?.height ?? 0;
  await target.evaluate(
    (el, offset) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - offset),
    header,
  );
  return header;
}

/** Saves a picture for a look by eye: the viewport, all of the page, or one element. */
async function screenshot(target: Page | Locator, name: string, fullPage = false) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: `${SCREENSHOTS}/${name}.png`, ...('goto' in target ? { fullPage } : {}) });
}

describe('the shop on a phone', () => {
  it('shows two columns, and four whole cards once the grid is scrolled to the top', async () => {
    const { page, context } = await browser.open('/Shop', PHONE, TOUCH);
    const cards = page.getByTestId('product-card');
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6);
    const lefts = await cards.evaluateAll((els) =>
      els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().left)),
    );
    expect(new Set(lefts).size).toBe(2);
    await screenshot(page, 'shop-390');
    const header = await scrollBelowHeader(page, page.getByTestId('product-grid'));
    for (const card of (await cards.all()).slice(0, 4)) {
      const box = (await card.boundingBox()) as { x: number; y: number; width: number; height: number };
      expect(box.y).toBeGreaterThanOrEqual(header - 1);
      expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await screenshot(page, 'shop-grid-390');
    await context.close();
  });

  it.each([
    ['390', PHONE, TOUCH],
    ['1280', DESKTOP, {}],
  ] as const)(
    'turns Add to cart into a − {n} Kg + stepper with 44 px buttons and the spec’s toasts (%s px)',
    async (width, viewport, options) => {
      const { page, context } = await browser.open('/Shop', viewport, options);
      const card = page.getByTestId('product-card').filter({ hasText: 'Tomato' });
      await scrollBelowHeader(page, card);
      await card.getByRole('button', { name: 'Add to cart: Tomato' }).click();
      await toast(page, 'Tomato added to cart');
      const decrease = card.getByRole('button', { name: 'Decrease Tomato' });
      const increase = card.getByRole('button', { name: 'Increase Tomato' });
      expect(await card.getByTestId('cart-quantity').textContent()).toBe('1 Kg');
      for (const button of [decrease, increase]) {
        const box = (await button.boundingBox()) as { width: number; height: number };
        expect(box.width).toBeGreaterThanOrEqual(44);
        expect(box.height).toBeGreaterThanOrEqual(44);
      }
      // The keyboard focus follows the Add to cart button, which the stepper replaces, to the stepper's +.
      expect(await increase.evaluate((el) => el === document.activeElement)).toBe(true);

      await increase.click();
      await toast(page, 'Increased Tomato Quantity');
      expect(await card.getByTestId('cart-quantity').textContent()).toBe('2 Kg');
      await screenshot(card, `card-stepper-${width}`);
      expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
      await decrease.click();
      await toast(page, 'Tomato decreases quantity');
      expect(await card.getByTestId('cart-quantity').textContent()).toBe('1 Kg');
      await decrease.click();
      await toast(page, 'Tomato removed from cart');
      await card.getByRole('button', { name: 'Add to cart: Tomato' }).waitFor();
      expect(await decrease.count()).toBe(0);
      await context.close();
    },
  );
});

describe('the cart bar', () => {
  it('shows the badge’s count and the cart total, above the page’s end, and opens the cart', async () => {
    const { page, context } = await browser.open('/Shop', PHONE, TOUCH);
    const bar = page.getByTestId('cart-bar');
    expect(await bar.count()).toBe(0);
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.getByRole('button', { name: 'Increase Potato (Alu)' }).click();
    await page.getByRole('button', { name: 'Add to cart: Deshi Onion (Peyaj)' }).click();
    // Sonner loads with the first toast: on a slow machine the toasts show after the bar does.
    await toast(page, 'Deshi Onion (Peyaj) added to cart');
    const [potato, onion] = [await productNamed('Potato (Alu)'), await productNamed('Deshi Onion (Peyaj)')];
    await bar.getByText(`3 items · ${potato.price * 2 + onion.price} Tk`).waitFor();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('3');
    const box = (await bar.boundingBox()) as { y: number; height: number };
    expect(box.y + box.height).toBe(PHONE.height);

    // Nothing hides behind it: at the page's end the footer's last line is above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // In whole pixels, rounded down: the grid's rows are fractional (4:3 pictures), so with some
    // numbers of cards the page is up to a pixel taller than the browser scrolls — unseen.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Math.floor(document.querySelector('footer')?.lastElementChild?.getBoundingClientRect().bottom ?? Infinity),
        ),
      )
      .toBeLessThanOrEqual(box.y);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'cart-bar-390');

    await bar.getByRole('link', { name: 'View cart' }).click();
    await page.waitForURL(browser.url('/cart'));
    await page.getByRole('heading', { name: 'Your Cart : 2' }).waitFor();
    expect(await bar.count()).toBe(0);
    await context.close();
  });

  it('is not on checkout or the dashboard, nor on screens 1024 px and wider', async () => {
    const account = await newAccount('Bar Watcher');
    const { page, context } = await browser.open('/Shop', PHONE, TOUCH);
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.getByTestId('cart-bar').waitFor();
    await logIn(page, account);
    for (const path of ['/checkout', '/dashboard/my-orders', '/dashboard']) {
      await page.goto(browser.url(path));
      await page.getByRole('heading').first().waitFor();
      expect(await page.getByTestId('cart-bar').count(), path).toBe(0);
    }
    await visit(page, browser.url('/'));
    await page.getByTestId('cart-bar').waitFor();
    await context.close();

    const wide = await browser.open('/Shop', { width: 1024, height: 800 });
    await wide.page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await wide.page.getByRole('button', { name: 'Increase Potato (Alu)' }).waitFor();
    expect(await wide.page.getByTestId('cart-bar').isVisible()).toBe(false);
    await wide.page.setViewportSize(DESKTOP);
    expect(await wide.page.getByTestId('cart-bar').isVisible()).toBe(false);
    await wide.page.setViewportSize({ width: 1023, height: 800 });
    await wide.page.getByTestId('cart-bar').waitFor({ state: 'visible' });
    await wide.context.close();
  });
});

describe('the home page on a phone', () => {
  it('is shorter than 6,000 px once every section has rendered, New Arrivals in two columns', async () => {
    const { page, context } = await browser.open('/', PHONE, TOUCH);
    await scrollThrough(page);
    await page.locator('#new-arrivals-heading').waitFor();
    await scrollThrough(page);
    const cards = page.locator('section[aria-labelledby="new-arrivals-heading"]').getByTestId('product-card');
    await expect.poll(() => cards.count()).toBe(8);
    const lefts = await cards.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(2);
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(6000);
    await screenshot(page, 'home-390', true);
    await context.close();
  });
});

describe('My Orders on a phone', () => {
  it('orders again at today’s prices, naming the products out of stock or gone, and opens the cart', async () => {
    const customer = await newAccount('Again Shopper');
    const gone = await asAdmin<Product>('/api/products', 'POST', {
      name: 'Again Okra',
      price: 40,
      image: '/products/carrot.webp',
      category: 'vegetable',
    });
    const [apple, kiwi] = [await productNamed('Fuji Apple'), await productNamed('Kiwi')];
    await placeOrderFor(customer, [
      { _id: apple._id, cartQuantity: 3 },
      { _id: gone._id, cartQuantity: 2 },
      { _id: kiwi._id, cartQuantity: 1 },
    ]);
    await asAdmin(`/api/products/${gone._id}`, 'DELETE');
    await updateProduct('Kiwi', { inStock: false });
    await updateProduct('Fuji Apple', { price: apple.price + 10 });

    const { page, context } = await browser.open('/login', PHONE, TOUCH);
    await logIn(page, customer);
    await page.goto(browser.url('/dashboard/my-orders'));
    const order = page.getByTestId('my-order').first();
    await order.getByRole('button', { name: 'Order again' }).click();
    await page.waitForURL(browser.url('/cart'));
    await toast(page, 'Fuji Apple added to cart. Out of stock or no longer sold: Again Okra, Kiwi');
    expect(await page.getByTestId('cart-row').allTextContents()).toHaveLength(1);
    expect(await page.getByTestId('cart-quantity').allTextContents()).toEqual(['3 Kg']);
    expect(await page.getByTestId('cart-line-total').allTextContents()).toEqual([`${(apple.price + 10) * 3} Tk`]);
    await context.close();
  });

  it('tracks an order from Pending to Delivered with the times, and shows its delivery slot', async () => {
    const customer = await newAccount('Tracked Shopper');
    const { _id } = await productNamed('Pineapple (Anaros)');
    const order = await placeOrderFor(customer, [{ _id, cartQuantity: 2 }]);
    const { page, context } = await browser.open('/login', PHONE, TOUCH);
    await logIn(page, customer);
    await page.goto(browser.url('/dashboard/my-orders'));
    const timeline = page.getByTestId('my-order').first().getByTestId('order-timeline');
    await timeline.waitFor();
    expect(
      await timeline
        .locator('li')
        .evaluateAll((items) => items.map((li) => [li.textContent, li.getAttribute('data-reached')])),
    ).toEqual([
      [expect.stringMatching(/^Pending/), 'true'],
      ['Approved', 'false'],
      ['Packed', 'false'],
      ['Out for delivery', 'false'],
      ['Delivered', 'false'],
    ]);

    for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
      await asAdmin(`/api/orders/update/${order._id}`, 'PUT', { orderStatus });
    await page.reload();
    // Sent out unpacked, it was packed as ordered on the way: Packed has its time too (DESIGN.md §17).
    await timeline.locator('li[data-reached="true"]').nth(4).waitFor();
    expect(await timeline.locator('time').count()).toBe(5);
    expect(await timeline.locator('[aria-current="step"]').textContent()).toMatch(/^Delivered/);
    expect(await page.getByTestId('my-order').first().getByTestId('delivery-slot').textContent()).toMatch(
      /^Delivery: /,
    );
    // Delivered: nothing to cancel, so no (disabled) cancel button; Order again stays, and for 48 h
    // a problem can be reported (DESIGN.md §19).
    expect(await page.getByTestId('my-order').first().getByRole('button').allTextContents()).toEqual([
      'Order again',
      'Report a problem',
    ]);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-390', true);
    await context.close();

    const desktop = await browser.open('/login', DESKTOP);
    await logIn(desktop.page, customer);
    await desktop.page.goto(browser.url('/dashboard/my-orders'));
    await desktop.page.getByTestId('order-timeline').locator('[aria-current="step"]').waitFor();
    await screenshot(desktop.page, 'my-orders-1280');
    await desktop.context.close();
  });
});

/** How far the page is scrolled. */
const scrolled = (page: Page) => page.evaluate(() => window.scrollY);

describe('a new page on a phone', () => {
  it.each(['en', 'bn'] as const)(
    'opens at its top after Place order (%s): My Orders shows the order, not the footer',
    async (language) => {
      const words = language === 'bn' ? bn : en;
      const customer = await newAccount(`Scroll Shopper ${language}`);
      const { page, context } = await browser.open('/login', PHONE, TOUCH);
      await logIn(page, customer);
      if (language === 'bn') {
        await page.getByRole('button', { name: 'বাংলা' }).click();
        await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('bn');
      }
      await fillCart(page, browser.url('/api/products'), [
        ['Carrot (Gajor)', 2],
        ['Tomato', 1],
      ]);
      await page.goto(browser.url('/checkout'));
      await page.getByLabel(words['contact.phone']).fill('01711-000000');
      await page.getByLabel(words['checkout.address']).fill('House 7, Road 2, Mirpur 10, Dhaka');
      await chooseArea(page, 'dhanmondi');
      const place = page.getByRole('button', { name: words['checkout.place'] });
      // On a phone the button is far down the form: the shopper has scrolled to it.
      await place.scrollIntoViewIfNeeded();
      expect(await scrolled(page)).toBeGreaterThan(300);
      await place.click();
      await page.locator('[data-sonner-toast]', { hasText: words['order.successful'] }).first().waitFor();
      await page.waitForURL(browser.url('/dashboard/my-orders'));
      const order = page.getByTestId('my-order').first();
      await order.waitFor();
      expect(await scrolled(page)).toBe(0);
      const box = (await order.boundingBox()) as { y: number; height: number };
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(PHONE.height / 2);
      await screenshot(page, `my-orders-after-place-order-${language}-390`);
      await context.close();
    },
  );

  it('opens at its top after signing in: the checkout the shopper was sent to sign in for', async () => {
    const customer = await newAccount('Scroll Signer');
    const { page, context } = await browser.open('/Shop', PHONE, TOUCH);
    await page.getByTestId('product-card').first().getByRole('button').click();
    await page.getByTestId('cart-badge').filter({ hasText: /^1$/ }).waitFor();
    await page.goto(browser.url('/checkout'));
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Password').fill(customer.password);
    // The shopper has scrolled down the sign-in screen to its button.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await scrolled(page)).toBeGreaterThan(100);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(browser.url('/checkout'));
    await page.getByRole('button', { name: en['checkout.place'] }).waitFor();
    expect(await scrolled(page)).toBe(0);
    await context.close();
  });

  it('opens at its top from a link at the foot of the shop, and Back returns to where the shopper was', async () => {
    const { page, context } = await browser.open('/Shop', PHONE, TOUCH);
    await expect.poll(() => page.getByTestId('product-card').count()).toBeGreaterThanOrEqual(36);
    const about = page.locator('footer').getByRole('link', { name: en['footer.aboutUs'] });
    await about.scrollIntoViewIfNeeded();
    const there = await scrolled(page);
    expect(there).toBeGreaterThan(2000);
    await about.click();
    await page.waitForURL(browser.url('/about'));
    await page.getByRole('heading', { name: en['about.heading'] }).waitFor();
    expect(await scrolled(page)).toBe(0);
    await page.goBack();
    await page.waitForURL(browser.url('/Shop'));
    // Where it was: the link the shopper tapped is on the screen again. (The scroll offset itself
    // may move by a card's height as cards above are drawn and the browser anchors the view.)
    const onScreen = async () => {
      const box = await about.boundingBox();
      return box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;
    };
    await expect.poll(onScreen, { timeout: 5000 }).toBe(true);
    expect(Math.abs((await scrolled(page)) - there)).toBeLessThan(PHONE.height);
    await page.goForward();
    await page.waitForURL(browser.url('/about'));
    await expect.poll(() => scrolled(page)).toBe(0);
    await context.close();
  });
});
