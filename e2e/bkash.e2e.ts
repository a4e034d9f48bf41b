/**
 * Paying with bKash (DESIGN.md §10) in Chromium on a 390×844 phone, against the real
 * stack and the project's stand-in bKash server (scripts/bkash-standin.ts, started with every e2e
 * stack): checkout → bKash's page → Approve → back in My Orders, "Paid with bKash" with the
 * transaction id; the connection lost just as bKash sends the shopper back (the service worker
 * keeps the return and delivers it once back online: the order ends Paid); a cancelled payment
 * paid on delivery instead; too little balance, said in words, then paid on a second try; bKash
 * chosen offline (the order waits in the outbox, then is paid from My Orders); a payment being
 * confirmed (the callback's `pending`) shown Paid once the server settles it; the admin's cancel
 * of a paid bKash order, asked first and refunded; the main path in Bangla. Every
 * screen of ours is axe-clean; screenshots in test-results/screenshots/bkash-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { Order } from '@contract/order';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs, ordersOf } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { chooseArea } from './support/areas';
import { controlled, shopperCodeKept } from './support/service-worker';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 1024, height: 768 };
const SCREENSHOTS = 'test-results/screenshots';

/** bKash's hosted page (the stand-in's): `/checkout/pay?paymentID=…`. */
const BKASH_PAGE = /\/checkout\/pay\?paymentID=/;

