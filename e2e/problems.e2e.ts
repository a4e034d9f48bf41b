/**
 * The shopper's side of problems after delivery (DESIGN.md §19), in Chromium on a phone
 * (390×844): on a Delivered order (placed and moved through the API) the shopper reports a spoiled
 * tomato offline with a camera photo (a large JPEG shrunk in the page to ≤ 100 KB); the report
 * waits in the outbox, said on the order, and is sent exactly once on reconnecting (photo, then
 * claim); worth ≤ 100 Tk, it is credited at once and My Orders says so. The profile lists the
 * store credit; checkout offers "Use my credit", the order takes it (creditApplied) and My Orders
 * says so. The same screens in Bangla. An order delivered more than 48 h ago offers no Report
 * button, and the API refuses it (409 too_late). Screenshots in /tmp/shots-problems/.
 */
import { mkdirSync } from 'node:fs';
import type { CreditAnswer } from '@contract/credit';
import type { Order } from '@contract/order';
import { PHOTO_TARGET_BYTES, type Problem } from '@contract/problem';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { idTokenFor, logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs, productNamed } from './support/api';
import { chooseArea } from './support/areas';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { shopperCodeKept } from './support/service-worker';

const browser = useBrowser();
const SHOTS = '/tmp/shots-problems';
mkdirSync(SHOTS, { recursive: true });
const PHONE = { width: 390, height: 844 };
/** The server's and the outbox's polls: an answer may take a while on a loaded 2-core machine. */
const WAIT = { timeout: 10_000 };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** A Delivered order of `shopper`: `lines` as product names and units, moved on by `admin`. */
async function deliveredOrder(admin: Account, shopper: Account, lines: Array<[string, number]>): Promise<Order> {
  const products = await Promise.all(lines.map(([name]) => productNamed(name)));
  const order = await placeOrderFor(
    shopper,
    products.map((product, index) => ({ _id: product._id, cartQuantity: lines[index]![1] })),
  );
  for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
    await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus });
  return order;
}

/** A phone signed in as `account`, controlled by the service worker, at `path` (in Bangla when asked). */
async function phone(account: Account, path: string, locale: 'en' | 'bn' = 'en') {
  const handle = await browser.open('/login', PHONE, { isMobile: true, hasTouch: true });
  await logIn(handle.page, account);
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await handle.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await handle.page.goto(browser.url(path));
  await handle.page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
  await shopperCodeKept(handle.page);
  return handle;
}

/** The POSTs of photos and claims `context` makes (its pages and its service worker). */
function problemRequests(context: BrowserContext) {
  const seen = { photos: 0, claims: 0 };
  context.on('request', (request) => {
    if (request.method() !== 'POST') return;
    const path = new URL(request.url()).pathname;
    if (path === '/api/problem-photos') seen.photos += 1;
    else if (/^\/api\/orders\/[^/]+\/problems$/.test(path)) seen.claims += 1;
  });
  return seen;
}

/**
 * A camera's picture: a 2400×1800 JPEG of a tomato on a grainy table, about 1 MB — far above
 * what may be queued, so the page must shrink it. Drawn by the page's canvas.
 */
const cameraJpeg = (page: Page): Promise<Buffer> =>
  page
    .evaluate(async () => {
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [2400, 1800];
      const draw = canvas.getContext('2d')!;
      const image = draw.createImageData(2400, 1800);
      for (let i = 0; i < image.data.length; i += 4) {
        const grain = (i * 2654435761) % 61;
        image.data.set([200 + (grain % 40), 180 + (grain % 30), 140 + grain, 255], i);
      }
      draw.putImageData(image, 0, 0);
      draw.fillStyle = '#b91c1c';
      draw.beginPath();
      draw.arc(1200, 950, 600, 0, Math.PI * 2);
      draw.fill();
      draw.fillStyle = '#57534e';
      draw.beginPath();
      draw.arc(1450, 800, 160, 0, Math.PI * 2);
      draw.fill();
      const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.95));
      return [...new Uint8Array(await blob!.arrayBuffer())];
    })
    .then((bytes) => Buffer.from(bytes));

