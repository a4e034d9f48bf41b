/** Offline-first behaviour in Chromium with the real service worker (issue: offline-first). */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CartLine } from '@contract/catalogue';
import type { Order } from '@contract/order';
import type { Review } from '@contract/review';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PROJECT_ID } from '../edge-api/src/contract/local-run';
import { openDatabase } from '../edge-api/src/db/client';
import { deleteProduct, insertProduct, updateProduct } from '../edge-api/src/db/products';
import { chromiumArgs } from '../scripts/lib/chromium';
import { buildPwaInto } from '../scripts/lib/stack';
import { idTokenFor, logIn, newAccount } from './support/accounts';
import { visit, useBrowser } from './support/browser';
import { hooksReady, type E2EWindow } from './support/hooks';
import { countIndexedDb } from './support/indexed-db';
import { chooseArea } from './support/areas';
import { controlled, shopperCodeKept } from './support/service-worker';

const browser = useBrowser();

/** A new signed-in shopper's page, controlled by the service worker. */
async function shopperPage(name: string) {
  const account = await newAccount(name);
  const { page, context } = await browser.open('/login');
  await logIn(page, account);
  await controlled(page);
  await shopperCodeKept(page);
  return { account, page, context };
}

/**
 * On a 390 px phone (a new page of `context` at /Shop) the header's controls — the logo, the
 * language switch, the waiting count, the cart and the account — sit side by side in the
 * viewport, none over another, and the waiting count still says "{n} waiting to send" to screen
 * readers.
 */
async function expectHeaderFits(context: BrowserContext) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, browser.url('/Shop'));
  const header = page.locator('header');
  await header.getByTestId('waiting-count').waitFor();
  const controls = [
    header.getByRole('link', { name: 'Taza Haat' }),
    header.getByRole('button', { name: 'বাংলা' }),
    header.getByTestId('waiting-count'),
    header.getByRole('link', { name: /^Cart/ }),
    header.getByRole('button', { name: /^Account menu/ }),
  ];
  const boxes = await Promise.all(
    controls.map(async (control) => {
      const box = await control.boundingBox();
      if (!box) throw new Error(`header control not shown: ${String(control)}`);
      return box;
    }),
  );
  for (const [i, box] of boxes.entries()) {
    expect(box.x, `header control ${i}`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `header control ${i}`).toBeLessThanOrEqual(390);
    const next = boxes[i + 1];
    if (next) expect(box.x + box.width, `header controls ${i} and ${i + 1}`).toBeLessThanOrEqual(next.x + 0.5);
  }
  expect(await header.getByRole('status').filter({ hasText: '1 waiting to send' }).count()).toBe(1);
  await page.close();
}

async function ordersOnServer(email: string, password: string) {
  const res = await fetch(browser.url(`/api/orders?email=${encodeURIComponent(email)}`), {
    headers: { Authorization: `Bearer ${await idTokenFor({ email, password })}` },
  });
  return (await res.json()) as Order[];
}

/**
 * Puts `products` (names) in the cart, fills checkout, goes offline and places the order: it
 * waits in the outbox. `atCheckout` runs on the checkout page before anything is filled in.
 */
async function placeOrderOffline(
  page: Page,
  context: BrowserContext,
  products = ['Potato (Alu)'],
  atCheckout: () => Promise<void> = async () => {},
) {
  await visit(page, browser.url('/Shop'));
  for (const name of products) await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await page.goto(browser.url('/checkout'));
  await atCheckout();
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByLabel('Delivery address').fill('Dhanmondi 27, Dhaka');
  await chooseArea(page, 'dhanmondi');
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(browser.url('/dashboard/my-orders'));
}

