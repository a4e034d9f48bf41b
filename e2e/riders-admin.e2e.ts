/**
 * Riders, cash and change, the delivery code (DESIGN.md §18) as the admin and the
 * shopper see them, in Chromium: the admin names a rider on a tablet (an unknown account is said
 * so), gives two orders to the rider and swaps their stops; the shopper pays cash with a 1,000 Tk
 * note on a phone and sees the delivery code in My Orders, offline too once seen, and the rider's
 * name with a Call link once the order is out; the dawn board's Cash card per rider; English and
 * Bangla. Screenshots in /tmp/shots-riders-admin/ (1024×768, 768×1024, the shopper at 390×844).
 */
import { mkdirSync } from 'node:fs';
import type { Order } from '@contract/order';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { en } from './support/catalogues';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { keptQueries } from './support/indexed-db';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const SHOTS = '/tmp/shots-riders-admin';
mkdirSync(SHOTS, { recursive: true });
const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };
/** The rider's phone number (E.164), as a phone sign-in keeps it. */
const RIDER_PHONE = '+8801811555666';

/** The server's polls: an answer may take a while on a loaded 2-core machine. */
const WAIT = { timeout: 10_000 };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** A page signed in as `account` at `path` (confirm prompts accepted), in Bangla when asked. */
async function signedIn(account: Account, path: string, viewport = LANDSCAPE, locale: 'en' | 'bn' = 'en') {
  const phone = viewport.width < 768;
  const handle = await browser.open('/login', viewport, phone ? { isMobile: true, hasTouch: true } : {});
  handle.page.on('dialog', (dialog) => void dialog.accept());
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await logIn(handle.page, account);
  await handle.page.goto(browser.url(path));
  return handle;
}

/** Waits until the service worker controls `page` (installed, precached, claimed after a reload). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** Element boxes smaller than 44 px among `root`'s buttons, selects and inputs (WCAG 2.5.5's target size). */
const smallTargets = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((roots) =>
    roots
      .flatMap((root) => [...root.querySelectorAll('button, select, input:not([type=radio])')])
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );

/** Order `id` as the admin's API answers it. */
const orderOf = (admin: Account, id: string) => apiAs<Order>(admin, 'GET', `/api/orders/${id}`);

