/**
 * The admin's tablet (DESIGN.md §5, §8) in Chromium: an order's details with its next state
 * through to Delivered and the packing slip in print; the live queue (a new order within 10 s,
 * with the notice and the tab's title), server-side filters and paging; the one-tap stock switch
 * the shop follows; the tablet sizes; and reading the queue offline from the saved copy.
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { insertOrderStatements } from '../edge-api/src/db/orders';
import { logIn, newAccount, PLACED_CONTACT, placeOrderFor, type Account } from './support/accounts';
import { apiAs } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { visit, useBrowser } from './support/browser';
import { keptQueries } from './support/indexed-db';

const browser = useBrowser();
/** The phone of every placed order as the server stores it (E.164) and as the admin's screens show it. */
const PLACED_PHONE_E164 = '+8801711000000';
const PLACED_PHONE_SHOWN = '01711-000000';
const SCREENSHOTS = 'test-results/screenshots';
const PORTRAIT = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };

/** A signed-in page at `path` (confirm prompts accepted). */
async function signedIn(account: Account, path: string, viewport = PORTRAIT) {
  const handle = await browser.open('/login', viewport);
  handle.page.on('dialog', (dialog) => void dialog.accept());
  await logIn(handle.page, account);
  await handle.page.goto(browser.url(path));
  return handle;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Stores `count` orders of `customer` straight in the database, a second apart (the API would take a minute: its write limit). */
async function seedOrders(customer: Account, count: number): Promise<void> {
  const db = await openDatabase(inject('databaseUrl'));
  const start = Date.now() - count * 1000;
  const statements = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i * 1000).toISOString();
    const order: Order = {
      _id: crypto.randomUUID(),
      customerName: customer.displayName,
      email: customer.email,
      phone: '01811000000',
      address: 'Mirpur 10, Dhaka',
      // As orders placed before delivery areas read (DESIGN.md §15): no area, the spec's fee.
      areaId: null,
      shipping: 40,
      orderStatus: 'Pending',
      totalAmount: 72,
      maxAmount: 72,
      orderDate: '22/11/2026',
      orderedProduct: [
        {
          _id: 'seeded',
          name: 'Potato (Alu)',
          price: 30,
          image: '/products/potato.webp',
          unit: 'kg',
          unitSize: 1,
          weightTolerance: null,
          cartQuantity: 1,
          substitution: 'none',
        },
      ],
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      createdAt: at,
      statusHistory: [{ status: 'Pending', at }],
      deliverySlot: null,
    };
    return insertOrderStatements(order, 'seeded-user', null);
  });
  await db.batch(statements.flat(), 'write');
  db.close();
}

/** Every visible button, select, text field and switch label of the page's main area is at least 44 px tall. */
async function smallTargets(page: Page): Promise<string[]> {
  return page
    .locator('main')
    .evaluate((main) =>
      [...main.querySelectorAll<HTMLElement>('button, select, input:not([type=checkbox]), a.btn, label:has(> .toggle)')]
        .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
        .map(
          (el) =>
            `${el.tagName} "${el.textContent?.trim() || el.getAttribute('aria-label') || ''}" ${el.getBoundingClientRect().height}px`,
        ),
    );
}

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);