describe('installable PWA', () => {
  it('has no installability errors and a complete manifest', async () => {
    // Installability needs a real profile: an incognito context is never installable.
    const profile = mkdtempSync(join(tmpdir(), 'taza-haat-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: inject('chromePath'),
      args: chromiumArgs,
      headless: true,
    });
    const page = await context.newPage();
    await visit(page, browser.url('/'));
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: unknown[];
    };
    expect(installabilityErrors).toEqual([]);
    const { data } = (await cdp.send('Page.getAppManifest')) as { data: string };
    const manifest = JSON.parse(data) as Record<string, unknown>;
    for (const field of [
      'id',
      'name',
      'short_name',
      'description',
      'start_url',
      'scope',
      'display',
      'theme_color',
      'background_color',
      'icons',
      'screenshots',
      'shortcuts',
    ])
      expect(manifest[field], field).toBeDefined();
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });
});

describe('offline', () => {
  it('reloads every visited page offline, with product pictures, and never answers /api with the app', async () => {
    const { page, context } = await browser.open('/');
    await controlled(page);
    for (const path of ['/', '/Shop', '/cart', '/about']) {
      await page.goto(browser.url(path));
      await page.locator('main h1').first().waitFor();
    }
    await context.setOffline(true);
    for (const [path, heading] of [
      ['/', 'Fresh from the haat, to your door'],
      ['/Shop', 'ALL PRODUCTS'],
      ['/cart', 'YOUR CART IS EMPTY GO BACK TO SHOPPING'],
      ['/about', 'About page'],
    ] as const) {
      await page.goto(browser.url(path));
      await page.getByRole('heading', { name: heading }).first().waitFor();
    }
    await page.getByTestId('offline-banner').waitFor();
    await visit(page, browser.url('/Shop'));
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(36); // cards after the first six follow in a deferred render
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img')]
        .slice(0, 6)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    // The catalogue is mirrored in IndexedDB, which the shop reads first.
    const mirrored = await countIndexedDb(page, 'taza-haat', 'products');
    expect(mirrored).toBeGreaterThanOrEqual(36);
    const api = await page.goto(browser.url('/api/products')).catch(() => null);
    expect((await api?.text().catch(() => '')) ?? '').not.toContain('<div id="root">');
    await context.close();
  });

  it('keeps a cart filled offline across a reload, in localStorage.cartItems too', async () => {
    const { page, context } = await browser.open('/Shop');
    await controlled(page);
    await page.getByTestId('product-card').first().waitFor();
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Add to cart: Ginger (Ada)' }).click();
    await page.getByRole('button', { name: 'Increase Ginger (Ada)' }).click();
    await page.reload();
    await page.getByTestId('cart-badge').filter({ hasText: '2' }).waitFor();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]') as CartLine[];
    expect(stored.map((i) => [i.name, i.cartQuantity])).toEqual([['Ginger (Ada)', 2]]);
    await context.close();
  });

  it('queues an order placed offline, keeps it across a reload, and sends it exactly once when online', async () => {
    const { account, page, context } = await shopperPage('Offline Shopper');
    await placeOrderOffline(page, context);
    await page.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
    await page.getByTestId('waiting-count').waitFor();
    await page.reload();
    await page.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
    await expect.poll(() => page.getByTestId('waiting-count').textContent()).toContain('1 waiting to send');
    await expectHeaderFits(context);
    expect(await ordersOnServer(account.email, account.password)).toEqual([]);
    await context.setOffline(false);
    await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('unsent-order').count()).toBe(0);
    const orders = await ordersOnServer(account.email, account.password);
    expect(orders).toHaveLength(1);
    expect(orders[0]?.orderStatus).toBe('Pending');
    await context.close();
  });

  it('retries after a 500 on the first send and still makes one order', async () => {
    const { account, page, context } = await shopperPage('Unlucky Shopper');
    let failures = 1;
    await context.route('**/api/orders', async (route) => {
      if (route.request().method() === 'POST' && failures > 0) {
        failures -= 1;
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"error":{"code":"internal","message":"boom"}}',
        });
      } else await route.continue();
    });
    await placeOrderOffline(page, context);
    await context.setOffline(false);
    await page.getByTestId('my-order').first().waitFor({ timeout: 45_000 });
    expect(failures).toBe(0);
    expect(await ordersOnServer(account.email, account.password)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it('makes one order when two tabs, Background Sync and repeated runs all send after reconnecting', async () => {
    const { account, page, context } = await shopperPage('Two Tabs Shopper');
    const other = await context.newPage();
    await other.goto(browser.url('/dashboard/my-orders'));
    await placeOrderOffline(page, context);
    await other.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
    await context.setOffline(false);
    // On top of each tab's `online` trigger and Background Sync: two runs at once, then three in a row.
    const run = (tab: Page) => tab.evaluate(() => (window as unknown as E2EWindow).tazaHaatE2E?.sendNow());
    await Promise.all([hooksReady(page), hooksReady(other)]);
    await Promise.all([run(page), run(other)]);
    for (let i = 0; i < 3; i += 1) await run(i % 2 ? other : page);
    await expect
      .poll(async () => (await ordersOnServer(account.email, account.password)).length, { timeout: 30_000 })
      .toBe(1);
    await Promise.all(
      [page, other].map((tab) =>
        expect.poll(() => tab.getByTestId('unsent-order').count(), { timeout: 30_000 }).toBe(0),
      ),
    );
    expect(await ordersOnServer(account.email, account.password)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it('sends a queued order with a new ID token when the one it waited with has expired', async () => {
    const { account, page, context } = await shopperPage('Expired Token Shopper');
    // The server refuses every token issued before the connection returns, as it would once they expired.
    let expiredUpTo = Infinity;
    const accepted: string[] = [];
    await context.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const auth = route.request().headers()['authorization'] ?? '';
      const { iat } = JSON.parse(Buffer.from(auth.split('.')[1] ?? '', 'base64url').toString()) as { iat: number };
      if (iat <= expiredUpTo)
        return route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: '{"error":{"code":"unauthenticated","message":"Token expired"}}',
        });
      accepted.push(auth);
      return route.continue();
    });
    await placeOrderOffline(page, context);
    expiredUpTo = Math.floor(Date.now() / 1000);
    await new Promise((resolve) => setTimeout(resolve, (expiredUpTo + 1) * 1000 - Date.now() + 50)); // the next token is newer
    await context.setOffline(false);
    await page.getByTestId('my-order').first().waitFor({ timeout: 45_000 });
    expect(accepted).toHaveLength(1);
    expect(await ordersOnServer(account.email, account.password)).toHaveLength(1);
    await context.close();
  }, 90_000);

  it('marks an order the server refuses (400) as not sent, with the reason, never dropping it; Remove removes it', async () => {
    const { page, context } = await shopperPage('Refused Shopper');
    await context.route('**/api/orders', async (route) => {
      if (route.request().method() === 'POST')
        await route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: '{"error":{"code":"validation_failed","message":"Some fields are invalid; see details.fields."}}',
        });
      else await route.continue();
    });
    await visit(page, browser.url('/Shop'));
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Dhanmondi 27, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    const reason = 'Some fields are invalid. Check them and try again.';
    await page.locator('[data-sonner-toast]', { hasText: reason }).waitFor();
    // Checkout takes the shopper to the refused order, where they can act on it.
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const unsent = page.getByTestId('unsent-order').filter({ hasText: reason });
    await unsent.waitFor();
    expect(await unsent.textContent()).toContain('Not sent');
    await unsent.getByRole('button', { name: 'Back to cart' }).waitFor();
    await unsent.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByTestId('unsent-order').count()).toBe(0);
    await context.close();
  });

  it('refuses an order whose product was deleted while it waited offline, and Back to cart puts the rest in the cart', async () => {
    const db = await openDatabase(inject('databaseUrl'));
    const gone = await insertProduct(db, {
      name: `Kolmi Shak ${Date.now()}`,
      price: 20,
      image: '/products/potato.webp',
      category: 'vegetable',
    });
    try {
      const { account, page, context } = await shopperPage('Deleted Product Shopper');
      await placeOrderOffline(page, context, ['Potato (Alu)', gone.name]);
      await page.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
      // The shop deletes the product while the order waits on the phone.
      expect(await deleteProduct(db, gone._id)).toBe(1);
      await context.setOffline(false);
      const refused = page.getByTestId('unsent-order').filter({ hasText: `Out of stock: ${gone.name}` });
      await refused.waitFor({ timeout: 30_000 });
      expect(await refused.textContent()).toContain('Not sent');
      await refused.getByRole('button', { name: 'Send without them' }).waitFor();
      await refused.getByRole('button', { name: 'Remove' }).waitFor();
      await refused.getByRole('button', { name: 'Back to cart' }).click();
      await page.waitForURL(browser.url('/cart'));
      await page
        .locator('[data-sonner-toast]', {
          hasText: `Potato (Alu) added to cart. Out of stock or no longer sold: ${gone.name}`,
        })
        .waitFor();
      const rows = page.getByTestId('cart-row');
      await expect.poll(() => rows.allTextContents()).toEqual([expect.stringContaining('Potato (Alu)')]);
      await page.goto(browser.url('/dashboard/my-orders'));
      await page.getByText('You have no orders yet.').waitFor();
      expect(await page.getByTestId('unsent-order').count()).toBe(0);
      expect(await ordersOnServer(account.email, account.password)).toEqual([]);
      await context.close();
    } finally {
      await deleteProduct(db, gone._id);
      db.close();
    }
  }, 90_000);

  it("asks before placing a queued order whose price rose, in English and Bangla, and places it at today's price after Order at today's prices", async () => {
    const db = await openDatabase(inject('databaseUrl'));
    const tomato = await insertProduct(db, {
      name: `Tomato Rising ${Date.now()}`,
      price: 120,
      image: '/products/tomato.webp',
      category: 'vegetable',
    });
    try {
      const { account, page, context } = await shopperPage('Price Rise Shopper');
      // 120 Tk, shipping 40, tax 6: what the shopper sees and the order quotes.
      await placeOrderOffline(page, context, [tomato.name], async () =>
        expect(await page.getByTestId('summary-subtotal').textContent()).toBe('166 Tk'),
      );
      await page.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
      // The grocer raises the price while the order waits on the phone.
      await updateProduct(db, tomato._id, { price: 150 });
      await context.setOffline(false);
      const refused = page.getByTestId('unsent-order').filter({ hasText: 'Prices rose since you saw them' });
      await refused.waitFor({ timeout: 30_000 });
      expect(await refused.textContent()).toContain(
        `Prices rose since you saw them: ${tomato.name} 120 Tk → 150 Tk. This order is now 198 Tk (you saw 166 Tk).`,
      );
      expect(await ordersOnServer(account.email, account.password)).toEqual([]);
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await page
        .getByTestId('unsent-order')
        .filter({ hasText: `আপনি দেখার পর দাম বেড়েছে: ${tomato.name} ৳১২০ → ৳১৫০` })
        .getByRole('button', { name: 'আজকের দামে অর্ডার করুন' })
        .waitFor();
      await page.getByRole('button', { name: 'English' }).click();
      await refused.getByRole('button', { name: 'Remove' }).waitFor();
      await refused.getByRole('button', { name: "Order at today's prices" }).click();
      await page.waitForURL(browser.url('/checkout'));
      expect(await page.getByTestId('summary-subtotal').textContent()).toBe('198 Tk');
      await page.getByLabel('Phone').fill('01711000000');
      await page.getByLabel('Delivery address').fill('Dhanmondi 27, Dhaka');
      await chooseArea(page, 'dhanmondi');
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(browser.url('/dashboard/my-orders'));
      await expect
        .poll(async () => (await ordersOnServer(account.email, account.password)).map((order) => order.totalAmount))
        .toEqual([198]);
      await expect.poll(() => page.getByTestId('unsent-order').count()).toBe(0);
      await context.close();
    } finally {
      await deleteProduct(db, tomato._id);
      db.close();
    }
  }, 120_000);

  it('sends a review written offline once the connection returns', async () => {
    const { page, context } = await shopperPage('Offline Reviewer');
    await page.goto(browser.url('/dashboard/add-review'));
    await page.getByLabel('Your review').waitFor();
    await context.setOffline(true);
    await page.getByLabel('Your review').fill('Ordered on the bus with no signal. Worked!');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByTestId('unsent-review').waitFor();
    await context.setOffline(false);
    await expect.poll(() => page.getByTestId('unsent-review').count(), { timeout: 30_000 }).toBe(0);
    const reviews = (await (await fetch(browser.url('/api/reviews'))).json()) as Review[];
    expect(reviews.filter((r) => r.review === 'Ordered on the bus with no signal. Worked!')).toHaveLength(1);
    await context.close();
  }, 60_000);
});

