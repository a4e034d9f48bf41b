/**
 * The admin's packing screen (DESIGN.md §17) on a tablet in Chromium: an Approved order with a
 * weighed line (1 kg of pumpkin, ± 50 g), a line whose shopper allowed a similar product, and a
 * plain line. The admin opens it from the order's details (Pack), sees each line's choice and
 * note, has a weight out of range refused inline with nothing sent, then packs the pumpkin lighter,
 * the beans with a substitute and the lemons not found; the order is Packed with the final bill
 * the contract's pricing gives, and the dawn board's purchase list says what the beans' shoppers
 * asked (an order without a delivery slot too). Offline the packing waits in the outbox and is sent once when the
 * connection returns; and the same in Bangla at 768×1024. Screenshots in /tmp/shots-packing/.
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import { shopDate } from '@contract/shop-day';
import { finalAmountOf, packedLinePrice, substitutePrice } from '@contract/weighed-pricing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { api, apiAs } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const SHOTS = process.env.PACKING_SHOTS_DIR ?? '/tmp/shots-packing';
mkdirSync(SHOTS, { recursive: true });

const stamp = Date.now();
/** 1 kg of pumpkin at 60 Tk, ± 50 g: weighed, 950–1,050 g. */
const PUMPKIN = { name: `Pack Pumpkin ${stamp}`, nameBn: 'মিষ্টি কুমড়া', price: 60, unit: 'kg', weightTolerance: 50 };
/** A bundle of beans at 40 Tk: its shopper allows a similar product. */
const BEANS = { name: `Pack Beans ${stamp}`, nameBn: 'শিম', price: 40, unit: 'bundle' };
/** Lemons at 30 Tk a hali: no substitute. */
const LEMON = { name: `Pack Lemon ${stamp}`, nameBn: 'লেবু', price: 30, unit: 'hali' };
/** The substitute for the beans, dearer than them (charged at most the beans' 40 Tk). */
const FLAT_BEANS = { name: `Pack Flat Beans ${stamp}`, nameBn: 'চ্যাপ্টা শিম', price: 50, unit: 'bundle' };
const NOTE = 'Tender ones please';
/** The note of an order of beans without a delivery slot. */
const SLOTLESS_NOTE = 'Call me first';
const PACKED_GRAMS = 980;

let admin: Account;
const products: Record<string, Product> = {};
beforeAll(async () => {
  admin = await newAccount('Packing Admin', { admin: true });
  for (const product of [PUMPKIN, BEANS, LEMON, FLAT_BEANS])
    products[product.name] = await apiAs<Product>(admin, 'POST', '/api/products', {
      ...product,
      image: '/products/tomato.webp',
      category: 'vegetable',
    });
  // The catalogue is answered from a copy re-read at most once a second: wait until it has them.
  for (let tries = 0; tries < 50; tries += 1) {
    if ((await api<Product[]>('/api/products')).filter((p) => p.name.endsWith(String(stamp))).length === 4) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(async () => {
  for (const product of Object.values(products))
    await apiAs(admin, 'DELETE', `/api/products/${product._id}`).catch(() => undefined);
});

/** An Approved order of a new shopper: the pumpkin, the beans (similar, with a note) and the lemons. */
async function approvedOrder(): Promise<Order> {
  const shopper = await newAccount('Packing Shopper');
  const id = (name: string) => products[name]!._id;
  const order = await placeOrderFor(shopper, [
    { _id: id(PUMPKIN.name), cartQuantity: 1, substitution: 'none' },
    { _id: id(BEANS.name), cartQuantity: 1, substitution: 'similar', note: NOTE },
    { _id: id(LEMON.name), cartQuantity: 1, substitution: 'none' },
  ]);
  await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Approved' });
  return { ...order, orderStatus: 'Approved' };
}

/** The final bill of {@link approvedOrder} packed as these tests pack it, by the contract's pricing. */
function expectedFinal(order: Order): number {
  const line = (name: string) => order.orderedProduct.find((l) => l._id === products[name]!._id)!;
  const packedTotal = packedLinePrice(line(PUMPKIN.name), PACKED_GRAMS) + substitutePrice(line(BEANS.name), 50, 1);
  return finalAmountOf(packedTotal, order.shipping, order.maxAmount);
}

const orderOf = (id: string) => apiAs<Order>(admin, 'GET', `/api/orders/${id}`);

/** The admin, signed in, on `order`'s packing screen in `locale` (opened from its details by Pack). */
async function packingScreen(order: Order, viewport = LANDSCAPE, locale: 'en' | 'bn' = 'en') {
  const handle = await browser.open('/login', viewport);
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await logIn(handle.page, admin);
  await handle.page.goto(browser.url(`/dashboard/manage-orders/${order._id}`));
  const pack = handle.page.getByRole('link', { name: locale === 'bn' ? 'প্যাক করুন' : 'Pack', exact: true });
  await pack.waitFor();
  // Beside Pack, "Out for delivery" says it packs as ordered.
  expect(await handle.page.getByTestId('next-step-hint').textContent()).toBe(
    locale === 'bn' ? 'ডেলিভারিতে পাঠালে অর্ডার যেমন ছিল তেমনই প্যাক ধরা হবে।' : 'Sending it out packs it as ordered.',
  );
  await handle.page.screenshot({
    path: `${SHOTS}/details-approved-${locale}-${viewport.width}x${viewport.height}.png`,
  });
  await pack.click();
  await handle.page.getByTestId('packing-line').nth(2).waitFor();
  return handle;
}

/** The PUTs of packings `context` makes (its pages and its service worker). */
function packingRequests(context: BrowserContext): string[] {
  const seen: string[] = [];
  context.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().endsWith('/packing')) seen.push(request.url());
  });
  return seen;
}

