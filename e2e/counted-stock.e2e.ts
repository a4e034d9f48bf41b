/**
 * Counted stock (DESIGN.md §4) in Chromium at 390×844: the admin sets a product's units in
 * Manage Products, the card says "Only 3 left", an order for 5 is refused naming the 3 left, and
 * "Send 3" puts 3 back in the cart for checkout, which places it; once in Bangla. The admin's −/+ change the server's count (an order
 * placed while the screen shows an older count is not lost). Stock is always put back to not
 * counted, and the products used here are used by no other file.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs, ordersOf, productNamed } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };

let admin: Account | undefined;
const adminAccount = async () => (admin ??= await newAccount('Stock Counter', { admin: true }));
const counted = new Set<string>();
/** Sets a product's counted units through the API (null: not counted); afterEach stops counting. */
async function setStock(name: string, stock: number | null) {
  const { _id } = await productNamed(name);
  counted.add(name);
  await apiAs(await adminAccount(), 'PUT', `/api/products/update/${_id}`, { stock });
}
afterEach(async () => {
  for (const name of [...counted]) await setStock(name, null);
  counted.clear();
});

/** The product's units as the API's catalogue says (it may answer from a cache for a second). */
const stockOf = async (name: string) => (await productNamed(name)).stock;

/** Saves a picture of `target` for a look by eye. */
async function screenshot(target: Locator, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: `${SCREENSHOTS}/${name}-390.png` });
}

/** A new shopper, signed in at 390×844. */
async function shopper(name: string) {
  const account = await newAccount(name);
  const { page, context } = await browser.open('/login', PHONE);
  await logIn(page, account);
  return { account, page, context };
}

/** Puts `quantity` of a product in the cart: its card's Add to cart (the shop showing it), then the cart's +. */
async function addToCart(page: Page, addLabel: string, increaseLabel: string, quantity: number) {
  await page.getByRole('button', { name: addLabel }).click();
  await page.goto(browser.url('/cart'));
  for (let i = 1; i < quantity; i += 1) await page.getByRole('button', { name: increaseLabel }).click();
}

