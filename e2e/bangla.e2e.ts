/** The shop in Bangla (DESIGN.md §9), on a phone and on a desktop, with the real service worker. */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount, placeOrderFor } from './support/accounts';
import { apiAs, ordersOf, productNamed } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { visit, scrollThrough, useBrowser } from './support/browser';
import { controlled } from './support/service-worker';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const BANGLA_HEADING = 'হাট থেকে তাজা, সোজা আপনার দরজায়';
const ENGLISH_HEADING = 'Fresh from the haat, to your door';
const BANGLA_DIGIT = /[০-৯]/;
const TITLE = { en: 'Taza Haat — fresh vegetables and fruit', bn: 'তাজা হাট — তাজা সবজি ও ফল' };
/** A slot as My Orders writes it in Bangla: "রবি ২২ নভে, ০৯:০০–১১:০০" (Bangla day, digits and 24-hour times). */
const BANGLA_SLOT = /^(রবি|সোম|মঙ্গল|বুধ|বৃহস্পতি|শুক্র|শনি) [০-৯]{1,2} \S+, [০-৯]{2}:[০-৯]{2}–[০-৯]{2}:[০-৯]{2}$/;
/** Western digits written in Bangla ones. */
const banglaDigits = (text: string) => text.replace(/[0-9]/g, (digit) => '০১২৩৪৫৬৭৮৯'[Number(digit)] ?? digit);

const lang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The product cards' names as shown. */
const cardNames = (page: Page) => page.getByTestId('product-card').locator('h2').allTextContents();