const line = (page: Page, name: string) => page.getByTestId('packing-line').filter({ hasText: name });

/** What the screen says, by language. */
const words = {
  en: {
    found: 'Found',
    notFound: 'Not found',
    grams: (name: string) => `Grams packed — ${name}`,
    search: 'Find a substitute (English or Bangla name)',
    save: 'Save packing',
    similar: 'Similar if missing',
    range: 'Allowed 950–1,050 g (ordered 1,000 g)',
    outOfRange: (name: string) => `${name}: pack 950–1,050 g`,
    packed: 'Packed',
    tk: (amount: number) => `${amount.toLocaleString('en')} Tk`,
  },
  bn: {
    found: 'পাওয়া গেছে',
    notFound: 'পাওয়া যায়নি',
    grams: (name: string) => `কত গ্রাম প্যাক হলো — ${name}`,
    search: 'বিকল্প খুঁজুন (ইংরেজি বা বাংলা নাম)',
    save: 'প্যাকিং সংরক্ষণ করুন',
    similar: 'না পেলে কাছাকাছি কিছু',
    range: 'অনুমোদিত ৯৫০–১,০৫০ গ্রাম (অর্ডার ১,০০০ গ্রাম)',
    outOfRange: (name: string) => `${name}: ৯৫০–১,০৫০ গ্রাম প্যাক করুন`,
    packed: 'প্যাক করা হয়েছে',
    tk: (amount: number) => `৳${amount.toLocaleString('bn-BD')}`,
  },
} as const;

/** Packs the open screen: pumpkin lighter, beans substituted (found by `search`), lemons not found. */
async function pack(page: Page, lang: 'en' | 'bn', search: string) {
  const say = words[lang];
  const pumpkin = lang === 'bn' ? PUMPKIN.nameBn : PUMPKIN.name;
  await page.getByLabel(say.grams(pumpkin)).fill(String(PACKED_GRAMS));
  const beans = line(page, lang === 'bn' ? BEANS.nameBn : BEANS.name);
  await beans.getByRole('button', { name: say.notFound, exact: true }).click();
  await beans.getByLabel(say.search).fill(search);
  await beans.getByRole('button', { name: lang === 'bn' ? FLAT_BEANS.nameBn : FLAT_BEANS.name }).click();
  await line(page, lang === 'bn' ? LEMON.nameBn : LEMON.name)
    .getByRole('button', { name: say.notFound, exact: true })
    .click();
}

