/**
 * The dawn board (DESIGN.md §12) in Chromium: an admin on a tablet (768×1024 and 1024×768) sees
 * the delivery slots, a purchase list that matches the orders placed here (with sale units), its
 * print view (one A4 page, the list alone), the sales chart and its table, and downloads the CSV
 * export; once in Bangla; axe clean. A customer keeps their own dashboard home. Screenshots:
 * test-results/screenshots/dawn-board-*.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DeliverySlotOffer } from '@contract/delivery';
import type { Order } from '@contract/order';
import type { PurchaseItem, SalesDay } from '@contract/report';
import { shopDate } from '@contract/shop-day';
import { orderInput } from '../edge-api/src/testing/order-fixture';
import { idTokenFor, logIn, newAccount, type Account } from './support/accounts';
import { api, apiAs, productNamed } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
mkdirSync(SCREENSHOTS, { recursive: true });

const TABLET = { width: 768, height: 1024 };
const LANDSCAPE = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/** A page signed in as `account` on /dashboard, in Bangla when asked (switched in the header). */
async function dashboard(account: Account, viewport: { width: number; height: number }, bangla = false) {
  const phone = viewport.width < 768;
  const handle = await browser.open('/login', viewport, phone ? { isMobile: true, hasTouch: true } : {});
  await logIn(handle.page, account);
  if (bangla) {
    await handle.page.getByRole('button', { name: 'বাংলা' }).first().click();
    await handle.page.waitForFunction(() => document.documentElement.lang === 'bn');
  }
  await handle.page.goto(browser.url('/dashboard'));
  return handle;
}

/** The purchase list's rows as shown: [product, units, weight]. */
const purchaseRows = (page: Page) =>
  page
    .getByTestId('purchase-row')
    .evaluateAll((rows) =>
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())),
    );

/** Shows the purchase list of shop date `date` and waits until it has `count` rows. */
async function showPurchaseList(page: Page, date: string, label: string, count: number) {
  await page.getByTestId('purchase-list').getByLabel(label).fill(date);
  await expect.poll(() => page.getByTestId('purchase-row').count()).toBe(count);
}

/** Element boxes narrower than 44 px among the board's buttons and inputs (WCAG 2.5.5's target size). */
const smallTargets = (page: Page) =>
  page.getByTestId('dawn-board').evaluate((board) =>
    [...board.querySelectorAll('button, input')]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );

const noSidewaysScroll = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth <= innerWidth);