describe('without IndexedDB (private modes that block it)', () => {
  it('says offline features are off and still sells online: cart, order and review', async () => {
    const account = await newAccount('Private Shopper');
    const { page, context } = await browser.open('/about');
    await context.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    await page.goto(browser.url('/login'));
    await logIn(page, account);
    await visit(page, browser.url('/Shop'));
    await page.getByText('offline features are off').waitFor();
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.reload();
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Dhanmondi 27, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('my-order').first().waitFor();
    expect(await ordersOnServer(account.email, account.password)).toHaveLength(1);
    await page.goto(browser.url('/dashboard/add-review'));
    await page.getByLabel('Your review').fill('Ordered from a private window, no trouble.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await expect
      .poll(
        async () =>
          ((await (await fetch(browser.url('/api/reviews'))).json()) as Review[]).filter(
            (r) => r.review === 'Ordered from a private window, no trouble.',
          ).length,
      )
      .toBe(1);
    await context.close();
  }, 60_000);
});

describe('code that cannot be fetched', () => {
  it('drops the header and layout extras whose code could not be downloaded, never the page', async () => {
    // As offline before the service worker had them: the extras loaded once the page settles fail.
    const { context } = await browser.open('/robots.txt', { width: 390, height: 844 }, { serviceWorkers: 'block' });
    const extras = /\/assets\/(offline-notices|waiting-count)-[\w-]+\.js$/;
    const refused: string[] = [];
    await context.route(extras, async (route) => {
      refused.push(new URL(route.request().url()).pathname);
      await route.abort('internetdisconnected');
    });
    const page = await context.newPage();
    await page.goto(browser.url('/Shop'));
    await expect.poll(() => refused.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'This page could not be opened' }).count()).toBe(0);
    expect(await page.getByTestId('product-card').count()).toBeGreaterThan(5);
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page
      .getByRole('button', { name: /Potato \(Alu\)/ })
      .first()
      .waitFor();
    await context.close();
  });
});

describe('updates', () => {
  it('offers a new version with "Update available — Reload" and reloads exactly once into it', async () => {
    const { page, context } = await browser.open('/about');
    await controlled(page);
    await page.getByTestId('app-version').filter({ hasText: 'v1' }).waitFor();
    await buildPwaInto(inject('distDir'), {
      ...process.env,
      VITE_FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
      VITE_FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
      VITE_E2E: '1',
      VITE_APP_VERSION: 'v2',
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await hooksReady(page);
    await page.evaluate(() => (window as unknown as E2EWindow).tazaHaatE2E?.checkForUpdate());
    await page.getByRole('alert').filter({ hasText: 'Update available' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Reload' }).click();
    await page.getByTestId('app-version').filter({ hasText: 'v2' }).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(1500);
    expect(loads).toBe(1);
    await context.close();
  }, 120_000);
});