describe('the packing screen', () => {
  it('packs an Approved order on a tablet: a weighed line lighter, one substituted, one missing; a weight out of range is refused inline and nothing is sent', async () => {
    const order = await approvedOrder();
    const { page, context } = await packingScreen(order);
    const sent = packingRequests(context);
    const say = words.en;
    // Each line with its choice and note; the weighed one with its range.
    expect(await line(page, BEANS.name).getByTestId('line-choice').textContent()).toBe(say.similar);
    expect(await line(page, BEANS.name).getByTestId('line-note').textContent()).toBe(`Note: “${NOTE}”`);
    expect(await line(page, PUMPKIN.name).getByTestId('grams-range').textContent()).toBe(say.range);
    expect(
      await line(page, LEMON.name)
        .getByLabel(/Grams packed/)
        .count(),
    ).toBe(0);
    await page.screenshot({ path: `${SHOTS}/packing-en-1024x768.png`, fullPage: true });

    // Out of range: refused under the field once it is left, and on Save nothing goes.
    const grams = page.getByLabel(say.grams(PUMPKIN.name));
    await grams.fill('1051');
    await grams.blur();
    await expect
      .poll(() => line(page, PUMPKIN.name).getByRole('alert').textContent())
      .toBe(say.outOfRange(PUMPKIN.name));
    expect(await grams.getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('button', { name: say.save }).click();
    await expect.poll(() => page.getByText('Fix the lines marked below, then save again.').isVisible()).toBe(true);
    // Whole grams only.
    await grams.fill('990.5');
    await grams.blur();
    await expect
      .poll(() => line(page, PUMPKIN.name).getByRole('alert').textContent())
      .toBe(`${PUMPKIN.name}: enter whole grams`);
    expect(sent).toEqual([]);

    await pack(page, 'en', 'flat');
    const final = expectedFinal(order);
    await expect.poll(() => page.getByTestId('final-bill').textContent()).toBe(say.tk(final));
    expect(await page.getByTestId('bill-preview').textContent()).toContain(`Collect ${say.tk(final)} in cash`);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.setViewportSize(PORTRAIT);
    await page.screenshot({ path: `${SHOTS}/packing-en-768x1024.png`, fullPage: true });
    // Usable on a phone too.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/packing-en-390x844.png`, fullPage: true });
    await line(page, LEMON.name).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/packing-en-390x844-view.png` });
    await page.setViewportSize(LANDSCAPE);

    await page.getByRole('button', { name: say.save }).click();
    // Saved: back on the order's details, Packed, with each line as packed and the final bill.
    await page.waitForURL((url) => url.pathname === `/dashboard/manage-orders/${order._id}`);
    // The details' packing (the packing slip, printed instead of the page, has its own).
    const result = page.getByTestId('packing-result').first();
    await expect.poll(() => result.getByTestId('final-amount').textContent(), { timeout: 10_000 }).toBe(say.tk(final));
    expect(await page.getByRole('heading', { name: /Status/ }).textContent()).toContain(say.packed);
    expect(await result.getByTestId('packed-line').allTextContents()).toEqual([
      `${PUMPKIN.name}980 g packed${say.tk(packedLinePrice(order.orderedProduct[0]!, PACKED_GRAMS))}`,
      `${BEANS.name}→ ${FLAT_BEANS.name} · 1 bundle${say.tk(40)}`,
      `${LEMON.name}Not found — not charged${say.tk(0)}`,
    ]);
    expect(await result.getByTestId('collect-amount').textContent()).toBe(`Collect ${say.tk(final)} in cash`);
    const slip = page.getByTestId('packing-slip');
    expect(await slip.getByTestId('final-amount').textContent()).toBe(say.tk(final));
    expect(await slip.getByTestId('order-line-choice').allTextContents()).toContain(
      `If missing: Similar is fine · Note: ${NOTE}`,
    );
    await page.screenshot({ path: `${SHOTS}/details-packed-en-1024x768.png`, fullPage: true });
    expect(sent).toHaveLength(1);
    // Manage Orders finds it under Packed, priced at its final bill.
    await page.goto(browser.url('/dashboard/manage-orders'));
    await page.getByRole('combobox', { name: 'Status' }).selectOption('Packed');
    const packedRow = page
      .getByTestId('order-row')
      .filter({ hasText: say.tk(final) })
      .first();
    await expect.poll(() => packedRow.textContent(), { timeout: 10_000 }).toContain(say.packed);
    // The dawn board's purchase list says what the beans' shoppers asked, an order without a
    // delivery slot (as one placed before slots) included: it counts on the day it was placed.
    const slotless = await placeOrderFor(await newAccount('Slotless Shopper'), [
      { _id: products[BEANS.name]!._id, cartQuantity: 1, substitution: 'call', note: SLOTLESS_NOTE },
    ]);
    const db = await openDatabase(inject('databaseUrl'));
    await db.execute({
      sql: 'UPDATE orders SET slot_id = NULL, slot_start_ms = NULL, slot_end_ms = NULL WHERE id = ?',
      args: [slotless._id],
    });
    db.close();
    const slotDay = order.deliverySlot!.id.slice(0, 10);
    const today = shopDate(Date.now());
    const asked = {
      slotted: ['Similar if missing × 1', `Note: “${NOTE}”`],
      slotless: ['Call before a substitute × 1', `Note: “${SLOTLESS_NOTE}”`],
    };
    // Counts first, then the notes, oldest order first.
    const expected: Record<string, string> =
      slotDay === today
        ? { [today]: [asked.slotted[0], asked.slotless[0], asked.slotted[1], asked.slotless[1]].join(' · ') }
        : { [slotDay]: asked.slotted.join(' · '), [today]: asked.slotless.join(' · ') };
    await page.goto(browser.url('/dashboard'));
    const beansRow = page.getByTestId('purchase-row').filter({ hasText: BEANS.name });
    for (const [day, text] of Object.entries(expected)) {
      await page.getByTestId('purchase-list').getByLabel('Delivery date').fill(day);
      await expect.poll(() => beansRow.getByTestId('purchase-choices').textContent(), { timeout: 10_000 }).toBe(text);
    }
    await page.screenshot({ path: `${SHOTS}/purchase-list-en-1024x768.png`, fullPage: true });
    const stored = await orderOf(order._id);
    expect(stored.orderStatus).toBe('Packed');
    expect(stored.finalAmount).toBe(final);
    expect(stored.packing?.lines.map((l) => [l.found, l.packedGrams, l.substitute?._id])).toEqual([
      [true, PACKED_GRAMS, undefined],
      [false, null, products[FLAT_BEANS.name]!._id],
      [false, null, undefined],
    ]);
    await context.close();
  });

  it('offline, the packing waits in the outbox and is sent once when the connection is back', async () => {
    const order = await approvedOrder();
    const { page, context } = await packingScreen(order);
    const sent = packingRequests(context);
    // The tablet has the catalogue (mirrored as it loads): the substitutes are found offline too.
    await line(page, BEANS.name).getByRole('button', { name: 'Not found', exact: true }).click();
    await line(page, BEANS.name).getByLabel(words.en.search).fill('Flat');
    await line(page, BEANS.name).getByRole('button', { name: FLAT_BEANS.name }).waitFor();
    await context.setOffline(true);
    await pack(page, 'en', 'Flat');
    await page.getByRole('button', { name: words.en.save }).click();
    // What the screen says (its notes and alerts, where it is, what left): a failure shows it all.
    const screen = async () =>
      [
        new URL(page.url()).pathname,
        `${sent.length} sent`,
        ...(await page.locator('[role="status"], [role="alert"]').allTextContents()),
      ].join(' | ');
    await expect
      .poll(screen)
      .toMatch(
        /\/pack \| 0 sent \|.*This packing is waiting to be sent\..*You are offline: the packing waits on this tablet/,
      );
    await expect
      .poll(() => page.getByRole('button', { name: words.en.save }).isDisabled(), { timeout: 10_000 })
      .toBe(true);
    await page.screenshot({ path: `${SHOTS}/packing-offline-waiting-en-1024x768.png`, fullPage: true });
    expect(sent).toEqual([]);
    expect((await orderOf(order._id)).orderStatus).toBe('Approved');

    await context.setOffline(false);
    await expect.poll(async () => (await orderOf(order._id)).orderStatus, { timeout: 20_000 }).toBe('Packed');
    // The screen learns it: the order is Packed, nothing waits.
    await expect.poll(() => page.getByText('This order is Packed').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('packing-waiting').count()).toBe(0);
    expect(sent).toHaveLength(1);
    expect((await orderOf(order._id)).finalAmount).toBe(expectedFinal(order));
    await context.close();
  });

  it("marks the lines of the server's packing_invalid inline, and saves the corrected packing under a new Idempotency-Key", async () => {
    const order = await approvedOrder();
    const { page, context } = await packingScreen(order);
    const keys: string[] = [];
    let refuse = true;
    // The first save is answered as a server that finds the pumpkin's grams out of its range would.
    await context.route('**/api/orders/*/packing', async (route) => {
      keys.push((await route.request().headerValue('idempotency-key')) ?? '');
      if (!refuse) return route.fallback();
      refuse = false;
      await route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({
          error: {
            code: 'packing_invalid',
            message: 'Packing does not fit the order',
            details: {
              lines: [{ _id: products[PUMPKIN.name]!._id, reason: 'grams_out_of_range', min: 950, max: 1050 }],
            },
          },
        }),
      });
    });
    await pack(page, 'en', 'flat');
    await page.getByRole('button', { name: words.en.save }).click();
    await expect
      .poll(() => line(page, PUMPKIN.name).getByRole('alert').textContent())
      .toBe(words.en.outOfRange(PUMPKIN.name));
    expect(
      await page
        .getByRole('status')
        .getByText(`The packing was not saved: This packing does not fit the order: ${PUMPKIN.name}: pack 950–1,050 g.`)
        .isVisible(),
    ).toBe(true);
    // A refused packing is said here, not left waiting in the outbox.
    expect(await page.getByTestId('packing-waiting').count()).toBe(0);
    // Weighed again: the mark goes as the grams change.
    await page.getByLabel(words.en.grams(PUMPKIN.name)).fill('1000');
    await page.getByLabel(words.en.grams(PUMPKIN.name)).fill(String(PACKED_GRAMS));
    expect(await line(page, PUMPKIN.name).getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: words.en.save }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/manage-orders/${order._id}`);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect((await orderOf(order._id)).finalAmount).toBe(expectedFinal(order));
    await context.close();
  });

  it('packs in Bangla at 768×1024, a substitute found by its Bangla name', async () => {
    const order = await approvedOrder();
    const { page, context } = await packingScreen(order, PORTRAIT, 'bn');
    const say = words.bn;
    expect(await line(page, BEANS.nameBn).getByTestId('line-choice').textContent()).toBe(say.similar);
    expect(await line(page, PUMPKIN.nameBn).getByTestId('grams-range').textContent()).toBe(say.range);
    const grams = page.getByLabel(say.grams(PUMPKIN.nameBn));
    await grams.fill('৯৪৯');
    await grams.blur();
    await expect
      .poll(() => line(page, PUMPKIN.nameBn).getByRole('alert').textContent())
      .toBe(say.outOfRange(PUMPKIN.nameBn));
    await pack(page, 'bn', 'চ্যাপ্টা');
    const final = expectedFinal(order);
    await expect.poll(() => page.getByTestId('final-bill').textContent()).toBe(say.tk(final));
    await page.screenshot({ path: `${SHOTS}/packing-bn-768x1024.png`, fullPage: true });
    await page.setViewportSize(LANDSCAPE);
    await page.screenshot({ path: `${SHOTS}/packing-bn-1024x768.png`, fullPage: true });
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.getByRole('button', { name: say.save }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/manage-orders/${order._id}`);
    await expect
      .poll(() => page.getByTestId('packing-result').first().getByTestId('final-amount').textContent())
      .toBe(say.tk(final));
    expect(await page.getByRole('heading', { name: /অবস্থা/ }).textContent()).toContain(say.packed);
    await page.setViewportSize(PORTRAIT);
    await page.screenshot({ path: `${SHOTS}/details-packed-bn-768x1024.png`, fullPage: true });
    expect((await orderOf(order._id)).orderStatus).toBe('Packed');
    // The dawn board's purchase list says in Bangla what the beans' shoppers asked (this file's
    // other orders of that day too, so the count is this day's), their shared note said once.
    await page.goto(browser.url('/dashboard'));
    await page.getByTestId('purchase-list').getByLabel('ডেলিভারির তারিখ').fill(order.deliverySlot!.id.slice(0, 10));
    const asked = page
      .getByTestId('purchase-row')
      .filter({ hasText: BEANS.nameBn })
      .first()
      .getByTestId('purchase-choices');
    await expect.poll(() => asked.textContent(), { timeout: 10_000 }).toContain(`নোট: “${NOTE}”`);
    const text = (await asked.textContent()) ?? '';
    const similar = new RegExp(`^${say.similar} × ([০-৯]+) · `).exec(text)?.[1];
    expect(similar, text).toBeDefined();
    expect(text.split(`নোট: “${NOTE}”`), text).toHaveLength(2);
    // Every beans order of this file asks similar with that note: the note counts as many lines.
    expect(text).toMatch(new RegExp(`নোট: “${NOTE}”${similar === '১' ? '' : ` × ${similar}`}( · |$)`));
    await page.screenshot({ path: `${SHOTS}/purchase-list-bn-768x1024.png`, fullPage: true });
    await context.close();
  });
});
