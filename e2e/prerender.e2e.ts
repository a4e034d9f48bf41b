/**
 * The prerendered public pages (DESIGN.md §13): readable with JavaScript off in the shopper's
 * language (the `locale` cookie, else Accept-Language), hydrated without an error or a hydration
 * warning in both languages, and brought up to today's catalogue once hydrated.
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { bn, en } from './support/catalogues';
import { idTokenFor, newAccount } from './support/accounts';
import { productNamed } from './support/api';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const HEADING = { en: 'ALL PRODUCTS', bn: 'সব পণ্য' } as const;
const PUBLIC_PAGES = ['/', '/home', '/Shop', '/about', '/contact'];
/** A price as a card shows it: "30 Tk" in English, "৳৩০" in Bangla. */
const PRICE = { en: /\d+ Tk/, bn: /৳[০-৯]+/ } as const;

/** The product cards' names and prices as the HTML shows them. */
async function cards(page: Page): Promise<Array<{ name: string; price: string }>> {
  return page.getByTestId('product-card').evaluateAll((nodes) =>
    nodes.map((node) => ({
      name: node.querySelector('h2')?.textContent?.trim() ?? '',
      price: node.querySelector('[data-testid="product-price"]')?.textContent?.trim() ?? '',
    })),
  );
}

/** Opens `/Shop` with JavaScript off, in a fresh context with `options`. */
async function shopWithoutScript(options: BrowserContextOptions) {
  const { page, context } = await browser.open('/Shop', PHONE, { ...options, javaScriptEnabled: false });
  return { page, context };
}

/** Scrolls to the page's end in steps, as a shopper's thumb would. */
async function scrollDown(page: Page) {
  for (let step = 0; step < 30; step += 1) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(50);
  }
}

/** Collects the page's console errors and warnings and uncaught errors. */
function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
  return seen;
}

/** Computed styles of the parts of the first screen, by a selector for each (its first match). */
async function firstScreenStyles(page: Page) {
  return page.evaluate(() => {
    const parts = [
      'header.navbar',
      'main h1',
      'main .btn',
      '[data-testid="product-card"]',
      '[data-testid="product-price"]',
    ];
    const properties = [
      'display',
      'background-color',
      'color',
      'font-size',
      'padding',
      'border-radius',
      'width',
      'height',
    ];
    return Object.fromEntries(
      parts.map((selector) => {
        const element = document.querySelector(selector);
        const style = element ? getComputedStyle(element) : undefined;
        return [selector, style ? properties.map((name) => `${name}: ${style.getPropertyValue(name)}`) : 'absent'];
      }),
    );
  });
}