describe('counted stock', () => {
  it('the admin sets 3 in Manage Products; the card says Only 3 left; an order for 5 is refused and Send 3 places 3', async () => {
    const { page: adminPage, context: adminContext } = await browser.open('/login', PHONE);
    await logIn(adminPage, await adminAccount());
    counted.add('Capsicum');
    await adminPage.goto(browser.url('/dashboard/manage-products'));
    const row = adminPage.getByTestId('product-row').filter({ hasText: 'Capsicum' });
    const units = row.getByRole('spinbutton', { name: 'Units in stock: Capsicum' });
    await units.fill('2');
    await units.press('Enter');
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(2);
    const more = row.getByRole('button', { name: 'One more: Capsicum' });
    const box = await more.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await more.click();
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(3);
    expect(await units.inputValue()).toBe('3');
    expect(await seriousA11yViolationsWithoutToasts(adminPage)).toEqual([]);
    await adminContext.close();

    const { account, page, context } = await shopper('Last Capsicums');
    await page.goto(browser.url('/Shop?q=Capsicum'));
    const card = page.getByTestId('product-card').filter({ hasText: 'Capsicum' });
    await card.getByText('Only 3 left').waitFor();
    await screenshot(card, 'card-only-3-left');
    await addToCart(page, 'Add to cart: Capsicum', 'Increase Capsicum', 5);
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const refused = page.getByTestId('unsent-order').filter({ hasText: 'Not sent' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('Out of stock: Capsicum (only 3 left)');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(refused, 'my-orders-send-3');
    expect(await ordersOf(account)).toEqual([]);

    // The refused order keeps no phone or address: the 3 go through checkout again.
    await refused.getByRole('button', { name: 'Send 3' }).click();
    await page.waitForURL(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('unsent-order').count()).toBe(0);
    const orders = await ordersOf(account);
    expect(orders.map((o) => o.orderedProduct.map((l) => [l.name, l.cartQuantity]))).toEqual([[['Capsicum', 3]]]);
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(0);
    await page.goto(browser.url('/Shop?q=Capsicum'));
    await page.getByTestId('product-card').filter({ hasText: 'Capsicum' }).getByText('Out of stock').waitFor();
    await context.close();
  }, 90_000);

  it("the admin's − and + change the server's count: an order placed while the screen shows 5 is not lost", async () => {
    await setStock('Capsicum', 5);
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(5);
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, await adminAccount());
    await page.goto(browser.url('/dashboard/manage-products'));
    const row = page.getByTestId('product-row').filter({ hasText: 'Capsicum' });
    const units = row.getByRole('spinbutton', { name: 'Units in stock: Capsicum' });
    await expect.poll(() => units.inputValue(), { timeout: 10_000 }).toBe('5');
    // A shopper orders 2 while the admin's screen still shows 5.
    const { _id } = await productNamed('Capsicum');
    await placeOrderFor(await newAccount('Capsicum Buyer'), [{ _id, cartQuantity: 2 }]);
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(3);
    expect(await units.inputValue()).toBe('5');
    // One fewer than the server has (3 − 1), not than the screen showed (5 − 1).
    await row.getByRole('button', { name: 'One fewer: Capsicum' }).click();
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(2);
    await expect.poll(() => units.inputValue(), { timeout: 10_000 }).toBe('2');
    // Two quick taps both count.
    const more = row.getByRole('button', { name: 'One more: Capsicum' });
    await more.click();
    await more.click();
    await expect.poll(() => stockOf('Capsicum'), { timeout: 10_000 }).toBe(4);
    await expect.poll(() => units.inputValue(), { timeout: 10_000 }).toBe('4');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    // Manage Products as it looks, in English and Bangla, on a phone and a small laptop (loaded
    // at that size: a resize mid-page catches the side menu sliding).
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const [language, productName] of [
      ['en', 'Capsicum'],
      ['bn', 'ক্যাপসিকাম'],
    ] as const) {
      if (language === 'bn') {
        await page.getByRole('button', { name: 'বাংলা' }).click();
        await page.getByRole('button', { name: 'English' }).waitFor();
      }
      for (const size of [PHONE, { width: 1024, height: 768 }]) {
        await page.setViewportSize(size);
        await page.reload();
        const shown = page.getByTestId('product-row').filter({ hasText: productName });
        await shown.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOTS}/manage-products-stock-${language}-${size.width}.png` });
      }
    }
    await context.close();
  }, 90_000);

  it('in Bangla: মাত্র ৩টি বাকি on the card, and ৩টি পাঠান places the order with 3', async () => {
    await setStock('Green Apple', 3);
    await expect.poll(() => stockOf('Green Apple'), { timeout: 10_000 }).toBe(3);
    const { account, page, context } = await shopper('Last Apples');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    // The switch then offers English: the app is in Bangla before the shop is opened.
    await page.getByRole('button', { name: 'English' }).waitFor();
    await page.goto(browser.url('/Shop?q=Green%20Apple'));
    const card = page.getByTestId('product-card').filter({ hasText: 'সবুজ আপেল' });
    await card.getByText('মাত্র ৩টি বাকি').waitFor();
    await screenshot(card, 'card-only-3-left-bn');
    await addToCart(page, 'কার্টে যোগ করুন: সবুজ আপেল', 'সবুজ আপেল বাড়ান', 5);
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('ফোন').fill('01711000000');
    await page.getByLabel('ডেলিভারির ঠিকানা').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const refused = page.getByTestId('unsent-order').filter({ hasText: 'পাঠানো যায়নি' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('সবুজ আপেল (মাত্র ৩টি বাকি)');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(refused, 'my-orders-send-3-bn');
    await refused.getByRole('button', { name: '৩টি পাঠান' }).click();
    await page.waitForURL(browser.url('/checkout'));
    await page.getByLabel('ফোন').fill('01711000000');
    await page.getByLabel('ডেলিভারির ঠিকানা').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
    const orders = await ordersOf(account);
    expect(orders.map((o) => o.orderedProduct.map((l) => [l.name, l.cartQuantity]))).toEqual([[['Green Apple', 3]]]);
    await context.close();
  }, 90_000);
});