/** Saves a full-page screenshot `bkash-{name}-{lang}-{width}.png` of `page`. */
async function screenshot(page: Page, name: string, lang: 'en' | 'bn') {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SCREENSHOTS}/bkash-${name}-${lang}-${width}.png`, fullPage: true });
}

/** A new signed-in shopper on a phone, the service worker in control; in Bangla when `lang` says so. */
async function shopper(name: string, lang: 'en' | 'bn' = 'en') {
  const account = await newAccount(name);
  const { page, context } = await browser.open('/login', PHONE, { isMobile: true, hasTouch: true });
  await logIn(page, account);
  if (lang === 'bn') await page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await controlled(page);
  await shopperCodeKept(page);
  return { account, page, context };
}

/**
 * Fills the cart with potatoes, opens checkout, chooses bKash (`label` as the page says it),
 * checks the page with axe, screenshots it when `shot` names the language, and places the order.
 */
async function checkoutWithBkash(page: Page, { shot }: { shot?: 'en' | 'bn' } = {}) {
  await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 2]]);
  await page.goto(browser.url('/checkout'));
  await page.locator('input[type="tel"]').fill('01711000000');
  await page.locator('textarea').first().fill('House 7, Road 2, Mirpur 10, Dhaka');
  await chooseArea(page, 'dhanmondi');
  const bkash = page.getByRole('radio', { name: /bKash/ });
  await bkash.check();
  expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
  if (shot) await screenshot(page, 'checkout', shot);
  await page.locator('form button[type="submit"]').click();
}

/** On bKash's page: the shopper's choice ("Approve", "Fail", "Cancel", "Insufficient balance"). */
async function onBkashPage(page: Page, choice: 'Approve' | 'Fail' | 'Cancel' | 'Insufficient balance') {
  await page.waitForURL(BKASH_PAGE);
  await page.getByRole('button', { name: choice, exact: true }).click();
}

/** `account`'s only order as the API has it now. */
async function onlyOrder(account: Account): Promise<Order> {
  const [order, ...more] = await ordersOf(account);
  if (!order || more.length > 0) throw new Error(`expected one order, found ${more.length + (order ? 1 : 0)}`);
  return order;
}

/** The bKash panel of My Orders' only order. */
const panel = (page: Page) => page.getByTestId('my-order').first().getByTestId('bkash-payment');

describe('paying with bKash on a phone', () => {
  it('pays end to end: checkout → bKash → Approve → My Orders says Paid with bKash and the transaction id', async () => {
    const { account, page, context } = await shopper('Bkash Payer');
    await checkoutWithBkash(page, { shot: 'en' });
    await page.waitForURL(BKASH_PAGE);
    await screenshot(page, 'standin', 'en');
    await onBkashPage(page, 'Approve');
    await page.waitForURL(/\/dashboard\/my-orders\?order=[^&]+&bkash=paid/);
    const order = await onlyOrder(account);
    expect(order).toMatchObject({ paymentMethod: 'bkash', paymentStatus: 'paid', orderStatus: 'Pending' });
    expect(order.paymentRef).toBeTruthy();
    await expect.poll(() => panel(page).textContent()).toContain('Paid with bKash');
    expect(await panel(page).textContent()).toContain(`Transaction ID: ${order.paymentRef}`);
    expect(await page.getByTestId('my-order').first().textContent()).toContain('Paid');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-paid', 'en');
    await page.setViewportSize(TABLET);
    await screenshot(page, 'my-orders-paid', 'en');
    await context.close();
  });

  it('settles a payment whose return was lost offline: kept by the service worker, Paid once back online', async () => {
    const { account, page, context } = await shopper('Bkash Tunnel');
    await checkoutWithBkash(page);
    await page.waitForURL(BKASH_PAGE);
    // The connection drops just as bKash sends the shopper back: bKash still gets the approval
    // (the button's POST reaches the stand-in from the test's side of the network) and answers
    // with its redirect to the shop's callback, but the phone is offline for the way back.
    await context.route('**/checkout/decide', async (route) => {
      await route.fulfill({ response: await route.fetch({ maxRedirects: 0 }) });
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(/\/dashboard\/my-orders\?bkash=offline/);
    await page
      .getByTestId('bkash-kept')
      .getByText("We'll confirm your bKash payment when you're back online.")
      .waitFor();
    expect((await onlyOrder(account)).paymentStatus).toBe('unpaid');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-kept', 'en');

    await context.unroute('**/checkout/decide');
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    await context.setOffline(false);
    await page.waitForURL(/\/dashboard\/my-orders\?order=[^&]+&bkash=paid/);
    await expect.poll(() => panel(page).textContent()).toContain('Paid with bKash');
    const order = await onlyOrder(account);
    expect(order.paymentStatus).toBe('paid');
    expect(await panel(page).textContent()).toContain(`Transaction ID: ${order.paymentRef}`);
    await context.close();
  });

  it('offers bKash offline too: the order waits in the outbox, then My Orders has it unpaid with Pay with bKash', async () => {
    const { account, page, context } = await shopper('Bkash Offline Buyer');
    // Checkout once online: the shop's ways to pay are kept for an offline checkout.
    await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 1]]);
    await page.goto(browser.url('/checkout'));
    await page.getByRole('radio', { name: /bKash/ }).waitFor();
    await page.locator('input[type="tel"]').fill('01711000000');
    await page.locator('textarea').first().fill('House 7, Road 2, Mirpur 10, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await context.setOffline(true);
    await page.getByRole('radio', { name: /bKash/ }).check();
    await page
      .getByText('Offline: the order waits until it can be sent; then pay with bKash from My Orders.')
      .waitFor();
    await page.locator('form button[type="submit"]').click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('unsent-order').waitFor();
    expect(await ordersOf(account)).toEqual([]);

    await context.setOffline(false);
    await expect.poll(() => panel(page).textContent()).toContain('Not paid yet.');
    expect(await onlyOrder(account)).toMatchObject({ paymentMethod: 'bkash', paymentStatus: 'unpaid' });
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-unpaid', 'en');
    await panel(page).getByRole('button', { name: 'Pay with bKash' }).click();
    await onBkashPage(page, 'Approve');
    await page.waitForURL(/bkash=paid/);
    await expect.poll(() => panel(page).textContent()).toContain('Paid with bKash');
    await context.close();
  });

  it('after a cancelled payment, pays on delivery instead: the order becomes cash on delivery', async () => {
    const { account, page, context } = await shopper('Bkash Canceller');
    await checkoutWithBkash(page);
    await onBkashPage(page, 'Cancel');
    await page.waitForURL(/\/dashboard\/my-orders\?order=[^&]+&bkash=cancelled/);
    await panel(page).getByText('You cancelled the bKash payment.').waitFor();
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Pay on delivery instead' }).click();
    await page.getByText("You'll pay cash on delivery for this order.").first().waitFor();
    await expect.poll(() => panel(page).count()).toBe(0);
    expect(await page.getByTestId('my-order').first().textContent()).toContain('Cash on delivery');
    expect(await onlyOrder(account)).toMatchObject({ paymentMethod: 'cod', paymentStatus: 'unpaid' });
    await context.close();
  });

  it('says too little balance in words, then Pay with bKash tries again and pays', async () => {
    const { account, page, context } = await shopper('Bkash Short');
    await checkoutWithBkash(page);
    await onBkashPage(page, 'Insufficient balance');
    await page.waitForURL(/\/dashboard\/my-orders\?order=[^&]+&bkash=failed&bkashCode=2023/);
    await panel(page)
      .getByText(
        'The bKash payment did not go through. Your bKash account does not have enough balance for this order.',
      )
      .waitFor();
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-failed', 'en');
    await panel(page).getByRole('button', { name: 'Pay with bKash' }).click();
    await onBkashPage(page, 'Approve');
    await page.waitForURL(/bkash=paid/);
    await expect.poll(() => panel(page).textContent()).toContain('Paid with bKash');
    expect((await onlyOrder(account)).paymentStatus).toBe('paid');
    await context.close();
  });
});

/**
 * Places a bKash order for `account` and pays it as a shopper does, in `context`: the API's
 * bkashURL, Approve on bKash's page. Returns the order as paid.
 */
async function paidBkashOrder(account: Account, context: BrowserContext): Promise<Order> {
  const placed = await placeOrderFor(account, 1, 'bkash');
  const { bkashURL } = await apiAs<{ bkashURL: string }>(account, 'POST', '/api/payments/bkash', {
    orderId: placed._id,
  });
  const page = await context.newPage();
  await page.goto(bkashURL);
  await onBkashPage(page, 'Approve');
  await page.waitForURL(/bkash=paid/);
  await page.close();
  const paid = (await ordersOf(account)).find((order) => order._id === placed._id);
  if (paid?.paymentStatus !== 'paid') throw new Error(`order ${placed._id} is not paid`);
  return paid;
}

describe('a payment bKash has not settled yet', () => {
  it('says it is being confirmed, offers no second payment meanwhile, and shows Paid once the server has it', async () => {
    const { account, page, context } = await shopper('Bkash Waiter');
    // A return for a payment the shop does not know (no order in the URL) is said at the top.
    await page.goto(browser.url('/dashboard/my-orders?bkash=failed'));
    await page
      .getByTestId('bkash-unknown')
      .getByText('The bKash payment did not go through. Please try again, or pay on delivery.')
      .waitFor();
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    const order = await placeOrderFor(account, 1, 'bkash');
    // The callback's answer when bKash did not settle the execute in time (DESIGN.md §10).
    await page.goto(browser.url(`/dashboard/my-orders?order=${order._id}&bkash=pending`));
    await panel(page).getByText('We are confirming your bKash payment with bKash…').waitFor();
    expect(await panel(page).getByRole('button').count()).toBe(0);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    // bKash's status query settles it on the server (written here as the server's settle does).
    const db = await openDatabase(inject('databaseUrl'));
    await db.execute({
      sql: "UPDATE orders SET payment_status = 'paid', payment_ref = 'TRXSETTLED1' WHERE id = ?",
      args: [order._id],
    });
    db.close();
    await expect.poll(() => panel(page).textContent()).toContain('Paid with bKash');
    expect(await panel(page).textContent()).toContain('Transaction ID: TRXSETTLED1');
    await context.close();
  });
});

describe("the admin's view of a bKash order", () => {
  it('shows method, status and reference, and refunds a paid order only after asking, naming the amount', async () => {
    const admin = await newAccount('Bkash Admin', { admin: true });
    const customer = await newAccount('Bkash Refundee');
    const shopperSide = await browser.open('/login', PHONE);
    await logIn(shopperSide.page, customer);
    const order = await paidBkashOrder(customer, shopperSide.context);
    await shopperSide.context.close();

    const { page, context } = await browser.open('/login', TABLET);
    await logIn(page, admin);
    await page.goto(browser.url(`/dashboard/manage-orders/${order._id}`));
    await page.getByText('bKash · Paid').first().waitFor();
    await page.getByText(`Payment reference: ${order.paymentRef}`).first().waitFor();
    expect(await page.getByTestId('packing-slip').textContent()).toContain(`Payment reference: ${order.paymentRef}`);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'admin-order', 'en');

    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await expect
      .poll(() => asked)
      .toEqual([
        `This order is paid (${order.totalAmount} Tk). Cancel it and refund ${order.totalAmount} Tk to the customer?`,
      ]);
    expect((await ordersOf(customer))[0]?.paymentStatus).toBe('paid');

    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Cancel and refund' }).click();
    await page.getByText('Order cancelled and refunded').first().waitFor();
    await page.getByText('bKash · Refunded').first().waitFor();
    expect(await page.getByTestId('status-timeline').textContent()).toContain('Cancelled');
    expect(await page.getByRole('button', { name: 'Cancel and refund' }).count()).toBe(0);
    expect((await ordersOf(customer))[0]).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'admin-refunded', 'en');

    await page.evaluate(() => localStorage.setItem('locale', 'bn'));
    await page.reload();
    await page.getByText('বিকাশ · টাকা ফেরত দেওয়া হয়েছে').first().waitFor();
    await screenshot(page, 'admin-refunded', 'bn');
    await context.close();
  });
});

describe('paying with bKash in Bangla', () => {
  it('pays end to end in Bangla, and says a failed payment in Bangla', async () => {
    const { account, page, context } = await shopper('Bkash Bangla', 'bn');
    await checkoutWithBkash(page, { shot: 'bn' });
    await onBkashPage(page, 'Approve');
    await page.waitForURL(/bkash=paid/);
    const order = await onlyOrder(account);
    await expect.poll(() => panel(page).textContent()).toContain('বিকাশে পরিশোধিত');
    expect(await panel(page).textContent()).toContain(`ট্রানজেকশন আইডি: ${order.paymentRef}`);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-paid', 'bn');

    await checkoutWithBkash(page);
    await onBkashPage(page, 'Insufficient balance');
    await page.waitForURL(/bkash=failed&bkashCode=2023/);
    const failed = page.getByTestId('my-order').first().getByTestId('bkash-payment');
    await failed.getByText('এই অর্ডারের জন্য আপনার বিকাশ অ্যাকাউন্টে যথেষ্ট ব্যালেন্স নেই।', { exact: false }).waitFor();
    await failed.getByRole('button', { name: 'বিকাশে পরিশোধ করুন' }).waitFor();
    await failed.getByRole('button', { name: 'এর বদলে ডেলিভারির সময় পরিশোধ করব' }).waitFor();
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-failed', 'bn');
    await page.setViewportSize(TABLET);
    await screenshot(page, 'my-orders-failed', 'bn');
    await context.close();
  });
});