describe('the dawn board', () => {
  let admin: Account;
  let day: string;
  let placed: Order[];
  let before: PurchaseItem[];

  it('shows an admin the purchase list of the orders placed, in sale units with kg totals, at 1024×768', async () => {
    admin = await newAccount('Dawn Admin', { admin: true });
    const shopper = await newAccount('Dawn Shopper');
    // The last day offered: other test files' orders take the earliest slots.
    const offered = await api<DeliverySlotOffer[]>('/api/delivery-slots');
    const slot = offered.filter((s) => s.remaining >= 3).at(-1);
    if (!slot) throw new Error('no slot with room');
    day = slot.start.slice(0, 10);
    before = await apiAs<PurchaseItem[]>(admin, 'GET', `/api/reports/purchase-list?date=${day}`);
    expect(before).toEqual([]);
    const potato = await productNamed('Potato (Alu)');
    const chili = await productNamed('Green Chili Pack');
    const spinach = await productNamed('Spinach Bundle (Palong Shak)');
    // Three orders for that slot, through the API as the shopper's phone sends them.
    const orders: Array<Array<[{ _id: string }, number]>> = [
      [
        [potato, 3],
        [chili, 1],
      ],
      [
        [potato, 2],
        [spinach, 4],
      ],
      [[chili, 1]],
    ];
    placed = [];
    for (const lines of orders)
      placed.push(
        await api<Order>('/api/orders', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${await idTokenFor(shopper)}`,
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: JSON.stringify({
            ...orderInput({
              customerName: shopper.displayName,
              email: shopper.email,
              orderedProduct: lines.map(([product, cartQuantity]) => ({ _id: product._id, cartQuantity })),
            }),
            deliverySlot: slot.id,
          }),
        }),
      );
    expect(placed.every((o) => o.deliverySlot?.id === slot.id)).toBe(true);

    const { page, context } = await dashboard(admin, LANDSCAPE);
    await page.getByTestId('dawn-board').waitFor();
    await showPurchaseList(page, day, 'Delivery date', 3);
    expect(await purchaseRows(page)).toEqual([
      ['Green Chili Pack', '2 × 250 g', '0.5 kg'],
      ['Potato (Alu)', '5 Kg', '5 kg'],
      ['Spinach Bundle (Palong Shak)', '4 bundles', ''],
    ]);
    expect(await page.getByTestId('purchase-kg-total').textContent()).toBe('5.5 kg');
    // Today's and tomorrow's slots, with their orders and places left as the API counts them.
    await page.getByTestId('slots-today').getByRole('listitem').first().waitFor();
    await page.getByTestId('slots-tomorrow').getByRole('listitem').first().waitFor();
    expect(await smallTargets(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/dawn-board-1024.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('prints the purchase list alone on one A4 page', async () => {
    const { page, context } = await dashboard(admin, LANDSCAPE);
    await showPurchaseList(page, day, 'Delivery date', 3);
    await page.emulateMedia({ media: 'print' });
    // Only the list: no header, menu, stats, slots, chart or buttons.
    expect(await page.getByTestId('purchase-list').isVisible()).toBe(true);
    for (const hidden of ['sales-report', 'export-orders', 'slots-today'])
      expect(await page.getByTestId(hidden).isVisible(), hidden).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.locator('header').first().isVisible()).toBe(false);
    await page.screenshot({ path: `${SCREENSHOTS}/dawn-board-print.png`, fullPage: true });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await context.close();
  });

  it('draws the sales chart with the same numbers in a table, 14 or 30 days, and downloads the CSV at 768×1024', async () => {
    const { page, context } = await dashboard(admin, TABLET);
    const sales = page.getByTestId('sales-report');
    await sales.locator('canvas').first().waitFor();
    const expected = await apiAs<SalesDay[]>(admin, 'GET', '/api/reports/sales?days=14');
    expect(expected.at(-1)?.date).toBe(shopDate(Date.now()));
    const table = page.getByTestId('sales-table');
    expect(await table.locator('tbody tr').count()).toBe(14);
    // The table is read by screen readers while hidden from sight, and shown on request.
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Date',
      'Orders',
      'Revenue (Tk)',
      'Credit used (Tk)',
      'Credit given (Tk)',
    ]);
    await page.getByRole('button', { name: 'Show as table' }).click();
    expect(await table.isVisible()).toBe(true);
    const cells = await table
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '')));
    expect(cells.map((row) => row.slice(1).map((cell) => Number(cell.replaceAll(',', ''))))).toEqual(
      expected.map((d) => [d.orders, d.revenue, d.creditUsed, d.creditGiven]),
    );
    // Today holds at least the orders placed here.
    expect(expected.at(-1)?.orders).toBeGreaterThanOrEqual(placed.length);
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(30);
    expect(await page.getByRole('button', { name: 'Last 30 days' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Last 14 days' }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(14);

    // Export CSV: today's orders, fetched with the admin's token and saved as a file.
    const today = shopDate(Date.now());
    const exporter = page.getByTestId('export-orders');
    await exporter.getByLabel('From').fill(today);
    await exporter.getByLabel('To').fill(today);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporter.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`orders-${today}-${today}.csv`);
    const text = readFileSync(await download.path(), 'utf8');
    expect(
      text.startsWith(
        '\uFEFForder id,placed at,customer name,phone,address,slot,status,payment method,payment status,total (Tk),credit applied (Tk),rider,cash collected (Tk),lines\r\n',
      ),
    ).toBe(true);
    for (const order of placed) expect(text).toContain(`${order._id},`);
    expect(text).toContain('Potato (Alu) 3 kg @ ');
    expect(text).toContain("'+880");
    // A range the other way round is refused before asking.
    await exporter.getByLabel('From').fill('2026-12-31');
    await exporter.getByLabel('To').fill('2026-01-01');
    await exporter.getByRole('alert').waitFor();
    expect(await exporter.getByRole('button', { name: 'Export CSV' }).isDisabled()).toBe(true);
    await exporter.getByLabel('From').fill(today);
    await exporter.getByLabel('To').fill(today);
    await page.getByRole('button', { name: 'Hide the table' }).click();

    await showPurchaseList(page, day, 'Delivery date', 3);
    expect(await smallTargets(page)).toEqual([]);
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/dawn-board-768.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('speaks Bangla with Bangla digits at 768×1024 and 1024×768', async () => {
    for (const viewport of [TABLET, LANDSCAPE]) {
      const { page, context } = await dashboard(admin, viewport, true);
      await page.getByTestId('dawn-board').waitFor();
      await showPurchaseList(page, day, 'ডেলিভারির তারিখ', 3);
      expect(await purchaseRows(page)).toEqual([
        ['আলু', '৫ কেজি', '৫ কেজি'],
        ['কাঁচা মরিচ প্যাকেট', '২ × ২৫০ গ্রাম', '০.৫ কেজি'],
        ['পালং শাক আঁটি', '৪ আঁটি', ''],
      ]);
      await page.getByTestId('sales-report').locator('canvas').first().waitFor();
      await page.getByRole('button', { name: 'টেবিল হিসেবে দেখুন' }).click();
      expect(await page.getByTestId('sales-table').getByRole('columnheader').allTextContents()).toEqual([
        'তারিখ',
        'অর্ডার',
        'আয় (৳)',
        'খরচ হওয়া ক্রেডিট (টাকা)',
        'দেওয়া ক্রেডিট (টাকা)',
      ]);
      expect(await noSidewaysScroll(page)).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/dawn-board-bn-${viewport.width}.png`, fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it('fits a phone (390×844) and leaves a customer their own dashboard home', async () => {
    const { page, context } = await dashboard(admin, PHONE);
    await showPurchaseList(page, day, 'Delivery date', 3);
    await page.getByTestId('sales-report').locator('canvas').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/dawn-board-390.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();

    const customer = await newAccount('Dawn Customer');
    const mine = await dashboard(customer, TABLET);
    await mine.page.getByRole('heading', { name: 'Dashboard home' }).waitFor();
    await mine.page.getByText('No orders yet.').waitFor();
    expect(await mine.page.getByTestId('dawn-board').count()).toBe(0);
    // No report was asked for on a customer's behalf, and no chart library was loaded.
    const scripts = await mine.page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect(scripts.filter((name) => /reports|uPlot|uplot/i.test(name))).toEqual([]);
    await mine.context.close();
  });
});