describe('order details', () => {
  it('shows the customer with a tel: link, the lines and totals, and moves the order through to Delivered', async () => {
    const admin = await newAccount('Details Admin', { admin: true });
    const customer = await newAccount('Details Customer');
    const placed = await placeOrderFor(customer, 2);
    const { page, context } = await signedIn(admin, '/dashboard/manage-orders');
    await page.getByRole('searchbox').fill(customer.email);
    const row = page.getByTestId('order-row').filter({ hasText: customer.email });
    await row.getByRole('link', { name: customer.displayName }).click();
    await page.waitForURL(browser.url(`/dashboard/manage-orders/${placed._id}`));
    await page.getByRole('heading', { name: `Order of ${customer.displayName}` }).waitFor();
    // Stored in E.164, shown as people here write it, dialled as stored (DESIGN.md §15).
    expect(await page.getByRole('link', { name: PLACED_PHONE_SHOWN }).getAttribute('href')).toBe(
      `tel:${PLACED_PHONE_E164}`,
    );
    await page.getByText(PLACED_CONTACT.address).first().waitFor();
    expect(await page.getByTestId('order-line').filter({ visible: true }).count()).toBe(2);
    expect(await page.getByRole('row', { name: /^Total/ }).textContent()).toContain(`${placed.totalAmount} Tk`);
    // The shipping the order was charged (its area's fee when placed), not one worked out again.
    expect(await page.getByRole('row', { name: /^Shipping/ }).textContent()).toContain(`${placed.shipping} Tk`);
    expect(await page.getByTestId('status-timeline').textContent()).toContain('Pending');

    const steps = [
      ['Approve', 'Order Approved Successfully!!'],
      ['Out for delivery', 'Order is out for delivery'],
      ['Delivered', 'Order delivered'],
    ] as const;
    for (const [button, message] of steps) {
      await page.getByRole('button', { name: button, exact: true }).click();
      await toast(page, message).waitFor();
      // Each at the top, read as it appears: an admin's toast is gone after 3 s.
      expect(await toast(page, message).getAttribute('data-y-position')).toBe('top');
    }
    // Sent out without the packing screen, it was packed as ordered on the way (DESIGN.md §17).
    await expect.poll(() => page.getByTestId('status-timeline').locator('li').allTextContents()).toHaveLength(5);
    expect((await page.getByTestId('status-timeline').textContent()) ?? '').toMatch(
      /Pending.*Approved.*Packed.*Out for delivery.*Delivered/,
    );
    for (const button of ['Approve', 'Out for delivery', 'Delivered'])
      expect(await page.getByRole('button', { name: button, exact: true }).count()).toBe(0);
    await context.close();

    const mine = await signedIn(customer, '/dashboard/my-orders');
    const card = mine.page.getByTestId('my-order');
    await card.first().waitFor();
    expect(await card.first().textContent()).toContain('Delivered');
    await mine.context.close();
  });

  it("shows the server's message when another admin moved the order first, then its next step", async () => {
    const admin = await newAccount('Racing Admin', { admin: true });
    const placed = await placeOrderFor(await newAccount('Raced Customer'), 1);
    const { page, context } = await signedIn(admin, `/dashboard/manage-orders/${placed._id}`);
    await page.getByRole('button', { name: 'Approve', exact: true }).waitFor();
    // A directly linked order is fetched on its own, not looked for in the queue's pages.
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(fetched).toContain(`/api/orders/${placed._id}`);
    await apiAs(admin, 'PUT', `/api/orders/update/${placed._id}`, { orderStatus: 'Approved' });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await toast(page, 'it can only move to Out for delivery').waitFor();
    await page.getByRole('button', { name: 'Out for delivery', exact: true }).waitFor();
    await context.close();
  });

  it('prints the packing slip alone: no header, navigation or buttons', async () => {
    const admin = await newAccount('Printing Admin', { admin: true });
    const customer = await newAccount('Slip Customer');
    const placed = await placeOrderFor(customer, 2);
    const { page, context } = await signedIn(admin, `/dashboard/manage-orders/${placed._id}`, LANDSCAPE);
    await page.getByRole('button', { name: 'Print packing slip' }).waitFor();
    expect(await page.getByTestId('packing-slip').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'print' });
    const slip = page.getByTestId('packing-slip');
    expect(await slip.isVisible()).toBe(true);
    const text = (await slip.textContent()) ?? '';
    for (const part of [
      placed._id,
      customer.displayName,
      PLACED_PHONE_SHOWN,
      PLACED_CONTACT.address,
      `${placed.totalAmount} Tk`,
      'Cash on delivery',
      'Delivery slot',
    ])
      expect(text).toContain(part);
    expect(await page.getByRole('navigation', { name: 'Dashboard' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    expect(await page.locator('footer').first().isVisible()).toBe(false);
    expect(await page.getByRole('button').filter({ visible: true }).count()).toBe(0);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}/packing-slip-print.png`, fullPage: true });
    await context.close();
  });
});

describe('the live queue', () => {
  it('shows an order placed elsewhere within 10 s, with "1 new order" and the count in the title', async () => {
    const admin = await newAccount('Live Admin', { admin: true });
    const customer = await newAccount('Live Shopper');
    const { page, context } = await signedIn(admin, '/dashboard/manage-orders');
    await page.getByTestId('order-row').first().waitFor();
    expect(await page.title()).toBe('Manage Orders — Taza Haat');
    const placedAt = Date.now();
    await placeOrderFor(customer, 1);
    await page.getByTestId('order-row').filter({ hasText: customer.email }).waitFor({ timeout: 10_000 });
    expect(Date.now() - placedAt).toBeLessThan(10_000);
    expect(await page.getByTestId('new-orders').textContent()).toBe('1 new order');
    expect(await page.title()).toBe('(1) Manage Orders — Taza Haat');
    expect(await page.getByTestId('order-row').first().textContent()).toContain(customer.email);
    await page.getByTestId('new-orders').click();
    await page.waitForFunction(() => document.title === 'Manage Orders — Taza Haat');
    expect(await page.getByTestId('new-orders').count()).toBe(0);
    await context.close();
  });

  it('filters by state and search on the server, and loads the next page as the admin scrolls', async () => {
    const admin = await newAccount('Paging Admin', { admin: true });
    const customer = await newAccount('Many Orders');
    await seedOrders(customer, 55);
    const { page, context } = await signedIn(admin, '/dashboard/manage-orders', LANDSCAPE);
    const requests: string[] = [];
    page.on(
      'request',
      (request) => request.url().includes('/api/orders?') && requests.push(decodeURIComponent(request.url())),
    );
    const rows = page.getByTestId('order-row');
    await rows.first().waitFor();
    await page.getByRole('searchbox').fill(customer.email);
    await page.waitForURL((url) => url.searchParams.get('q') === customer.email);
    await expect.poll(() => rows.filter({ hasNotText: customer.email }).count()).toBe(0);
    expect(await rows.count()).toBe(50);
    expect(requests.some((url) => url.includes(`q=${customer.email}`))).toBe(true);
    await page.getByRole('button', { name: 'Load more orders' }).scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(55);
    expect(requests.some((url) => url.includes('cursor='))).toBe(true);
    expect(await page.getByRole('button', { name: 'Load more orders' }).count()).toBe(0);

    await page.getByLabel('Status').selectOption('Approved');
    await page.getByText('No orders match.').waitFor();
    expect(requests.some((url) => url.includes('status=Approved'))).toBe(true);
    await page.getByLabel('Status').selectOption('Pending');
    // The first page at least: the next one loads by itself when Load more is near the screen,
    // which depends on where the emptied list left the scroll.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(50);
    expect(await rows.filter({ hasNotText: customer.email }).count()).toBe(0);
    expect(requests.some((url) => url.includes('status=Pending'))).toBe(true);
    expect(await page.getByLabel('Delivery slot').locator('option').first().textContent()).toBe('All slots');
    await context.close();
  });
});

describe('stock', () => {
  it('marks a product out of stock with one tap, and the shop card says so', async () => {
    const admin = await newAccount('Stock Admin', { admin: true });
    const name = `Stock Switch Gourd ${Date.now()}`;
    const product = await apiAs<Product>(admin, 'POST', '/api/products', {
      name,
      price: 40,
      image: '/products/cucumber.webp',
      category: 'vegetable',
    });
    try {
      const { page, context } = await signedIn(admin, '/dashboard/manage-products');
      const toggle = page.getByRole('checkbox', { name: `In stock: ${name}` });
      expect(await toggle.isChecked()).toBe(true);
      const label = page.locator('label', { has: toggle });
      expect((await label.boundingBox())?.height).toBeGreaterThanOrEqual(44);
      await toggle.click();
      await expect.poll(() => toggle.isChecked()).toBe(false);
      await expect.poll(() => toggle.isEnabled()).toBe(true);
      const shopped = await apiAs<Product[]>(admin, 'GET', '/api/products');
      expect(shopped.find((p) => p.name === name)?.inStock).toBe(false);
      await visit(page, browser.url('/Shop'));
      await page.getByTestId('product-card').filter({ hasText: name }).getByText('Out of stock').waitFor();
      await context.close();
    } finally {
      await apiAs(admin, 'DELETE', `/api/products/${product._id}`);
    }
  });
});

describe('on a tablet', () => {
  it('fits Manage Orders, the details and Manage Products at 768×1024 and 1024×768: no sideways scroll, 44 px targets, axe clean', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = await newAccount('Tablet Admin', { admin: true });
    const placed = await placeOrderFor(await newAccount('Tablet Customer With A Long Name'), 3);
    for (const viewport of [PORTRAIT, LANDSCAPE]) {
      const { page, context } = await signedIn(admin, '/dashboard/manage-orders', viewport);
      const screens = [
        ['manage-orders', '/dashboard/manage-orders', page.getByTestId('order-row').first()],
        ['order-details', `/dashboard/manage-orders/${placed._id}`, page.getByTestId('status-timeline')],
        ['manage-products', '/dashboard/manage-products', page.getByTestId('product-row').first()],
      ] as const;
      for (const [name, path, ready] of screens) {
        await page.goto(browser.url(path));
        await ready.waitFor();
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${viewport.width}x${viewport.height}.png` });
        expect(await noSidewaysScroll(page), `${name} at ${viewport.width}`).toBe(true);
        expect(await smallTargets(page), `${name} at ${viewport.width}`).toEqual([]);
        expect(await seriousA11yViolations(page), `${name} at ${viewport.width}`).toEqual([]);
      }
      await context.close();
    }
  });
});