/** Element boxes smaller than 44 px among `root`'s buttons, links, inputs and selects (WCAG 2.5.5's target size). */
const smallTargets = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((roots) =>
    roots
      .flatMap((root) => [...root.querySelectorAll('button, a, select, input:not([type=checkbox])')])
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && box.height < 44)
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );

const problemsOf = async (shopper: Account) =>
  (await apiAs<{ problems: Problem[] }>(shopper, 'GET', '/api/users/me/problems')).problems;
const creditOf = (shopper: Account) => apiAs<CreditAnswer>(shopper, 'GET', '/api/users/me/credit');

describe('problems after delivery: the shopper (phone, English)', () => {
  let admin: Account;
  let shopper: Account;
  let order: Order;

  it('reports a spoiled tomato with a photo taken offline: waits, then sent exactly once and credited at once', async () => {
    admin = await newAccount('Problems Shop Admin', { admin: true });
    shopper = await newAccount('Rahima Shopper');
    order = await deliveredOrder(admin, shopper, [
      ['Tomato', 1],
      ['Potato (Alu)', 2],
    ]);
    const { page, context } = await phone(shopper, '/dashboard/my-orders');
    const sent = problemRequests(context);
    const card = page.locator(`#order-${order._id}`);
    const report = card.getByRole('button', { name: 'Report a problem' });
    await report.waitFor();
    expect(await card.getByText(/^You can report a problem until .+\.$/).count()).toBe(1);

    // Offline: the report screen opens from the service worker, and the photo is taken.
    await context.setOffline(true);
    await report.click();
    const dialog = page.getByTestId('report-problem');
    await dialog.getByRole('heading', { name: 'Report a problem' }).waitFor();
    // Nothing ticked, then a ticked line without a reason and too many: each said under its field.
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Tick at least one item.').waitFor();
    await dialog.getByRole('checkbox', { name: /Tomato/ }).check();
    await dialog.getByLabel('How many (1–1)').fill('2');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText('Choose what was wrong').waitFor();
    await dialog.getByText('Enter a whole number from 1 to 1').waitFor();
    expect(await dialog.getByLabel('How many (1–1)').inputValue()).toBe('2');
    await dialog.getByLabel('What was wrong').selectOption({ label: 'Spoiled' });
    await dialog.getByLabel('How many (1–1)').fill('1');
    const camera = await cameraJpeg(page);
    expect(camera.byteLength).toBeGreaterThan(4 * PHOTO_TARGET_BYTES);
    await dialog
      .getByLabel('Photo (optional)')
      .setInputFiles({ name: 'tomato.jpg', mimeType: 'image/jpeg', buffer: camera });
    const ready = dialog.getByTestId('report-photo');
    await ready.waitFor(WAIT);
    const kb = Number((await ready.getByRole('status').textContent())?.match(/\((\d+) KB\)/)?.[1]);
    expect(kb).toBeGreaterThan(0);
    expect(kb).toBeLessThanOrEqual(100);
    expect(await ready.getByRole('img', { name: 'Your photo of the problem' }).isVisible()).toBe(true);
    expect(await smallTargets(page, 'report-problem')).toEqual([]);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/report-en-390x844.png` });

    await dialog.getByRole('button', { name: 'Send' }).click();
    await toast(page, 'Saved on this phone: it is sent once you are online.').first().waitFor();
    await expect.poll(() => dialog.isVisible(), WAIT).toBe(false);
    await expect
      .poll(() => card.getByTestId('problem-waiting').textContent(), WAIT)
      .toBe('Your problem report is waiting to be sent: it goes once you are online.');
    expect(await report.count()).toBe(0);
    expect(sent).toEqual({ photos: 0, claims: 0 });
    expect(await problemsOf(shopper)).toEqual([]);

    // Back online: the photo, then the claim, each once; worth 90 Tk, credited at once.
    await context.setOffline(false);
    await expect.poll(async () => (await problemsOf(shopper)).length, { timeout: 20_000 }).toBe(1);
    const [problem] = await problemsOf(shopper);
    expect(problem).toMatchObject({ orderId: order._id, status: 'credited', worth: 90, amount: 90 });
    expect(problem!.lines).toEqual([expect.objectContaining({ reason: 'spoiled', quantity: 1, name: 'Tomato' })]);
    expect(problem!.photoId).not.toBeNull();
    const status = card.getByTestId('order-problem-status');
    await expect.poll(() => status.textContent(), WAIT).toBe('Credited 90 Tk to your store credit');
    expect(await card.getByTestId('problem-waiting').count()).toBe(0);
    // The potatoes may still be reported; the tomato is not offered again.
    await report.click();
    expect(await dialog.getByRole('checkbox', { name: /Tomato/ }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    // Exactly once, even after the page sends what it holds again.
    await page.reload();
    await status.waitFor();
    expect(sent).toEqual({ photos: 1, claims: 1 });
    expect(await problemsOf(shopper)).toHaveLength(1);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-orders-credited-en-390x844.png` });
    await card.screenshot({ path: `${SHOTS}/my-orders-credited-card-en.png` });
    await context.close();
  });

  it('lists the store credit in the profile', async () => {
    expect(await creditOf(shopper)).toMatchObject({
      balance: 90,
      entries: [expect.objectContaining({ amount: 90, reason: 'problem', orderId: order._id })],
    });
    const { page, context } = await phone(shopper, '/profile');
    const credit = page.getByTestId('store-credit');
    await expect.poll(() => credit.getByTestId('credit-balance').textContent(), WAIT).toBe('Balance: 90 Tk');
    expect(await credit.getByTestId('credit-entry').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Credit for a reported problem.+Order ${order._id.slice(0, 8)}\\+90 Tk$`)),
    ]);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await credit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-credit-en-390x844.png` });
    await context.close();
  });

  it('spends the credit on the next order at checkout, and My Orders says how much it used', async () => {
    const { page, context } = await phone(shopper, '/about');
    await fillCart(page, browser.url('/api/products'), [['Tomato', 2]]);
    await page.goto(browser.url('/checkout'));
    const use = page.getByRole('checkbox', { name: 'Use my credit (90 Tk)' });
    await use.waitFor(WAIT);
    expect(await page.getByTestId('summary-credit').count()).toBe(0);
    await use.check();
    // 180 Tk of tomatoes with delivery and tax, less 90 Tk of credit.
    const subtotal = Number((await page.getByTestId('summary-subtotal').textContent())?.replace(/[^\d.]/g, ''));
    expect(subtotal).toBeGreaterThan(180);
    expect(await page.getByTestId('summary-credit').textContent()).toBe('−90 Tk');
    expect(await page.getByTestId('summary-due').textContent()).toBe(`${(subtotal - 90).toLocaleString('en')} Tk`);
    await page.getByLabel('Phone').fill('01711-000000');
    await page.getByLabel('Delivery address').fill('House 7, Road 2, Dhanmondi, Dhaka');
    await chooseArea(page, 'dhanmondi');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.getByTestId('checkout-use-credit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-credit-en-390x844.png` });
    await page.getByTestId('summary-due').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-credit-summary-en-390x844.png` });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const placed = (await apiAs<Order[]>(shopper, 'GET', '/api/users/me/orders')).find((o) => o._id !== order._id);
    expect(placed?.creditApplied).toBe(90);
    expect((await creditOf(shopper)).balance).toBe(0);
    const card = page.locator(`#order-${placed!._id}`);
    await expect.poll(() => card.getByTestId('my-order-credit').textContent(), WAIT).toBe('Store credit used: 90 Tk');
    await card.screenshot({ path: `${SHOTS}/my-orders-credit-used-en.png` });
    await context.close();
  });

  it('offers no Report button on an order delivered more than 48 h ago, and the API refuses it (too_late)', async () => {
    const old = await deliveredOrder(admin, shopper, [['Carrot (Gajor)', 1]]);
    const db = await openDatabase(inject('databaseUrl'));
    await db.execute({
      sql: "UPDATE order_status_history SET at = ? WHERE order_id = ? AND status = 'Delivered'",
      args: [Date.now() - 49 * 60 * 60 * 1000, old._id],
    });
    db.close();
    const { page, context } = await phone(shopper, '/dashboard/my-orders');
    const card = page.locator(`#order-${old._id}`);
    await card.waitFor();
    await card.getByText('Delivered').first().waitFor();
    expect(await card.getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
    const res = await fetch(new URL(`/api/orders/${old._id}/problems`, inject('baseUrl')), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idTokenFor(shopper)}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify({ lines: [{ _id: old.orderedProduct[0]!._id, reason: 'spoiled', quantity: 1 }] }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('too_late');
    await context.close();
  });
});

describe('problems after delivery: the shopper (phone, Bangla)', () => {
  it('reports, sees the credit in My Orders and the profile, and is offered it at checkout, in Bangla', async () => {
    const admin = await newAccount('Problems Bangla Admin', { admin: true });
    const shopper = await newAccount('Nasrin Shopper');
    const order = await deliveredOrder(admin, shopper, [
      ['Carrot (Gajor)', 2],
      ['Tomato', 1],
    ]);
    const { page, context } = await phone(shopper, '/dashboard/my-orders', 'bn');
    const card = page.locator(`#order-${order._id}`);
    await card.getByRole('button', { name: 'সমস্যা জানান' }).click();
    const dialog = page.getByTestId('report-problem');
    await dialog.getByRole('checkbox', { name: /গাজর|Carrot/ }).check();
    await dialog.getByRole('button', { name: 'পাঠান' }).click();
    await dialog.getByText('কী সমস্যা তা বেছে নিন').waitFor();
    await dialog.getByLabel('কী সমস্যা').selectOption({ label: 'ওজনে কম' });
    await dialog.getByLabel('কতগুলো (১–২)').fill('1');
    await dialog.getByLabel('ছবি (ঐচ্ছিক)').setInputFiles({
      name: 'carrot.jpg',
      mimeType: 'image/jpeg',
      buffer: await cameraJpeg(page),
    });
    await dialog.getByTestId('report-photo').waitFor(WAIT);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/report-bn-390x844.png` });
    await dialog.getByRole('button', { name: 'পাঠান' }).click();
    await toast(page, 'পাঠানো হয়েছে').first().waitFor(WAIT);
    // 60 Tk of carrot: credited at once, said with Bangla digits and ৳.
    const status = card.getByTestId('order-problem-status');
    await expect.poll(() => status.textContent(), WAIT).toBe('৳৬০ আপনার স্টোর ক্রেডিটে যোগ হয়েছে');
    expect(await card.getByTestId('order-problem').textContent()).toContain('ওজনে কম');
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/my-orders-credited-bn-390x844.png` });

    await page.goto(browser.url('/profile'));
    const credit = page.getByTestId('store-credit');
    await expect.poll(() => credit.getByTestId('credit-balance').textContent(), WAIT).toBe('ব্যালান্স: ৳৬০');
    expect(await credit.getByTestId('credit-amount').allTextContents()).toEqual(['+৳৬০']);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await credit.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/profile-credit-bn-390x844.png` });

    await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 1]]);
    await page.goto(browser.url('/checkout'));
    const use = page.getByRole('checkbox', { name: 'আমার ক্রেডিট ব্যবহার করুন (৳৬০)' });
    await use.check();
    // 30 Tk of potato: the credit takes at most the lines' total.
    expect(await page.getByTestId('summary-credit').textContent()).toBe('−৳৩০');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.getByTestId('checkout-use-credit').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-credit-bn-390x844.png` });
    await page.getByTestId('summary-due').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-credit-summary-bn-390x844.png` });
    await context.close();
  });
});
