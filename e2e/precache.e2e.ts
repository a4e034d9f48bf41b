/**
 * What a first visit stores (DESIGN.md §5, Data), read from the caches of the real service
 * worker in Chromium: the shopper's shell is precached, a role's code and the pictures are not;
 * pictures are kept as they are seen, Save for offline keeps the rest, and an unseen picture
 * offline is a placeholder, not a broken image.
 */
import type { Product } from '@contract/catalogue';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount } from './support/accounts';
import { api } from './support/api';
import { fillCart } from './support/cart';
import { hydrated, useBrowser } from './support/browser';
import { cacheContents, controlled, shopperCodeKept } from './support/service-worker';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };

/** The code of the admin's and the rider's screens (vite.config.ts roleScreens) and what only they import. */
const ROLE_CODE =
  /\/assets\/(dashboard-(add-admin|add-product|add-rider|areas|manage-orders|manage-products|order-details|pack-order|problems|update-product)|rider|dawn-board|sales-chart|uPlot)[-.]/;
/** A signed-in shopper's screens (vite.config.ts roleScreens.shopper): nobody signed out opens them. */
const SHOPPER_CODE = /\/assets\/(checkout|profile|dashboard-(home|my-orders|add-review|layout))-[\w-]{8}\.js$/;
/**
 * Signing in (its pages, the Firebase SDK), as it needs a connection anyway, and the contact form
 * (with react-hook-form): cached on first use.
 */
const ONLINE_CODE = /\/assets\/(login|register|auth-screen|firebase|contact|contact-form)-[\w-]{8}\.js$/;

/** The Content-Type the page gets for `path` (through its service worker). */
const contentType = (page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), path);

describe('a first visit', () => {
  it('precaches the shopper’s pages but no role’s code and no pictures; the pictures seen are kept, an unseen one is a placeholder offline', async () => {
    const { page, context } = await browser.open('/', PHONE);
    await controlled(page);
    const seen = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => path.startsWith('/products/')),
    );
    expect(seen.length).toBeGreaterThan(0);
    // What the page fetched before the worker controlled it is handed to the worker's caches.
    await expect
      .poll(async () => (await cacheContents(page)).images ?? [], { timeout: 15_000 })
      .toEqual(expect.arrayContaining(seen));

    const caches = await cacheContents(page);
    const precache = Object.entries(caches).find(([name]) => name.startsWith('workbox-precache'))?.[1] ?? [];
    for (const page of ['home', 'shop', 'cart', 'about', 'bn'])
      expect(
        precache.some((path) => path.startsWith(`/assets/${page}-`)),
        page,
      ).toBe(true);
    expect(
      precache.filter((path) => ROLE_CODE.test(path) || SHOPPER_CODE.test(path) || ONLINE_CODE.test(path)),
    ).toEqual([]);
    expect(precache.filter((path) => path.startsWith('/products/') || /\.(png|webp)$/.test(path))).toEqual([]);
    // Nor the delivery areas: only someone signed in can check out (shopperCodeKept waits for them).
    expect(caches['delivery-areas'] ?? []).toEqual([]);
    expect(
      Object.values(caches)
        .flat()
        .filter((path) => ROLE_CODE.test(path)),
    ).toEqual([]);

    const unseen = (await api<Product[]>('/api/products'))
      .map((product) => product.image)
      .find((image) => image.startsWith('/products/') && !seen.includes(image));
    expect(unseen).toBeDefined();
    await context.setOffline(true);
    expect(await contentType(page, seen[0]!)).toBe('image/webp');
    expect(await contentType(page, unseen!)).toBe('image/svg+xml');
    // Offline, the shop's cards show a picture or the placeholder: none is broken.
    await page.goto(browser.url('/Shop'));
    const cards = page.getByTestId('product-card');
    await cards.nth(5).waitFor();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img')]
        .slice(0, 6)
        .every((img) => img.complete && img.naturalWidth > 0),
    );
    await context.close();
  });
});

describe('Save for offline', () => {
  it('keeps every picture of the catalogue from the profile, so an unseen one is a picture offline; in English and Bangla', async () => {
    const account = await newAccount('Save For Offline');
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, account);
    await controlled(page);
    // The catalogue is mirrored once the shop has been opened.
    await page.goto(browser.url('/Shop'));
    await page.waitForFunction(() => localStorage.getItem('productsMirrored') === '1');
    await page.goto(browser.url('/profile'));
    const card = page.getByTestId('save-for-offline');
    await card.getByRole('heading', { name: 'Save for offline' }).waitFor();

    const pictures = [
      ...new Set(
        (await api<Product[]>('/api/products'))
          .map((product) => product.image)
          .filter((image) => image.startsWith('/products/')),
      ),
    ];
    await card.getByTestId('pictures-kept').waitFor();
    expect(await card.getByTestId('pictures-kept').textContent()).not.toBe(
      `${pictures.length} of ${pictures.length} pictures kept on this phone`,
    );
    await card.getByRole('button', { name: 'Save pictures for offline' }).click();
    await card.getByRole('button', { name: 'All pictures saved' }).waitFor();
    expect(await card.getByTestId('pictures-kept').textContent()).toBe(
      `${pictures.length} of ${pictures.length} pictures kept on this phone`,
    );
    expect((await cacheContents(page)).images).toEqual(expect.arrayContaining(pictures));

    await context.setOffline(true);
    for (const picture of pictures) expect(await contentType(page, picture), picture).toBe('image/webp');
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await card.getByRole('heading', { name: 'অফলাইনের জন্য রাখুন' }).waitFor();
    await card.getByText('আপনি অফলাইনে আছেন। ছবি রাখতে সংযোগ লাগবে।').waitFor();
    await context.close();
  });
});

