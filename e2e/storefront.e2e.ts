import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorToken } from '../edge-api/src/testing/tokens';
import { seriousA11yViolations } from './support/axe';
import { scrollThrough, useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';

/** The text of the newest toast, once it shows, with its position. */
async function toast(page: Page, text: string) {
  const item = page.locator('[data-sonner-toast]', { hasText: text }).last();
  await item.waitFor();
  return { x: await item.getAttribute('data-x-position'), y: await item.getAttribute('data-y-position') };
}

beforeAll(async () => {
  // A real review, so the home page has a testimonial to show.
  const res = await fetch(new URL('/api/reviews', inject('baseUrl')), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${emulatorToken({ uid: 'uid-rina', email: 'rina@example.test', name: 'Rina Akter' })}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ review: 'The carrots were crisp and sweet, delivered the same day.', rating: 4.5 }),
  });
  expect(res.status).toBe(201);
});

describe('home page', () => {
  it('shows every section of spec §1', async () => {
    const { page, context } = await browser.open('/');
    await page.getByRole('heading', { name: 'Fresh from the haat, to your door' }).waitFor();
    await scrollThrough(page); // sections below the fold render as they come near
    for (const name of [
      'Categories',
      'Highlights',
      'Vegetables by season',
      'Fresh vegetables today',
      'Nine kinds of vegetables',
      'New Arrivals',
      'What our customers say',
      'Contact us',
    ]) {
      await page
        .getByRole(name === 'Categories' ? 'navigation' : name === 'Highlights' ? 'region' : 'heading', { name })
        .first()
        .waitFor();
    }
    await expect
      .poll(() => page.locator('section[aria-labelledby="new-arrivals-heading"] [data-testid="product-card"]').count())
      .toBe(8);
    expect(await page.locator('section[aria-labelledby="types-heading"] li').count()).toBe(9);
    const testimonial = page.getByTestId('testimonial').filter({ hasText: 'The carrots were crisp and sweet' }).first();
    await testimonial.waitFor();
    expect(await testimonial.getByRole('img', { name: 'Rated 4.5 out of 5' }).count()).toBe(1);
    await context.close();
  });

  it('opens the shop filtered from the category sidebar', async () => {
    const { page, context } = await browser.open('/home');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Winter' }).click();
    await page.waitForURL(/\/shop\?category=vegetable&season=winter$/);
    // Cards after the first six follow in a deferred render.
    await expect
      .poll(() => page.getByTestId('product-card').locator('h2').allTextContents())
      .toContain('Carrot (Gajor)');
    const names = await page.getByTestId('product-card').locator('h2').allTextContents();
    expect(names).not.toContain('Himsagar Mango');
    expect(names).not.toContain('Potato (Alu)');
    await context.close();
  });
});

describe('shop search and filters', () => {
  it('searches by name and filters by category and season, kept in the URL across a reload', async () => {
    const { page, context } = await browser.open('/Shop');
    await page.getByTestId('product-card').first().waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill('mango');
    await expect.poll(() => page.url()).toMatch(/q=mango/);
    await expect
      .poll(() => page.getByTestId('product-card').locator('h2').allTextContents())
      .toEqual(['Himsagar Mango', 'Amrapali Mango']);
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByLabel('Category').selectOption('fruit');
    await page.getByLabel('Season').selectOption('winter');
    await expect.poll(() => page.url()).toMatch(/category=fruit&season=winter/);
    await page.reload();
    await page.getByTestId('product-card').first().waitFor();
    const names = await page.getByTestId('product-card').locator('h2').allTextContents();
    expect(names).toEqual(['Orange (Komola)', 'Green Malta', 'Strawberry', 'Olive (Jolpai)']);
    expect(await page.getByLabel('Category').inputValue()).toBe('fruit');
    await page.getByRole('searchbox', { name: 'Search' }).fill('durian');
    await page.getByText('No products match.').waitFor();
    await context.close();
  });
});