describe('offline', () => {
  it('keeps Manage Orders and an order readable offline from the last copy, with its time', async () => {
    const admin = await newAccount('Offline Admin', { admin: true });
    const customer = await newAccount('Offline Order Customer');
    const placed = await placeOrderFor(customer, 1);
    const { page, context } = await signedIn(admin, '/dashboard/manage-orders');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
    await page.getByTestId('order-row').filter({ hasText: customer.email }).waitFor();
    // The copy is saved at most once a second after a change.
    await expect.poll(() => keptQueries(page), { timeout: 10_000 }).toContain(placed._id);

    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('order-row').filter({ hasText: customer.email }).waitFor();
    expect(await page.getByTestId('last-updated').textContent()).toMatch(/^Last updated /);
    await page.getByText('You are offline. Approving and deleting orders need a connection.').waitFor();
    expect(await page.getByTestId('order-row').first().getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);

    await page.goto(browser.url(`/dashboard/manage-orders/${placed._id}`));
    await page.getByRole('heading', { name: `Order of ${customer.displayName}` }).waitFor();
    expect(await page.getByTestId('last-updated').textContent()).toMatch(/^Last updated /);
    expect(await page.getByRole('button', { name: 'Approve', exact: true }).isDisabled()).toBe(true);
    await context.setOffline(false);
    await context.close();
  });
});
