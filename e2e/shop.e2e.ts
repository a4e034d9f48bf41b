import type { Product } from '@contract/catalogue';
import { describe, expect, it } from 'vitest';
import { idTokenFor, newAccount } from './support/accounts';
import { useBrowser } from './support/browser';
import { cacheContents, controlled } from './support/service-worker';

const browser = useBrowser();

/**
 * A vegetable `name` at `price` Tk, added through the API by a new admin `adminName` (shown with
 * the carrot's picture); returns it and that admin's request headers, for its later edits.
 */
async function addProduct(adminName: string, name: string, price: number) {
  const admin = await newAccount(adminName, { admin: true });
  const auth = { Authorization: `Bearer ${await idTokenFor(admin)}`, 'Content-Type': 'application/json' };
  const created = await fetch(browser.url('/api/products'), {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name, price, image: '/products/carrot.webp', category: 'vegetable' }),
  });
  return { product: (await created.json()) as Product, auth };
}

describe('the shop', () => {
  it('shows ALL PRODUCTS with at least 36 cards whose pictures really loaded', async () => {
    const { page, context } = await browser.open('/Shop');
    await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(36); // cards after the first six follow in a deferred render
    await expect(cards.first().textContent()).resolves.toMatch(/Potato \(Alu\)\s*30 Tk\s*\/ kg/);
    // The pictures below the first screen wait for the first row's (at the latest until the page
    // has settled); then the lazy ones load as they scroll into view: bring each into view, then check every one.
    await expect.poll(() => page.locator('[data-testid="product-card"] img').count()).toBe(await cards.count());
    for (const card of await cards.all()) await card.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img')].every(
        (img) => img.complete && img.naturalWidth > 0,
      ),
    );
    await context.close();
  });

  it('loads only the first row’s pictures at once, with high priority, each with its size set', async () => {
    const { page, context } = await browser.open('/Shop');
    const cards = page.getByTestId('product-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(6);
    const pictures = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLImageElement>('[data-testid="product-card"] img')]
        .slice(0, 6)
        .map((img) => [
          img.loading,
          img.getAttribute('fetchpriority'),
          img.getAttribute('width'),
          img.getAttribute('height'),
        ]),
    );
    expect(pictures).toEqual([
      ['eager', 'high', '256', '256'],
      ['eager', 'high', '256', '256'],
      ['eager', 'high', '256', '256'],
      ['lazy', null, '256', '256'],
      ['lazy', null, '256', '256'],
      ['lazy', null, '256', '256'],
    ]);
    await context.close();
  });

  it('lays the grid out in 2, 3 and 3 columns on phone, tablet and desktop', async () => {
    for (const [width, columns] of [
      [360, 2],
      [768, 3],
      [1280, 3],
    ] as const) {
      const { page, context } = await browser.open('/Shop', { width, height: 900 });
      await page.getByTestId('product-card').first().waitFor();
      const lefts = await page
        .getByTestId('product-card')
        .evaluateAll((els) => els.slice(0, 6).map((el) => Math.round(el.getBoundingClientRect().left)));
      expect(new Set(lefts).size).toBe(columns);
      await context.close();
    }
  });
});