describe('riders, cash and the delivery code (admin and shopper)', () => {
  let admin: Account;
  let rider: Account;
  let shopper: Account;
  let neighbour: Account;
  let mine: Order;
  let theirs: Order;

  it('the shopper pays cash with a 1,000 Tk note on a phone', async () => {
    shopper = await newAccount('Nasrin Shopper');
    const { page, context } = await signedIn(shopper, '/shop', PHONE);
    await fillCart(page, browser.url('/api/products'), [
      ['Potato (Alu)', 3],
      ['Tomato', 2],
    ]);
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711-000000');
    await page.getByLabel('Delivery address').fill('House 7, Road 2, Dhanmondi');
    await chooseArea(page, 'dhanmondi');
    const payWith = page.getByTestId('pay-with');
    expect(await payWith.getByRole('radio', { name: 'The exact amount' }).isChecked()).toBe(true);
    // Not asked of a prepaid order: bKash (offered by this stack) hides it.
    await page.getByRole('radio', { name: 'bKash' }).check();
    await payWith.waitFor({ state: 'detached' });
    await page.getByRole('radio', { name: 'Cash on delivery' }).check();
    await payWith.getByRole('radio', { name: 'A 1,000 Tk note' }).check();
    await payWith.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/shopper-checkout-390x844.png` });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const [placed] = await apiAs<Order[]>(shopper, 'GET', '/api/users/me/orders');
    expect(placed?.paymentMethod).toBe('cod');
    expect(placed?.payWith).toBe('1000');
    mine = placed!;
    await context.close();
  });

  it('the admin names a rider on a tablet; an unknown account is said so', async () => {
    admin = await newAccount('Riders Admin', { admin: true });
    rider = await newAccount('Karim Rider');
    // The rider has signed in once (the server knows an account from its tokens).
    await apiAs(rider, 'GET', '/api/users/me');
    const { page, context } = await signedIn(admin, '/dashboard', LANDSCAPE);
    await page.getByRole('link', { name: 'Add Rider' }).click();
    await page.getByRole('heading', { name: 'Add Rider' }).waitFor();
    const who = page.getByLabel("Rider's e-mail or phone number");
    await who.fill('01711');
    await page.getByRole('button', { name: 'Make rider' }).click();
    await page.getByText('Enter an e-mail address or a Bangladeshi mobile number, e.g. 01711-223344').waitFor();
    await who.fill('nobody.here@example.test');
    await page.getByRole('button', { name: 'Make rider' }).click();
    await page
      .getByText(
        'nobody.here@example.test has no account here yet. Ask them to sign in once on their phone, then try again.',
      )
      .waitFor(WAIT);
    await who.fill(rider.email.toUpperCase());
    await page.getByRole('button', { name: 'Make rider' }).click();
    await toast(page, `${rider.email.toUpperCase()} is now a rider`).waitFor(WAIT);
    const listed = page.getByTestId('rider').filter({ hasText: 'Karim Rider' });
    await listed.waitFor(WAIT);
    expect(await listed.getByRole('button', { name: 'Remove Karim Rider as a rider' }).isEnabled()).toBe(true);
    expect(await smallTargets(page, 'riders')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/add-rider-1024x768.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('gives two orders to the rider and swaps their stops (1024×768)', async () => {
    neighbour = await newAccount('Rafiq Neighbour');
    theirs = await placeOrderFor(neighbour, 1);
    for (const order of [mine, theirs])
      await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Approved' });
    const { page, context } = await signedIn(admin, `/dashboard/manage-orders/${mine._id}`, LANDSCAPE);
    // The order's details: the note the shopper pays with, the rider chosen, then Assign.
    await page.getByText('A 1,000 Tk note').waitFor();
    const assign = page.getByTestId('assign-rider');
    await assign.getByLabel('Rider').selectOption({ label: 'Karim Rider' });
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => assign.getByTestId('assigned-rider').textContent(), WAIT).toBe('Karim Rider · stop 1');
    await page.screenshot({ path: `${SHOTS}/order-details-1024x768.png`, fullPage: true });
    // From the dawn board's slot board: the other order's slot, its orders in Manage Orders, its row.
    await page.goto(browser.url('/dashboard'));
    const slotId = theirs.deliverySlot!.id;
    const toSlot = page.locator(`a[href$="?${new URLSearchParams({ slot: slotId })}"]`);
    await toSlot.scrollIntoViewIfNeeded(WAIT);
    await page.screenshot({ path: `${SHOTS}/slot-board-1024x768.png` });
    await toSlot.click();
    await page.waitForURL(
      (url) => url.pathname === '/dashboard/manage-orders' && url.searchParams.get('slot') === slotId,
    );
    const row = page.getByTestId('order-row').filter({ hasText: 'Rafiq Neighbour' });
    await row.getByLabel('Rider').selectOption({ label: 'Karim Rider' });
    await row.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(() => row.getByTestId('assigned-rider').textContent(), WAIT).toBe('Karim Rider · stop 2');
    // Both in the rider's run, in stop order: the queue shows every order.
    await page.goto(browser.url('/dashboard/manage-orders'));
    const run = page.getByTestId('rider-run').filter({ hasText: 'Karim Rider' });
    const stops = () => run.getByTestId('run-stop-name').allTextContents();
    await expect.poll(stops, WAIT).toEqual(['Nasrin Shopper', 'Rafiq Neighbour']);
    await run.getByRole('button', { name: 'Move Rafiq Neighbour up' }).click();
    await expect.poll(stops, WAIT).toEqual(['Rafiq Neighbour', 'Nasrin Shopper']);
    await expect
      .poll(async () => [(await orderOf(admin, theirs._id)).stop, (await orderOf(admin, mine._id)).stop], WAIT)
      .toEqual([1, 2]);
    expect(await smallTargets(page, 'rider-runs')).toEqual([]);
    expect(await smallTargets(page, 'assign-rider')).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/manage-orders-runs-1024x768.png`, fullPage: true });
    await page.setViewportSize(PORTRAIT);
    await page.screenshot({ path: `${SHOTS}/manage-orders-runs-768x1024.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('says a refusal inline: an order delivered meanwhile is not assignable (409)', async () => {
    const late = await placeOrderFor(await newAccount('Late Shopper'), 1);
    await apiAs(admin, 'PUT', `/api/orders/update/${late._id}`, { orderStatus: 'Approved' });
    const { page, context } = await signedIn(admin, `/dashboard/manage-orders/${late._id}`, PORTRAIT);
    const assign = page.getByTestId('assign-rider');
    await assign.getByLabel('Rider').selectOption({ label: 'Karim Rider' });
    // Another admin sends it out and marks it delivered meanwhile; this screen has not seen it.
    await apiAs(admin, 'PUT', `/api/orders/update/${late._id}`, { orderStatus: 'Out for delivery' });
    await apiAs(admin, 'PUT', `/api/orders/update/${late._id}`, { orderStatus: 'Delivered' });
    await assign.getByRole('button', { name: 'Assign' }).click();
    const problem = page.getByTestId('assign-problem');
    await expect
      .poll(() => problem.textContent(), WAIT)
      .toBe('Only Approved, Packed or Out for delivery orders can be given to a rider.');
    await page.screenshot({ path: `${SHOTS}/assign-refused-768x1024.png`, fullPage: true });
    await context.close();
  });

  it('shows the shopper the delivery code, offline too, then the rider with a Call link (390×844)', async () => {
    const { page, context } = await signedIn(shopper, '/dashboard/my-orders', PHONE);
    await controlled(page);
    const [own] = await apiAs<Order[]>(shopper, 'GET', '/api/users/me/orders');
    const code = own?.deliveryCode ?? '';
    expect(code).toMatch(/^\d{4}$/);
    const card = page.getByTestId('my-order').filter({ has: page.getByTestId('delivery-code') });
    await expect.poll(() => card.getByTestId('delivery-code-digits').textContent(), WAIT).toBe(code);
    await card.getByText('Give this code to the rider when your order arrives.').waitFor();
    await card.getByTestId('delivery-code').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/shopper-code-390x844.png` });
    // Seen once, it is there without a connection (the kept queries are saved at most once a second).
    await expect.poll(() => keptQueries(page), WAIT).toContain(`"deliveryCode":"${code}"`);
    await context.setOffline(true);
    await page.reload();
    await expect.poll(() => card.getByTestId('delivery-code-digits').textContent(), WAIT).toBe(code);
    await context.setOffline(false);
    // The admin sends it out: the rider is named, with a Call link to the number the rider signs in
    // with (an e-mail account has none: given here as a phone sign-in would have it).
    const db = await openDatabase(inject('databaseUrl'));
    await db.execute({ sql: 'UPDATE accounts SET phone_number = ? WHERE email = ?', args: [RIDER_PHONE, rider.email] });
    db.close();
    await apiAs(admin, 'PUT', `/api/orders/update/${mine._id}`, { orderStatus: 'Out for delivery' });
    await page.reload();
    const coming = card.getByTestId('rider-coming');
    await coming.getByText('Karim Rider is bringing your order').waitFor(WAIT);
    const call = coming.getByRole('link', { name: 'Call Karim Rider · 01811-555666' });
    expect(await call.getAttribute('href')).toBe(`tel:${RIDER_PHONE}`);
    await coming.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/shopper-rider-coming-390x844.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // In Bangla: the code in Bangla digits.
    await page.getByRole('button', { name: 'বাংলা' }).first().click();
    await page.waitForFunction(() => document.documentElement.lang === 'bn');
    const bangla = [...code].map((digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)]).join('');
    await expect.poll(() => card.getByTestId('delivery-code-digits').textContent(), WAIT).toBe(bangla);
    await card.getByText('অর্ডার পৌঁছালে এই কোডটি রাইডারকে দিন।').waitFor();
    await card.getByTestId('delivery-code').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/shopper-code-bn-390x844.png` });
    await context.close();
  });

  it("shows each rider's cash on the dawn board, the difference highlighted, in English and Bangla", async () => {
    // The rider delivers the shopper's order with its code, collecting 100 Tk less than the bill.
    const own = await orderOf(admin, mine._id);
    const [shown] = await apiAs<Order[]>(shopper, 'GET', '/api/users/me/orders');
    const bill = own.finalAmount ?? own.totalAmount;
    await apiAs(rider, 'POST', `/api/orders/${mine._id}/delivered`, {
      code: shown?.deliveryCode,
      cashCollected: bill - 100,
    });
    const { page, context } = await signedIn(admin, '/dashboard', LANDSCAPE);
    const card = page.getByTestId('cash-card');
    const day = (own.deliverySlot?.start ?? own.createdAt).slice(0, 10);
    // A cleared date says so, rather than loading for ever.
    await card.getByLabel('Delivery date').fill('');
    await card.getByRole('alert').filter({ hasText: en['reports.dateInvalid'] }).waitFor(WAIT);
    await card.getByLabel('Delivery date').fill(day);
    await card.getByLabel('Delivery date').blur();
    const row = card.getByTestId('cash-row').filter({ hasText: 'Karim Rider' });
    await row.waitFor(WAIT);
    const cells = await row.locator('th, td').allTextContents();
    expect(cells[0]).toBe('Karim Rider');
    expect(cells[4]).toMatch(/ Tk short$/);
    expect(await row.locator('[data-balance=short]').count()).toBe(1);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/cash-card-1024x768.png` });
    await context.close();

    const bn = await signedIn(admin, '/dashboard', PORTRAIT, 'bn');
    const bnCard = bn.page.getByTestId('cash-card');
    await bnCard.getByLabel('ডেলিভারির তারিখ').fill(day);
    await bnCard.getByLabel('ডেলিভারির তারিখ').blur();
    await bnCard.getByTestId('cash-row').filter({ hasText: 'Karim Rider' }).waitFor(WAIT);
    expect(await bnCard.getByRole('heading', { name: 'নগদ' }).count()).toBe(1);
    await bnCard.scrollIntoViewIfNeeded();
    await bn.page.screenshot({ path: `${SHOTS}/cash-card-bn-768x1024.png` });
    await bn.page.goto(browser.url('/dashboard/add-rider'));
    await bn.page.getByTestId('rider').filter({ hasText: 'Karim Rider' }).waitFor(WAIT);
    await bn.page.screenshot({ path: `${SHOTS}/add-rider-bn-768x1024.png`, fullPage: true });
    await bn.page.goto(browser.url('/dashboard/manage-orders'));
    await bn.page.getByTestId('rider-run').first().waitFor(WAIT);
    await bn.page.screenshot({ path: `${SHOTS}/manage-orders-runs-bn-768x1024.png`, fullPage: true });
    await bn.context.close();
  });
});