/** A full-page screenshot, all sections rendered. */
async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await scrollThrough(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-bn-390.png`, fullPage: true });
}

describe('the shop in Bangla on a phone', () => {
  it('switches to Bangla and back, with Bangla digits and names, search, and the choice kept across reloads and offline', async () => {
    const { page, context } = await browser.open('/', PHONE, { isMobile: true, hasTouch: true });
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    expect(await lang(page)).toBe('en');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    expect(await lang(page)).toBe('bn');
    await page.getByRole('button', { name: 'English' }).waitFor();
    await screenshot(page, 'home');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The shop: Bangla names, ৳ and Bangla digits, search by the Bangla name and its romanisation.
    await visit(page, browser.url('/Shop'));
    await page.getByTestId('product-card').first().waitFor();
    const potato = page.getByTestId('product-card').filter({ has: page.locator('h2', { hasText: /^আলু$/ }) });
    expect(await potato.textContent()).toContain('৳৩০');
    for (const query of ['আলু', 'alu']) {
      await page.getByRole('searchbox').fill(query);
      await expect.poll(() => cardNames(page)).toEqual(['আলু', 'মিষ্টি আলু']);
    }
    await screenshot(page, 'shop');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The cart, with the potato in it.
    await potato.getByRole('button').first().click();
    await page.goto(browser.url('/cart'));
    await page.getByText('আলু').first().waitFor();
    expect(await page.locator('main').textContent()).toMatch(BANGLA_DIGIT);
    await screenshot(page, 'cart');
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Kept across a reload, and offline once the service worker has everything.
    await visit(page, browser.url('/'));
    await controlled(page);
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    expect(await lang(page)).toBe('bn');
    await context.setOffline(false);

    // And back to English, kept too.
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    expect(await lang(page)).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: ENGLISH_HEADING }).waitFor();
    await page.getByRole('button', { name: 'বাংলা' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});

describe('a page whose code cannot be downloaded', () => {
  it("says so in Bangla inside the shop's header, not in React Router's English", async () => {
    const { page, context } = await browser.open('/', PHONE, {
      isMobile: true,
      hasTouch: true,
      locale: 'bn-BD',
      serviceWorkers: 'block',
    });
    await page.getByRole('heading', { name: BANGLA_HEADING }).waitFor();
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    // To the contact page as a link would go: its code is not loaded yet.
    await page.evaluate(() => {
      history.pushState({}, '', '/contact');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'পাতাটি খোলা গেল না' }).waitFor();
    expect(await page.getByRole('button', { name: 'আবার লোড করুন' }).count()).toBe(1);
    expect(await page.getByRole('banner').count()).toBe(1);
    await context.close();
  });
});

describe('a first visit on a desktop', () => {
  it("follows the browser's language: Bangla first, then English", async () => {
    const bangla = await browser.open('/about', { width: 1280, height: 800 }, { locale: 'bn-BD' });
    await bangla.page.getByRole('heading', { name: 'আমাদের কথা' }).waitFor();
    expect(await lang(bangla.page)).toBe('bn');
    expect(await seriousA11yViolations(bangla.page)).toEqual([]);
    await bangla.context.close();

    const english = await browser.open('/about', { width: 1280, height: 800 }, { locale: 'en-GB' });
    await english.page.getByRole('heading', { name: 'About page' }).waitFor();
    expect(await lang(english.page)).toBe('en');
    await english.context.close();
  });
});

describe('the header on a tablet', () => {
  it.each(['en-GB', 'bn-BD'])(
    'fits 1024 px in %s: the links, language switch, cart and account all on screen',
    async (locale) => {
      const { page, context } = await browser.open('/Shop', { width: 1024, height: 768 }, { locale });
      const header = page.getByRole('banner');
      await header.getByRole('navigation').waitFor();
      expect(await lang(page)).toBe(locale.slice(0, 2));
      // The header's end (the account menu) is its last button; Bangla's longer links must not push it off the screen.
      const right = await header
        .getByRole('button')
        .last()
        .evaluate((button) => button.getBoundingClientRect().right);
      expect(right).toBeLessThanOrEqual(1024);
      expect(await header.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      await context.close();
    },
  );
});

describe('orders in Bangla on a phone', () => {
  it("shows My Orders' slots, Bangla product names, the timeline and the tab's title in Bangla, an API refusal in Bangla, and checkout's slots", async () => {
    const [potato, tomato] = [await productNamed('Potato (Alu)'), await productNamed('Tomato')];
    const customer = await newAccount('Bangla Orders');
    const admin = await newAccount('Bangla Admin', { admin: true });
    const advance = (id: string, orderStatus: string) =>
      apiAs(admin, 'PUT', `/api/orders/update/${id}`, { orderStatus });
    const tracked = await placeOrderFor(customer, [{ _id: potato._id, cartQuantity: 2 }]);
    await advance(tracked._id, 'Approved');
    const cancelled = await placeOrderFor(customer, [{ _id: tomato._id, cartQuantity: 1 }]);

    const { page, context } = await browser.open('/login', PHONE, { isMobile: true, hasTouch: true });
    await logIn(page, customer);
    expect(await page.title()).toBe(TITLE.en);
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await expect.poll(() => page.title()).toBe(TITLE.bn);
    await page.goto(browser.url('/dashboard/my-orders'));
    await page.getByTestId('my-order').nth(1).waitFor();
    expect(await page.title()).toBe(TITLE.bn);

    // Newest first: the tomato (Pending), then the potato (Approved).
    const [pending, approved] = [page.getByTestId('my-order').nth(0), page.getByTestId('my-order').nth(1)];
    expect(await approved.textContent()).toContain('আলু × ২ কেজি');
    expect(await pending.textContent()).toContain('টমেটো × ১ কেজি');
    // The slot, from its start and end: the server's English label's day and times in Bangla digits.
    const deliverySlot = (await ordersOf(customer)).find((o) => o._id === tracked._id)?.deliverySlot;
    if (!deliverySlot) throw new Error('the tracked order has no delivery slot');
    const slot = ((await approved.getByTestId('delivery-slot').textContent()) ?? '').replace(/^ডেলিভারি: /, '');
    expect(slot).toMatch(BANGLA_SLOT);
    const [, day, times] = /^\w+ (\d+) \w+, (.+)$/.exec(deliverySlot.label) ?? [];
    expect(slot).toContain(` ${banglaDigits(day ?? '')} `);
    expect(slot.endsWith(banglaDigits(times ?? ''))).toBe(true);
    // The timeline: Bangla states, the reached ones with Dhaka times in Bangla digits (24-hour: no AM/PM).
    const timeline = approved.getByTestId('order-timeline');
    expect(
      await timeline
        .locator('li')
        .evaluateAll((items) =>
          items.map((li) => [li.querySelector('p')?.textContent, li.getAttribute('data-reached')]),
        ),
    ).toEqual([
      ['অপেক্ষমাণ', 'true'],
      ['অনুমোদিত', 'true'],
      ['প্যাক করা হয়েছে', 'false'],
      ['ডেলিভারির পথে', 'false'],
      ['পৌঁছে গেছে', 'false'],
    ]);
    for (const time of await timeline.locator('time').allTextContents())
      expect(time).toMatch(/^[০-৯]{1,2} \S+, [০-৯]{2}:[০-৯]{2}$/);
    // Nothing in Latin letters on an order but the customer's name.
    for (const order of [pending, approved])
      expect(((await order.textContent()) ?? '').replace(customer.displayName, '')).not.toMatch(/[A-Za-z0-9]/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'my-orders');

    // The admin approves the tomato meanwhile: cancelling it is refused (409 not_pending), said in Bangla.
    await advance(cancelled._id, 'Approved');
    const prompts: string[] = [];
    page.once('dialog', (dialog) => {
      prompts.push(dialog.message());
      void dialog.accept();
    });
    await pending.getByRole('button', { name: 'মুছুন' }).click();
    await page
      .locator('[data-sonner-toast]', { hasText: 'শুধু অপেক্ষমাণ অর্ডার বাতিল করা যায়; এটি এখন অনুমোদিত।' })
      .waitFor();
    expect(prompts).toEqual(['আপনি কি এই অর্ডারটি বাতিল করতে চান?']);

    // Checkout's slots: each named in Bangla.
    await visit(page, browser.url('/Shop'));
    await page
      .getByTestId('product-card')
      .filter({ has: page.locator('h2', { hasText: /^আলু$/ }) })
      .getByRole('button')
      .first()
      .click();
    await page.goto(browser.url('/checkout'));
    const radios = page.getByTestId('delivery-slots').locator('input[type=radio]');
    await radios.first().waitFor();
    for (const name of await radios.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('aria-label'))))
      expect(name).toMatch(BANGLA_SLOT);
    expect(await page.title()).toBe(TITLE.bn);

    // And back to English: the title too.
    await page.getByRole('button', { name: 'English' }).click();
    await expect.poll(() => page.title()).toBe(TITLE.en);
    await context.close();
  });
});