describe('the prerendered public pages', () => {
  it.each([
    ['/', 'en'],
    ['/Shop', 'en'],
    ['/Shop', 'bn'],
  ] as const)(
    '%s (%s) is styled before its stylesheet or any script arrives: the CSS its markup uses is in the page',
    async (path, language) => {
      const options = { extraHTTPHeaders: { 'Accept-Language': language }, locale: language === 'bn' ? 'bn' : 'en-US' };
      const bare = await browser.open('/robots.txt', PHONE, options);
      await bare.context.route(/\/assets\/.*\.(css|js)$/, (route) => route.abort());
      await bare.page.goto(browser.url(path));
      const critical = await firstScreenStyles(bare.page);
      await bare.page.screenshot({
        path: `${SCREENSHOTS}/prerendered-critical-css-${language}${path.replace('/', '-')}-390.png`,
      });
      await bare.context.close();

      const full = await browser.open('/robots.txt', PHONE, options);
      await full.page.goto(browser.url(path));
      await full.page.locator('html[data-interactive]').waitFor({ state: 'attached' });
      expect(
        await full.page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/'))),
      ).toBe(true);
      expect(critical).toEqual(await firstScreenStyles(full.page));
      expect(Object.values(critical).filter((style) => style === 'absent').length).toBeLessThanOrEqual(
        path === '/' ? 2 : 1,
      );
      await full.context.close();
    },
  );

  it('show the shop with JavaScript off: heading, names and prices in English, and in Bangla by Accept-Language or the cookie', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const english = await shopWithoutScript({ locale: 'en-US' });
    await english.page.getByRole('heading', { name: HEADING.en }).waitFor();
    expect(await english.page.evaluate(() => document.documentElement.lang)).toBe('en');
    const shown = await cards(english.page);
    expect(shown.length).toBeGreaterThanOrEqual(36);
    for (const card of shown) {
      expect(card.name).toMatch(/[A-Za-z]/);
      expect(card.price).toMatch(PRICE.en);
    }
    await english.page.screenshot({ path: `${SCREENSHOTS}/prerendered-shop-no-js-en-390.png` });
    await english.context.close();

    const byHeader = await shopWithoutScript({ extraHTTPHeaders: { 'Accept-Language': 'bn' } });
    const byCookie = await (async () => {
      const { context } = await shopWithoutScript({ locale: 'en-US' });
      await context.addCookies([{ name: 'locale', value: 'bn', url: browser.url('/') }]);
      const page = await context.newPage();
      await page.goto(browser.url('/Shop'));
      return { page, context };
    })();
    for (const { page } of [byHeader, byCookie]) {
      await page.getByRole('heading', { name: HEADING.bn }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
      const bangla = await cards(page);
      expect(bangla.length).toBeGreaterThanOrEqual(36);
      for (const card of bangla) {
        expect(card.name).toMatch(/[\u0980-\u09FF]/);
        expect(card.price).toMatch(PRICE.bn);
      }
    }
    await byHeader.page.screenshot({ path: `${SCREENSHOTS}/prerendered-shop-no-js-bn-390.png` });
    await byHeader.context.close();
    await byCookie.context.close();
  });

  it('load every picture of the shop with JavaScript off, the first row eagerly and first, the others lazily', async () => {
    const { page, context } = await shopWithoutScript({ locale: 'en-US' });
    const cardCount = await page.getByTestId('product-card').count();
    expect(cardCount).toBeGreaterThanOrEqual(36);
    const pictures = page.getByTestId('product-card').locator('figure img');
    const loading = () =>
      pictures.evaluateAll((images) =>
        images.map((image) => ({
          src: image.getAttribute('src'),
          loading: image.getAttribute('loading'),
          priority: image.getAttribute('fetchpriority'),
          loaded: (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        })),
      );
    const before = await loading();
    expect(before).toHaveLength(cardCount);
    // The first row (three cards, the widest row) loads at once with high priority; the others lazily.
    for (const [index, picture] of before.entries()) {
      expect(picture.src).toMatch(/^\/products\/.+\.webp$/);
      expect([picture.loading, picture.priority]).toEqual(index < 3 ? ['eager', 'high'] : ['lazy', null]);
    }
    // Every one loads: with scripting off a browser loads lazy pictures at once (HTML: lazy loading
    // needs scripting, so a page cannot learn the scroll position from the requests).
    await expect.poll(async () => (await loading()).filter((picture) => !picture.loaded).length).toBe(0);
    await context.close();
  });

  it('loads each picture of the shop once with JavaScript on, those below the first screen not before the app runs', async () => {
    const { context } = await browser.open('/robots.txt', PHONE, { locale: 'en-US' });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/products/')) requested.push(pathname);
    });
    // The app's code is held back until the page has loaded: what is requested until then is the HTML's doing.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(browser.url('/Shop'));
    await page.waitForTimeout(500);
    const beforeApp = [...requested];
    release();
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    const images = await page
      .getByTestId('product-card')
      .evaluateAll((cards) => cards.map((card) => card.querySelector('figure img, figure noscript')?.outerHTML ?? ''));
    const firstScreen = images.slice(0, 6).map((html) => /src="([^"]+)"/.exec(html)?.[1]);
    // The pictures below the first screen wait for the app (the first screen's go first)…
    expect(beforeApp.length).toBeGreaterThanOrEqual(3);
    for (const path of beforeApp) expect(firstScreen).toContain(path);
    // …and then load once each, as the shopper scrolls: no picture is fetched twice.
    await scrollDown(page);
    await expect.poll(() => new Set(requested).size).toBeGreaterThan(12);
    expect(requested.length).toBe(new Set(requested).size);
    await context.close();
  });

  it('says which language it is in and that it varies by the cookie and Accept-Language', async () => {
    for (const [headers, lang] of [
      [{}, 'en'],
      [{ 'Accept-Language': 'bn-BD,bn;q=0.9,en;q=0.8' }, 'bn'],
      [{ 'Accept-Language': 'bn', Cookie: 'locale=en' }, 'en'],
      [{ 'Accept-Language': 'en-US', Cookie: 'locale=bn' }, 'bn'],
    ] as const) {
      for (const path of PUBLIC_PAGES) {
        const res = await fetch(browser.url(path), { headers });
        expect(res.status).toBe(200);
        expect(res.headers.get('Vary')).toMatch(/Cookie, Accept-Language/);
        const html = await res.text();
        expect(html, `${path} ${JSON.stringify(headers)}`).toContain(`<html lang="${lang}"`);
        // Search results and link previews read the page's own language.
        expect(html).toContain(`<meta name="description" content="${(lang === 'bn' ? bn : en)['app.description']}">`);
        expect(html).toContain('id="prerendered-queries"');
      }
    }
    // Any other route gets the app shell, as before.
    const cart = await (await fetch(browser.url('/cart'))).text();
    expect(cart).toContain('<div id="root"></div>');
  });

  it('hydrates every public page in both languages without a console error or a hydration warning', async () => {
    for (const language of ['en', 'bn'] as const) {
      for (const path of PUBLIC_PAGES) {
        // A fresh context per page: a first visit gets the prerendered page (once the service
        // worker is installed it answers navigations with the app shell, offline.e2e.ts).
        const { context } = await browser.open('/robots.txt', PHONE, {
          extraHTTPHeaders: { 'Accept-Language': language },
          locale: language === 'bn' ? 'bn' : 'en-US',
        });
        const page = await context.newPage();
        const seen = problems(page);
        const catalogue = ['/about', '/contact'].includes(path)
          ? Promise.resolve()
          : page.waitForResponse((res) => res.url().includes('/api/products'));
        await page.goto(browser.url(path));
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
        // Hydrated: the catalogue is refetched (the embedded one is stale) and the page has settled.
        await catalogue;
        await page.waitForLoadState('load');
        await page.waitForTimeout(1500);
        expect(seen, `console errors and warnings on ${path} in ${language}`).toEqual([]);
        await context.close();
      }
    }
  });

  it('hydrates the page in its own language, then shows the language the shopper chose on this device', async () => {
    const { page, context } = await browser.open('/robots.txt', PHONE, { locale: 'en-US' });
    await page.evaluate(() => localStorage.setItem('locale', 'bn'));
    const seen = problems(page);
    await page.goto(browser.url('/Shop'));
    // The server had no cookie yet: the English page, hydrated in English, then Bangla.
    await page.getByRole('heading', { name: HEADING.bn }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    // The cookie now tells the server, so the next load is the Bangla page.
    expect((await context.cookies()).find((cookie) => cookie.name === 'locale')?.value).toBe('bn');
    await page.waitForTimeout(1000);
    expect(seen).toEqual([]);
    await context.close();
  });

  it.each(['en', 'bn'] as const)(
    'keeps a tap made before the app has started (%s): Add to cart tapped on the painted page lands in the cart once the app runs',
    async (language) => {
      const { context } = await browser.open('/robots.txt', PHONE, {
        extraHTTPHeaders: { 'Accept-Language': language },
        locale: language === 'bn' ? 'bn' : 'en-US',
      });
      // The app's code is held back, as on a slow phone where the page is drawn long before it arrives.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = () => {};
      const entryAsked = new Promise<void>((resolve) => (asked = resolve));
      await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        asked();
        await held;
        await route.continue();
      });
      const page = await context.newPage();
      const seen = problems(page);
      await page.goto(browser.url('/Shop'));
      await entryAsked;
      const card = page.getByTestId('product-card').first();
      const name = (await card.locator('h2').textContent())?.trim() ?? '';
      await card.getByRole('button').click();
      const badge = page.getByTestId('cart-badge');
      expect(await page.locator('html[data-interactive]').count()).toBe(0);
      expect(await badge.textContent()).toBe(language === 'en' ? '0' : '০');
      release();
      await badge.filter({ hasText: language === 'en' ? /^1$/ : /^১$/ }).waitFor();
      // Once, though React's own replay of taps during hydration runs too.
      await page.waitForTimeout(500);
      expect(await badge.textContent()).toBe(language === 'en' ? '1' : '১');
      // The product the server sells (the prerendered catalogue's ids are the shop's), so it can be ordered.
      const sold = ((await (await fetch(browser.url('/api/products'))).json()) as Product[]).map((p) => p._id);
      const inCart = await page.evaluate(() =>
        (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as Array<{ _id: string }>).map((line) => line._id),
      );
      expect(inCart).toHaveLength(1);
      expect(sold).toContain(inCart[0]);
      await page.goto(browser.url('/cart'));
      await expect.poll(() => page.getByTestId('cart-row').allTextContents()).toEqual([expect.stringContaining(name)]);
      expect(seen).toEqual([]);
      await context.close();
    },
  );

  it('shows today’s prices once hydrated when the page was prerendered with an older catalogue', async () => {
    const admin = await newAccount('Prerender Admin', { admin: true });
    const auth = { Authorization: `Bearer ${await idTokenFor(admin)}`, 'Content-Type': 'application/json' };
    const coconut: Product = await productNamed('Coconut (Narikel)');
    const today = coconut.price + 7;
    const update = (price: number) =>
      fetch(browser.url(`/api/products/update/${coconut._id}`), {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ price }),
      });
    expect((await update(today)).ok).toBe(true);
    try {
      const { context } = await browser.open('/robots.txt', PHONE, { locale: 'en-US' });
      const page = await context.newPage();
      const seen = problems(page);
      await page.goto(browser.url('/Shop'));
      const card = page.getByTestId('product-card').filter({ hasText: 'Coconut (Narikel)' });
      // The prerendered HTML has the build's price; after hydration the refetch shows today's.
      await card
        .getByTestId('product-price')
        .filter({ hasText: new RegExp(`^${today} Tk`) })
        .waitFor();
      expect(seen).toEqual([]);
      await context.close();
    } finally {
      await update(coconut.price);
    }
  });
});
