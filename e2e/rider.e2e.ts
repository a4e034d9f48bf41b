/**
 * The rider's phone page `/rider` (DESIGN.md §18) in Chromium at 390×844: an admin names a rider
 * and assigns two cash orders to their run through the API; the rider sees the stops in order with
 * the money to collect and the change to bring, goes offline, sets out and delivers the first stop
 * with the shopper's code (read from the API as the shopper) — both wait in the outbox, said on the
 * page — and, once reconnected, each is sent exactly once. A wrong code for the second stop is
 * refused inline, the right one delivers it. The same page in Bangla, and a signed-in shopper is
 * told the page is for riders. Screenshots in /tmp/shots-rider/.
 */
import { mkdirSync } from 'node:fs';
import type { DeliverySlotOffer } from '@contract/delivery';
import type { Order } from '@contract/order';
import { changeToBring, type Rider } from '@contract/rider';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { orderInput, SAMPLE_CONTACT } from '../edge-api/src/testing/order-fixture';
import { idTokenFor, logIn, newAccount, type Account } from './support/accounts';
import { api, apiAs } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { keptQueries } from './support/indexed-db';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.RIDER_SHOTS_DIR ?? '/tmp/shots-rider';
mkdirSync(SHOTS, { recursive: true });
const NOTE = 'Ring twice, blue gate';

let admin: Account;
let rider: Account;
let riderUid: string;

beforeAll(async () => {
  admin = await newAccount('Run Admin', { admin: true });
  rider = await newAccount('Run Rider');
  // The API records an account when it first signs in: only then can an admin name it a rider.
  await apiAs(rider, 'GET', '/api/users/me');
  expect(await apiAs(admin, 'PUT', '/api/users/rider', { email: rider.email })).toMatchObject({ modifiedCount: 1 });
  riderUid = (await apiAs<Rider[]>(admin, 'GET', '/api/riders')).find((r) => r.email === rider.email)!.uid;
});

/**
 * A cash order of a new shopper paying with a 1,000 Tk note, in `deliverySlot` (a slot id; the
 * earliest free one without), Approved and given to the rider at `stop`.
 */
async function assignedOrder(
  name: string,
  stop: number,
  deliverySlot?: string,
): Promise<{ order: Order; shopper: Account }> {
  const shopper = await newAccount(name);
  const products = await api<Array<{ _id: string }>>('/api/products');
  const res = await fetch(new URL('/api/orders', inject('baseUrl')), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await idTokenFor(shopper)}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify(
      orderInput({
        customerName: name,
        email: shopper.email,
        orderedProduct: [{ _id: products[0]!._id, cartQuantity: 1 }],
        paymentMethod: 'cod',
        payWith: '1000',
        note: NOTE,
        ...(deliverySlot ? { deliverySlot } : {}),
      }),
    ),
  });
  if (res.status !== 201) throw new Error(`placing an order answered ${res.status}: ${await res.text()}`);
  const placed = (await res.json()) as Order;
  await apiAs(admin, 'PUT', `/api/orders/update/${placed._id}`, { orderStatus: 'Approved' });
  const order = await apiAs<Order>(admin, 'PUT', `/api/orders/${placed._id}/rider`, { riderUid, stop });
  return { order, shopper };
}

/**
 * The id of the earliest slot of the sample order's area with room for `orders` more: the stops
 * of one run share its day, where orders left to the earliest free slot may cross into the next
 * day once the suite's earlier orders have filled today's last slot.
 */
async function slotWithRoom(orders: number): Promise<string> {
  const offers = await api<DeliverySlotOffer[]>(`/api/delivery-slots?area=${SAMPLE_CONTACT.areaId}`);
  const slot = offers.find((offer) => offer.remaining >= orders);
  if (!slot) throw new Error(`no delivery slot has room for ${orders} orders`);
  return slot.id;
}

/** The order's delivery code, as its shopper's My Orders has it. */
const codeOf = async (order: Order, shopper: Account) =>
  (await apiAs<Order>(shopper, 'GET', `/api/orders/${order._id}`)).deliveryCode!;