describe('cart (spec §4)', () => {
  it('adds, increases, decreases, removes and clears with the exact toasts, bottom-left', async () => {
    const { page, context } = await browser.open('/Shop');
    await page.getByRole('button', { name: 'Add to cart: Carrot (Gajor)' }).click();
    expect(await toast(page, 'Carrot (Gajor) added to cart')).toEqual({ x: 'left', y: 'bottom' });
    await page.getByRole('button', { name: 'Increase Carrot (Gajor)' }).click(); // the card's stepper, once in the cart
    await toast(page, 'Increased Carrot (Gajor) Quantity');
    await page.getByRole('button', { name: 'Add to cart: Tomato' }).click();
    expect(await page.getByTestId('cart-badge').textContent()).toBe('3');

    await page.getByRole('link', { name: /^Cart/ }).click();
    await page.getByRole('heading', { name: 'Your Cart : 2' }).waitFor();
    expect(await page.getByTestId('cart-quantity').allTextContents()).toEqual(['2 Kg', '1 Kg']);
    expect(await page.getByTestId('cart-line-total').allTextContents()).toEqual(['120 Tk', '90 Tk']);
    await page.getByText('Total Price: 210 Tk').waitFor();

    await page.getByRole('button', { name: 'Decrease Carrot (Gajor)' }).click();
    await toast(page, 'Carrot (Gajor) decreases quantity');
    await page.getByRole('button', { name: 'Decrease Carrot (Gajor)' }).click();
    await toast(page, 'Carrot (Gajor) removed from cart');
    await page.getByRole('heading', { name: 'Your Cart : 1' }).waitFor();
    await page.getByRole('button', { name: 'Remove Tomato' }).click();
    await toast(page, 'Tomato removed from cart');
    await page.getByRole('heading', { name: 'YOUR CART IS EMPTY GO BACK TO SHOPPING' }).waitFor();

    await page.getByRole('link', { name: 'Shop', exact: true }).last().click();
    await page.waitForURL(/\/shop$/);
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.goto(browser.url('/cart'));
    await page.getByRole('button', { name: 'Clear Cart' }).click();
    await toast(page, 'Cart Cleared');
    await page.getByRole('heading', { name: 'YOUR CART IS EMPTY GO BACK TO SHOPPING' }).waitFor();
    await context.close();
  });

  it('survives a reload in localStorage.cartItems, and other tabs follow', async () => {
    const { page, context } = await browser.open('/Shop');
    const other = await context.newPage();
    await other.goto(browser.url('/cart'));
    await page.getByRole('button', { name: 'Add to cart: Garlic (Roshun)' }).click();
    await page.getByRole('button', { name: 'Increase Garlic (Roshun)' }).click();
    await other.getByRole('heading', { name: 'Your Cart : 1' }).waitFor();
    await other.getByTestId('cart-badge').filter({ hasText: '2' }).waitFor();
    await page.reload();
    await page.getByTestId('cart-badge').filter({ hasText: '2' }).waitFor();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('cartItems'))) ?? '[]') as Record<
      string,
      unknown
    >[];
    expect(stored).toEqual([
      expect.objectContaining({
        name: 'Garlic (Roshun)',
        price: 150,
        image: '/products/garlic.webp',
        category: 'vegetable',
        cartQuantity: 2,
        _id: expect.any(String),
      }),
    ]);
    await context.close();
  });

  it('keeps a change another tab made before this tab opened IndexedDB (Dexie loads after the first screen)', async () => {
    // No service worker: it would serve the Dexie chunk from its cache, past the hold below.
    const { page, context } = await browser.open('/Shop', undefined, { serviceWorkers: 'block' });
    const later = await context.newPage();
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // The later tab cannot load Dexie until the first tab's change is made.
    await context.route('**/assets/db-*.js', async (route) => {
      if (route.request().frame().page() === later) await released;
      await route.continue();
    });
    await later.goto(browser.url('/cart'));
    await later.getByRole('heading', { name: 'YOUR CART IS EMPTY GO BACK TO SHOPPING' }).waitFor();
    await page.getByRole('button', { name: 'Add to cart: Garlic (Roshun)' }).click();
    await toast(page, 'Garlic (Roshun) added to cart');
    release();
    // The later tab reads localStorage again as Dexie opens, so its empty cart does not overwrite the change.
    await later.getByRole('heading', { name: 'Your Cart : 1' }).waitFor();
    await page.reload();
    await page.getByTestId('cart-badge').filter({ hasText: '1' }).waitFor();
    await context.close();
  });

  it('shows "99+" on the badge above 99 items', async () => {
    const { page, context } = await browser.open('/');
    await page.waitForLoadState('networkidle');
    const products = (await (await fetch(browser.url('/api/products'))).json()) as Product[];
    await page.evaluate(
      (items) => localStorage.setItem('cartItems', JSON.stringify(items)),
      products.slice(0, 2).map((p, i) => ({ ...p, cartQuantity: i === 0 ? 60 : 40 })),
    );
    await page.reload();
    await page.getByTestId('cart-badge').filter({ hasText: '99+' }).waitFor();
    await context.close();
  });
});

describe('contact form (spec §5)', () => {
  it('shows an inline message for each invalid field', async () => {
    const { page, context } = await browser.open('/contact');
    await page.getByRole('heading', { name: 'Contact us', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Send message' }).click();
    expect(await page.getByText('Required').count()).toBe(5);
    await page.getByLabel('First name').fill('x'.repeat(81));
    await page.getByLabel('E-mail').fill('not an email');
    await page.getByLabel('Phone').fill('0171100000000');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('At most 80 characters').waitFor();
    await page.getByText('Enter an e-mail like name@example.com').waitFor();
    await page.getByText('At most 12 characters').waitFor();
    await page.getByLabel('First name').fill('Nadia');
    await page.getByLabel('Last name').fill('Islam');
    await page.getByLabel('E-mail').fill('nadia@example.test');
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Message').fill('Do you deliver to Uttara?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Thank you, Nadia! We read every message.').waitFor();
    await context.close();
  });
});

describe('footer and 404', () => {
  it('links to /contact (not /contactt); undefined footer routes reach the 404 page with a way back', async () => {
    const { page, context } = await browser.open('/about');
    await page.getByRole('heading', { name: 'About page' }).waitFor();
    const footer = page.locator('footer');
    expect(await footer.locator('a[href="/contactt"]').count()).toBe(0);
    expect(await footer.locator('a[href="/contact"]').count()).toBeGreaterThan(0);
    for (const href of ['/team', '/terms', '/projects', '/blogs'])
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    await footer.getByRole('link', { name: 'Our team' }).click();
    await page.getByRole('heading', { name: '404 Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the shop' }).click();
    await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
    await context.close();
  });
});

describe('accessibility and look', () => {
  const pages = [
    ['home', '/'],
    ['shop', '/Shop'],
    ['about', '/about'],
    ['contact', '/contact'],
    ['cart', '/cart'],
    ['not-found', '/nope'],
  ] as const;

  it.each(pages)('%s has no serious or critical axe violations', async (_name, path) => {
    const { page, context } = await browser.open(path);
    await page.locator('main h1').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });

  it('saves screenshots at 360, 768 and 1280 px for a look by eye', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const width of [360, 768, 1280]) {
      for (const [name, path] of pages) {
        const { page, context } = await browser.open(path, { width, height: width === 360 ? 740 : 900 });
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
        // Nothing may be wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await context.close();
      }
    }
  }, 120_000);
});