/** Makes the page's `navigator.connection` say `type` and `saveData` (Chromium reports neither on a desktop). */
const connectionSays = (type: string, saveData: boolean) => ({
  script: ([type, saveData]: [string, boolean]) =>
    Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { type, saveData }) }),
  arg: [type, saveData] as [string, boolean],
});

describe('Save for offline on its own', () => {
  it('keeps every picture on Wi-Fi once the catalogue is mirrored, but not on Wi-Fi with Save-Data', async () => {
    const pictures = new Set(
      (await api<Product[]>('/api/products'))
        .map((product) => product.image)
        .filter((image) => image.startsWith('/products/')),
    );
    const wifi = await browser.open('/Shop', PHONE);
    await wifi.context.addInitScript(connectionSays('wifi', false).script, connectionSays('wifi', false).arg);
    await wifi.page.reload();
    await controlled(wifi.page);
    await expect
      .poll(async () => new Set((await cacheContents(wifi.page)).images ?? []), { timeout: 30_000 })
      .toEqual(pictures);
    await wifi.context.close();

    // A shopper whose phone has the worker from an earlier visit turns Save-Data on (saving data,
    // a first visit would install it only at a tap).
    const saving = await browser.open('/Shop', PHONE);
    await controlled(saving.page);
    await saving.context.addInitScript(connectionSays('wifi', true).script, connectionSays('wifi', true).arg);
    await saving.page.reload();
    await controlled(saving.page);
    await saving.page.waitForFunction(() => localStorage.getItem('productsMirrored') === '1');
    await saving.page.reload(); // a start with the catalogue mirrored, when the save would begin
    await saving.page.waitForTimeout(3000);
    const kept = (await cacheContents(saving.page)).images ?? [];
    expect(kept.filter((path) => !path.startsWith('/products/small/')).length).toBeLessThan(pictures.size / 2);
    await saving.context.close();
  });
});

describe('saving data', () => {
  it('installs the service worker and copies the catalogue on a first visit only at the first tap: a look costs the first screen alone', async () => {
    // A first page outside the app, so the setting below holds from the app's first load.
    const { page, context } = await browser.open('/api/delivery-areas', PHONE);
    await context.addInitScript(connectionSays('cellular', true).script, connectionSays('cellular', true).arg);
    await page.goto(browser.url('/Shop'));
    await hydrated(page);
    // The registering code is in and waiting for the shopper…
    await page.waitForFunction(() =>
      performance.getEntriesByType('resource').some((entry) => /\/assets\/register-worker-/.test(entry.name)),
    );
    // (without saving data the worker registers within a moment of it: give it two seconds)
    await page.waitForTimeout(2000);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    // Nor is the catalogue copied into IndexedDB for offline use: not even Dexie's code is fetched.
    const fetchedDexie = () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((entry) => /\/assets\/db-[\w-]+\.js$/.test(entry.name)),
      );
    expect(await fetchedDexie()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('productsMirrored'))).toBeNull();
    // …who taps: the worker installs and takes the page, and the catalogue is kept.
    await page.getByTestId('product-card').first().getByRole('heading').click();
    await controlled(page);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('productsMirrored'))).toBe('1');
    expect(await fetchedDexie()).toBe(true);
    await context.close();
  });

  it('counts a tap made before the registering code arrived: the worker installs when that code runs', async () => {
    const { page, context } = await browser.open('/api/delivery-areas', PHONE);
    await context.addInitScript(connectionSays('cellular', true).script, connectionSays('cellular', true).arg);
    await page.goto(browser.url('/Shop'));
    await hydrated(page);
    // At once after hydration: the registering code comes only once the page has settled.
    await page.keyboard.press('ArrowDown');
    await controlled(page);
    await context.close();
  });
});

describe('a role’s code', () => {
  it('of a signed-in shopper is cached once someone signs in: My Orders and checkout, never seen, open offline', async () => {
    const shopper = await newAccount('Shopper Code');
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, shopper);
    await controlled(page);
    await fillCart(page, browser.url('/api/products'), [['Tomato', 1]]);
    await shopperCodeKept(page);
    await context.setOffline(true);
    await page.goto(browser.url('/dashboard/my-orders'));
    await page.getByRole('heading', { name: 'My Orders', level: 1 }).waitFor();
    await page.goto(browser.url('/checkout'));
    await page.getByRole('button', { name: 'Place order' }).waitFor();
    await context.close();
  });

  it('is cached, every screen of it, when the admin first opens the dashboard; a screen never seen opens offline', async () => {
    const admin = await newAccount('Role Code Admin', { admin: true });
    const { page, context } = await browser.open('/login', { width: 1024, height: 768 });
    await logIn(page, admin);
    await page.goto(browser.url('/dashboard'));
    await controlled(page);
    await expect
      .poll(async () => ((await cacheContents(page))['code-on-demand'] ?? []).filter((path) => ROLE_CODE.test(path)), {
        timeout: 15_000,
      })
      .toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^\/assets\/dawn-board-/),
          expect.stringMatching(/^\/assets\/dashboard-add-admin-/),
          expect.stringMatching(/^\/assets\/dashboard-areas-/),
          expect.stringMatching(/^\/assets\/dashboard-problems-/),
        ]),
      );
    await context.setOffline(true);
    // A screen whose code was never fetched by a page: it renders (its list waits for the connection).
    await page.getByRole('link', { name: 'Add Admin' }).click();
    await page.getByRole('heading', { name: 'Add Admin', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Delivery areas' }).click();
    await page.getByText('You are offline. Changes to products, orders and admins need a connection.').waitFor();
    await context.close();
  });
});