const statusOf = async (order: Order) => (await apiAs<Order>(admin, 'GET', `/api/orders/${order._id}`)).orderStatus;

/** The run's date: the shop date of the orders' delivery slot. */
const runDate = (order: Order) => order.deliverySlot!.id.slice(0, 10);

/** The POSTs of the run's actions `context` makes (its pages and its service worker), by kind. */
function runRequests(context: BrowserContext) {
  const seen = { start: 0, delivered: 0, attempt: 0 };
  context.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (path === '/api/rider/run/start') seen.start += 1;
    else if (path.endsWith('/delivered')) seen.delivered += 1;
    else if (path.endsWith('/attempt')) seen.attempt += 1;
  });
  return seen;
}

/** Waits until the service worker controls the page (installed, precached, claimed after a reload). */
async function controlled(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/** The rider, signed in on a phone controlled by the service worker, on their run of `date` (in `locale`). */
async function runPage(date: string, locale: 'en' | 'bn' = 'en') {
  const handle = await browser.open('/login', PHONE);
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await logIn(handle.page, rider);
  await controlled(handle.page);
  await handle.page.goto(browser.url(`/rider?date=${date}`));
  return handle;
}

const stopCard = (page: Page, name: string) => page.getByTestId('run-stop').filter({ hasText: name });

const tk = (amount: number) => `${amount.toLocaleString('en')} Tk`;
const tkBn = (amount: number) => `৳${amount.toLocaleString('bn-BD')}`;

describe("the rider's page", () => {
  it('sets out and delivers offline, each action sent once on reconnecting; a wrong code is refused inline', async () => {
    const stamp = Date.now();
    const slot = await slotWithRoom(2);
    const first = await assignedOrder(`First Stop ${stamp}`, 1, slot);
    const second = await assignedOrder(`Second Stop ${stamp}`, 2, slot);
    const date = runDate(first.order);
    const { page, context } = await runPage(date);
    const sent = runRequests(context);
    const one = stopCard(page, first.order.customerName);
    const two = stopCard(page, second.order.customerName);
    await one.waitFor();
    // In stop order, each with its money, Call and the shopper's note.
    const names = await page.getByTestId('run-stop').locator('h2').allTextContents();
    expect(names.findIndex((n) => n.includes(first.order.customerName))).toBeLessThan(
      names.findIndex((n) => n.includes(second.order.customerName)),
    );
    const amount = first.order.finalAmount ?? first.order.totalAmount;
    expect(await one.getByTestId('stop-money').textContent()).toBe(
      `Collect ${tk(amount)} · pays with 1,000 — bring ${tk(changeToBring(amount, '1000'))}`,
    );
    expect(await one.getByTestId('stop-call').getAttribute('href')).toBe('tel:+8801711000000');
    expect(await one.getByTestId('stop-call').textContent()).toBe('Call 01711-000000');
    const call = await one.getByTestId('stop-call').boundingBox();
    expect(call!.height).toBeGreaterThanOrEqual(44);
    expect(await one.getByTestId('stop-note').textContent()).toBe(`Note: “${NOTE}”`);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/run-en-390x844.png` });
    await page.screenshot({ path: `${SHOTS}/run-en-390x844-full.png`, fullPage: true });

    // Offline, the run as last loaded opens again (the app from the service worker, the run kept).
    // The app keeps its queries in IndexedDB at most once a second: the run is kept before the signal goes.
    await expect.poll(() => keptQueries(page), { timeout: 10_000 }).toContain(second.order._id);
    await context.setOffline(true);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('run-offline').textContent(), { timeout: 10_000 })
      .toMatch(/^Offline: your run as loaded at /);
    await one.waitFor();
    // Offline: Set out, then the first stop delivered with the shopper's code.
    await page.getByRole('button', { name: /^Set out/ }).click();
    await expect
      .poll(() => page.getByTestId('run-waiting').textContent(), { timeout: 10_000 })
      .toBe('Set out is waiting to be sent.');
    await one.getByRole('button', { name: 'Delivered', exact: true }).click();
    await one.getByLabel('Delivery code (4 digits)').fill(await codeOf(first.order, first.shopper));
    expect(await one.getByLabel('Cash collected (Tk)').inputValue()).toBe(String(amount));
    await one.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect
      .poll(() => one.getByTestId('stop-waiting').textContent(), { timeout: 10_000 })
      .toBe('Delivered on this phone: it is sent once you are online.');
    expect(await page.getByTestId('run-offline').isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/run-offline-waiting-en-390x844.png`, fullPage: true });
    expect(sent).toEqual({ start: 0, delivered: 0, attempt: 0 });
    expect(await statusOf(first.order)).toBe('Approved');

    // Back online: each is sent once; the first stop is Delivered, the second Out for delivery.
    await context.setOffline(false);
    await expect.poll(() => statusOf(first.order), { timeout: 20_000 }).toBe('Delivered');
    expect(await statusOf(second.order)).toBe('Out for delivery');
    await expect.poll(() => one.getByTestId('stop-status').textContent(), { timeout: 10_000 }).toBe('Delivered');
    await expect.poll(() => two.getByTestId('stop-status').textContent(), { timeout: 10_000 }).toBe('Out for delivery');
    expect(sent).toEqual({ start: 1, delivered: 1, attempt: 0 });

    // A wrong code for the second stop is refused inline, and nothing waits for it.
    const code = await codeOf(second.order, second.shopper);
    const wrong = code === '0000' ? '1111' : '0000';
    await two.getByRole('button', { name: 'Delivered', exact: true }).click();
    await two.getByLabel('Delivery code (4 digits)').fill(wrong);
    await two.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect
      .poll(() => two.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toMatch(/^Wrong code: \d tries? left\. Ask the shopper to read it again\.$/);
    expect(await two.getByTestId('stop-waiting').count()).toBe(0);
    await two.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/run-wrong-code-en-390x844.png` });
    await two.getByLabel('Delivery code (4 digits)').fill(code);
    await two.getByRole('button', { name: 'Confirm delivery' }).click();
    await expect.poll(() => statusOf(second.order), { timeout: 10_000 }).toBe('Delivered');
    await expect.poll(() => two.getByTestId('stop-status').textContent(), { timeout: 10_000 }).toBe('Delivered');
    expect(sent).toEqual({ start: 1, delivered: 3, attempt: 0 });
    await expect
      .poll(() => page.getByTestId('run-summary').textContent(), { timeout: 10_000 })
      .toBe('Every stop is delivered.');
    const delivered = await apiAs<Order>(admin, 'GET', `/api/orders/${second.order._id}`);
    expect(delivered.cashCollected).toBe(second.order.finalAmount ?? second.order.totalAmount);
    await page.screenshot({ path: `${SHOTS}/run-done-en-390x844.png`, fullPage: true });
    await context.close();
  });

  it("records a stop that couldn't be delivered, and shows the run in Bangla with Bangla digits and a wrong code said in Bangla", async () => {
    const stamp = Date.now();
    const { order, shopper } = await assignedOrder(`Bangla Stop ${stamp}`, 1);
    await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Out for delivery' });
    const { page, context } = await runPage(runDate(order), 'bn');
    const sent = runRequests(context);
    const stop = stopCard(page, order.customerName);
    await stop.waitFor();
    const amount = order.finalAmount ?? order.totalAmount;
    expect(await stop.getByTestId('stop-money').textContent()).toBe(
      `আদায় করুন ${tkBn(amount)} · ${(1000).toLocaleString('bn-BD')} টাকার নোট দেবেন — ভাংতি নিন ${tkBn(changeToBring(amount, '1000'))}`,
    );
    expect(await stop.getByTestId('stop-call').textContent()).toBe('কল করুন ০১৭১১-০০০০০০');
    await page.screenshot({ path: `${SHOTS}/run-bn-390x844.png` });

    // Couldn't deliver: no answer.
    await stop.getByRole('button', { name: 'দেওয়া যায়নি' }).click();
    await stop.getByLabel('কেউ সাড়া দেননি').check();
    await stop.getByRole('button', { name: 'সংরক্ষণ করুন' }).click();
    await expect
      .poll(() => stop.getByTestId('stop-attempt').textContent(), { timeout: 10_000 })
      .toBe('দেওয়া যায়নি: লিখে রাখা হয়েছে।');
    const attempts = (await apiAs<Order>(admin, 'GET', `/api/orders/${order._id}`)).attempts ?? [];
    expect(attempts.map((a) => a.reason)).toEqual(['no_answer']);
    expect(sent.attempt).toBe(1);

    // A wrong code, said in Bangla.
    const code = await codeOf(order, shopper);
    await stop.getByRole('button', { name: 'পৌঁছে দিয়েছি' }).click();
    await stop.getByLabel('ডেলিভারি কোড (৪ অঙ্ক)').fill(code === '0000' ? '১১১১' : '০০০০');
    await stop.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
    await expect
      .poll(() => stop.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toMatch(/^ভুল কোড: আর [০-৯] বার চেষ্টা করা যাবে।/);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/run-wrong-code-bn-390x844.png`, fullPage: true });

    // Four more wrong codes: the last one says no try is left, the next is locked (429), said under the code.
    const wrong = code === '0000' ? '১১১১' : '০০০০';
    for (let left = 3; left >= 0; left -= 1) {
      await stop.getByLabel('ডেলিভারি কোড (৪ অঙ্ক)').fill(wrong);
      await stop.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
      await expect
        .poll(() => stop.getByRole('alert').first().textContent(), { timeout: 10_000 })
        .toMatch(left > 0 ? `আর ${left.toLocaleString('bn-BD')} বার` : 'আর চেষ্টা করা যাবে না');
    }
    await stop.getByRole('button', { name: 'ডেলিভারি নিশ্চিত করুন' }).click();
    await expect
      .poll(() => stop.getByRole('alert').first().textContent(), { timeout: 10_000 })
      .toContain('অনেকবার ভুল কোড: এই ডেলিভারি আটকে গেছে।');
    // Final, not retried: nothing of it waits in the outbox.
    expect(await stop.getByTestId('stop-waiting').count()).toBe(0);
    await stop.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/run-locked-bn-390x844.png` });
    expect(await statusOf(order)).toBe('Out for delivery');
    await context.close();
  });

  it("shows a rider the run's link in the dashboard's menu", async () => {
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, rider);
    await page.goto(browser.url('/dashboard'));
    await page.getByText('Dashboard menu', { exact: true }).click();
    const link = page.getByRole('link', { name: 'My run' });
    await link.waitFor();
    await page.screenshot({ path: `${SHOTS}/dashboard-menu-rider-en-390x844.png` });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/rider');
    await page.getByRole('heading', { name: 'My run' }).waitFor();
    await context.close();
  });

  it('tells a signed-in shopper the page is for riders', async () => {
    const shopper = await newAccount('Not A Rider');
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, shopper);
    await page.goto(browser.url('/rider'));
    await expect
      .poll(() => page.getByTestId('not-a-rider').textContent(), { timeout: 10_000 })
      .toContain(`You are signed in as ${shopper.email}, which is not a rider.`);
    expect(await page.getByRole('heading', { name: 'This page is for riders' }).isVisible()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/not-a-rider-en-390x844.png` });
    // Nor does the dashboard's menu offer it.
    const asked = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/rider/run');
    await page.goto(browser.url('/dashboard'));
    expect((await asked).status()).toBe(403);
    await page.getByText('Dashboard menu', { exact: true }).click();
    await page.getByRole('link', { name: 'My Orders' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'My run' }).count()).toBe(0);
    await context.close();
  });
});