describe('unknown paths', () => {
  it.each(['/no-such-page', '/team', '/contactt'])('%s shows the 404 page', async (path) => {
    const { page, context } = await browser.open(path);
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await context.close();
  });

  it('answers /api/nope with a JSON 404, not the app', async () => {
    const res = await fetch(browser.url('/api/nope'), { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('the about page', () => {
  it('says what Taza Haat is and credits the product pictures', async () => {
    const { page, context } = await browser.open('/about');
    await page.getByRole('heading', { name: 'About page' }).waitFor();
    expect(await page.getByText('Fluent Emoji 3D').count()).toBe(1);
    expect(await page.locator('main').textContent()).toContain('MIT');
    await context.close();
  });
});

describe('catalogue refresh', () => {
  it.each(['/', '/Shop'])(
    '%s asks for the catalogue once on a first visit (preloaded by index.html), and only for a delta once mirrored',
    async (path) => {
      const { page, context } = await browser.open('/robots.txt');
      const asked: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/products' && !request.serviceWorker()) asked.push(url.search);
      });
      await page.goto(browser.url(path));
      // The home page's product cards render when scrolled near; its first render already reads the catalogue.
      await page.waitForFunction(() => localStorage.getItem('productsMirrored') !== null);
      // One request: the preload, which the app's own fetch then uses.
      expect(asked).toEqual(['']);
      expect(
        await page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter(
                (entry) =>
                  new URL(entry.name).pathname === '/api/products' &&
                  (entry as PerformanceResourceTiming).initiatorType === 'link',
              ).length,
        ),
      ).toBe(1);
      await page.reload();
      await expect.poll(() => asked.slice(1)).toEqual([expect.stringMatching(/^\?since=\d+$/)]);
      await context.close();
    },
  );

  it('brings the shop up to date with a small delta (?since=): an edited price, then a deletion', async () => {
    const { product: okra, auth } = await addProduct('Delta Admin', 'Delta Okra', 40);
    const { page, context } = await browser.open('/Shop');
    const card = page.getByTestId('product-card').filter({ hasText: 'Delta Okra' });
    await card.filter({ hasText: '40 Tk' }).waitFor();
    // The mirror is written once the page has settled; the app notes it in localStorage after
    // IndexedDB has committed the rows and their catalogue version.
    await page.waitForFunction(() => localStorage.getItem('productsMirrored') !== null);
    const deltas: string[] = [];
    context.on('request', (request) => {
      if (request.url().includes('/api/products?since=')) deltas.push(request.url());
    });
    await fetch(browser.url(`/api/products/update/${okra._id}`), {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ price: 55 }),
    });
    await page.reload();
    await card.filter({ hasText: '55 Tk' }).waitFor();
    await fetch(browser.url(`/api/products/${okra._id}`), { method: 'DELETE', headers: auth });
    // The prerendered page never lists Delta Okra (it was added after the build), so its absence
    // means something only once the page has applied the delta to the mirror's rows.
    const deletion = page.waitForResponse((response) => response.url().includes('/api/products?since='));
    await page.reload();
    await deletion;
    await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
    await expect.poll(() => card.count()).toBe(0);
    expect(deltas).toHaveLength(2);
    await context.close();
  });

  it('shows a newer price as soon as the worker has it, when the worker answered from its copy at the page’s start', async () => {
    const { product: kohlrabi, auth } = await addProduct('Broadcast Admin', 'Broadcast Kohlrabi', 40);
    const { page, context } = await browser.open('/Shop');
    const card = page.getByTestId('product-card').filter({ hasText: 'Broadcast Kohlrabi' });
    await card.filter({ hasText: '40 Tk' }).waitFor();
    await controlled(page);
    // A phone that lost its IndexedDB copy asks for the whole list again (lost here on purpose,
    // as the first visit's copy made the reload ask only for a delta).
    const withoutCopy = () => page.evaluate(() => localStorage.removeItem('productsMirrored'));
    await withoutCopy();
    await page.reload();
    await expect.poll(async () => (await cacheContents(page)).catalogue ?? []).toContain('/api/products');
    await fetch(browser.url(`/api/products/update/${kohlrabi._id}`), {
      method: 'PUT',
      headers: auth,
      body: JSON.stringify({ price: 60 }),
    });
    // The worker answers the whole list from its cache at once (40 Tk) while it fetches the new
    // one; its update message comes within the page's first second, before the page has settled.
    await withoutCopy();
    await page.reload();
    await card.filter({ hasText: '60 Tk' }).waitFor();
    await fetch(browser.url(`/api/products/${kohlrabi._id}`), { method: 'DELETE', headers: auth });
    await context.close();
  });
});
