/**
 * Line choices and the final bill for the shopper (DESIGN.md §17), on a phone (390×844), in
 * English and Bangla: on the cart a shopper lets a weighed line be replaced by something similar
 * and leaves a note (a note over 80 characters is refused inline), checkout says about X Tk and at
 * most Y Tk (with bKash, that Y is charged now and the rest refunded), and the order the API stores carries the choice and note. Packed through the API as
 * an admin — the weighed line lighter, the other not found — My Orders shows "1 kg → 0.96 kg",
 * "Not found — not charged" and the final bill. Screenshots in /tmp/shots-shopper/.
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { DeliveryArea } from '@contract/delivery-area';
import type { Order } from '@contract/order';
import { finalAmountOf, packedLinePrice, priceOrder } from '@contract/weighed-pricing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn, newAccount, type Account } from './support/accounts';
import { api, apiAs, ordersOf } from './support/api';
import { chooseArea } from './support/areas';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const SHOTS = '/tmp/shots-shopper';
mkdirSync(SHOTS, { recursive: true });

const stamp = Date.now();
/** 1 kg of tomato at 80 Tk, ± 50 g: weighed. */
const TOMATO = { name: `Choice Tomato ${stamp}`, nameBn: 'দেশি টমেটো', price: 80, unit: 'kg', weightTolerance: 50 };
/** A bottle gourd at 60 Tk a piece: counted. */
const GOURD = { name: `Choice Gourd ${stamp}`, nameBn: 'লাউ', price: 60, unit: 'piece' };
const NOTE = 'Ripe ones, please';
/** The grams the admin packs of the 1 kg ordered (within 950–1050). */
const PACKED_GRAMS = 960;

/** What the pages say, by language (the catalogues' words). */
const words = {
  en: {
    ifMissing: (name: string) => `If it is missing: ${name}`,
    note: (name: string) => `Note for the packer: ${name}`,
    tooLong: 'At most 80 characters (81 now)',
    phone: 'Phone',
    address: 'Delivery address',
    place: 'Place order',
    tk: (amount: number) => `${amount.toLocaleString('en')} Tk`,
    ceiling: (about: string, atMost: string) => `About ${about}, at most ${atMost}`,
    prepaid: (atMost: string) => `${atMost} is charged now; the difference is refunded after packing.`,
    cod: 'Cash on delivery',
    choice: `If missing: Similar is fine · Note: ${NOTE}`,
    weighed: '1 kg → 0.96 kg',
    notFound: 'Not found — not charged',
    finalBill: (amount: string) => `Final bill: ${amount}`,
    cannotCancel: 'Packed: cannot cancel',
    defaultLabel: 'When an item is missing',
  },
  bn: {
    ifMissing: (name: string) => `না পাওয়া গেলে: ${name}`,
    note: (name: string) => `প্যাকারের জন্য নোট: ${name}`,
    tooLong: 'সর্বোচ্চ ৮০ অক্ষর (এখন ৮১)',
    phone: 'ফোন',
    address: 'ডেলিভারির ঠিকানা',
    place: 'অর্ডার দিন',
    tk: (amount: number) => `৳${amount.toLocaleString('bn-BD')}`,
    ceiling: (about: string, atMost: string) => `আনুমানিক ${about}, সর্বোচ্চ ${atMost}`,
    prepaid: (atMost: string) => `এখন ${atMost} নেওয়া হবে; প্যাক করার পর বাড়তি টাকা ফেরত দেওয়া হবে।`,
    cod: 'ক্যাশ অন ডেলিভারি',
    choice: `না পাওয়া গেলে: কাছাকাছি কিছু দিলে চলবে · নোট: ${NOTE}`,
    weighed: '১ কেজি → ০.৯৬ কেজি',
    notFound: 'পাওয়া যায়নি — দাম নেওয়া হয়নি',
    finalBill: (amount: string) => `চূড়ান্ত বিল: ${amount}`,
    cannotCancel: 'প্যাক হয়েছে: বাতিল করা যাবে না',
    defaultLabel: 'কোনো পণ্য না পাওয়া গেলে',
  },
} as const;

let admin: Account;
const created: Product[] = [];
beforeAll(async () => {
  admin = await newAccount('Choices Admin', { admin: true });
  for (const product of [TOMATO, GOURD])
    created.push(
      await apiAs<Product>(admin, 'POST', '/api/products', {
        ...product,
        image: '/products/tomato.webp',
        category: 'vegetable',
      }),
    );
  // The catalogue is answered from a copy re-read at most once a second: wait until it has both.
  for (let tries = 0; ; tries += 1) {
    const shown = (await api<Product[]>('/api/products')).filter((p) => p.name.endsWith(String(stamp)));
    if (shown.length === 2) break;
    if (tries > 50) throw new Error('the catalogue never listed the products added');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(async () => {
  for (const product of created) await apiAs(admin, 'DELETE', `/api/products/${product._id}`).catch(() => undefined);
});

/** The text of the `testId` elements of `page`, in order. */
const texts = (page: Page, testId: string) => page.getByTestId(testId).allTextContents();

describe.each(['en', 'bn'] as const)('line choices at 390×844 in %s', (lang) => {
  const say = words[lang];
  let shopper: Account;
  let placed: Order | undefined;

  it('a weighed line allows a similar product with a note; checkout says about and at most; the order carries both', async () => {
    shopper = await newAccount(`Choices Shopper ${lang}`);
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, shopper);
    await page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
    await fillCart(page, browser.url('/api/products'), [
      [TOMATO.name, 1],
      [GOURD.name, 2],
    ]);
    await page.goto(browser.url('/cart'));
    const tomatoName = lang === 'bn' ? TOMATO.nameBn : TOMATO.name;
    const choice = page.getByLabel(say.ifMissing(tomatoName));
    await choice.selectOption('similar');
    const note = page.getByLabel(say.note(tomatoName));
    // Over 80 characters: said under the field at once; the order waits until it is shortened.
    await note.fill('x'.repeat(81));
    await page.getByText(say.tooLong).waitFor();
    await note.fill(NOTE);
    expect(await page.getByText(say.tooLong).count()).toBe(0);
    await chooseArea(page, 'dhanmondi');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/cart-choices-${lang}.png`, fullPage: true });

    // Kept on this device: a reload shows the choice and note again.
    await page.reload();
    await expect.poll(() => page.getByLabel(say.ifMissing(tomatoName)).inputValue()).toBe('similar');
    expect(await page.getByLabel(say.note(tomatoName)).inputValue()).toBe(NOTE);

    await page.goto(browser.url('/checkout'));
    await page.getByTestId('summary-subtotal').waitFor();
    await chooseArea(page, 'dhanmondi');
    const area = (await api<DeliveryArea[]>('/api/delivery-areas')).find((a) => a.id === 'dhanmondi');
    const { subtotal, maxAmount } = priceOrder(
      [
        { price: TOMATO.price, cartQuantity: 1, unit: 'kg', unitSize: 1, weightTolerance: TOMATO.weightTolerance },
        { price: GOURD.price, cartQuantity: 2, unit: 'piece', unitSize: 1 },
      ],
      area,
    );
    expect(maxAmount).toBeGreaterThan(subtotal);
    const ceiling = page.getByTestId('summary-ceiling');
    await expect.poll(() => ceiling.locator('dt').textContent()).toBe(say.ceiling(say.tk(subtotal), say.tk(maxAmount)));
    expect(await page.getByTestId('summary-subtotal').textContent()).toBe(say.tk(subtotal));
    // On the phone the summary is below the button: the ceiling is said above it too.
    const beforeButton = page.getByTestId('checkout-ceiling');
    expect(await beforeButton.locator('span').first().textContent()).toBe(
      say.ceiling(say.tk(subtotal), say.tk(maxAmount)),
    );
    // Paid now with bKash: the most is charged, the rest refunded after packing.
    await page.getByRole('radio', { name: /bKash/ }).check();
    await beforeButton.getByText(say.prepaid(say.tk(maxAmount))).waitFor();
    await ceiling.getByText(say.prepaid(say.tk(maxAmount))).waitFor();
    await page.screenshot({ path: `${SHOTS}/checkout-ceiling-bkash-${lang}.png`, fullPage: true });
    await page.getByRole('radio', { name: say.cod }).check();
    await expect.poll(() => page.getByTestId('summary-ceiling-prepaid').count()).toBe(0);
    await page.getByLabel(say.phone).fill('01711-223344');
    await page.getByLabel(say.address).fill('House 9, Road 3, Dhanmondi');
    await page.screenshot({ path: `${SHOTS}/checkout-ceiling-${lang}.png`, fullPage: true });
    await page.getByRole('button', { name: say.place }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));

    [placed] = await ordersOf(shopper);
    const [tomato, gourd] = created;
    expect(placed?.maxAmount).toBe(maxAmount);
    expect(placed?.totalAmount).toBe(subtotal);
    expect(placed?.orderedProduct.find((line) => line._id === tomato?._id)).toMatchObject({
      substitution: 'similar',
      note: NOTE,
      weightTolerance: TOMATO.weightTolerance,
    });
    const gourdLine = placed?.orderedProduct.find((line) => line._id === gourd?._id);
    expect(gourdLine?.substitution).toBe('none');
    expect(gourdLine?.note).toBeUndefined();
    // My Orders says the choice and note on the line, and the most the order can cost.
    await expect.poll(() => texts(page, 'line-choice-shown')).toEqual([say.choice]);
    expect(await page.getByTestId('my-order-at-most').textContent()).toContain(say.tk(maxAmount));
    await context.close();
  });

  it('once packed, My Orders shows the weight packed, the line not found and the final bill', async () => {
    const order = placed;
    const [tomato, gourd] = created;
    if (!order || !tomato || !gourd) throw new Error('the order of the test before was not placed');
    await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Approved' });
    const packed = await apiAs<Order>(admin, 'PUT', `/api/orders/${order._id}/packing`, {
      lines: [
        { _id: tomato._id, found: true, packedGrams: PACKED_GRAMS },
        { _id: gourd._id, found: false },
      ],
    });
    // 80 Tk × 960 / 1000 = 76.80 Tk of goods; the gourd costs nothing.
    const finalAmount = finalAmountOf(
      packedLinePrice({ price: 80, cartQuantity: 1, unit: 'kg', unitSize: 1, weightTolerance: 50 }, PACKED_GRAMS),
      order.shipping,
      order.maxAmount,
    );
    expect(packed).toMatchObject({ orderStatus: 'Packed', finalAmount });

    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, shopper);
    await page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
    await page.goto(browser.url('/dashboard/my-orders'));
    const card = page.getByTestId('my-order').first();
    await expect.poll(() => texts(page, 'packed-line'), { timeout: 10_000 }).toEqual([say.weighed, say.notFound]);
    expect(await card.getByTestId('final-bill').textContent()).toBe(say.finalBill(say.tk(finalAmount)));
    expect(await card.getByTestId('my-order-amount').textContent()).toBe(say.tk(finalAmount));
    expect(await card.getByTestId('line-choice-shown').textContent()).toBe(say.choice);
    expect(await card.getByRole('button', { name: say.cannotCancel }).isDisabled()).toBe(true);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/my-orders-packed-${lang}.png`, fullPage: true });
    await context.close();
  });

  it('the profile’s default is what a line the shopper did not choose for asks, on this device', async () => {
    const account = await newAccount(`Default Chooser ${lang}`);
    const { page, context } = await browser.open('/login', PHONE);
    await logIn(page, account);
    await page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
    await page.goto(browser.url('/profile'));
    const fallback = page.getByLabel(say.defaultLabel);
    expect(await fallback.inputValue()).toBe('none');
    await fallback.selectOption('call');
    await page.screenshot({ path: `${SHOTS}/profile-default-${lang}.png`, fullPage: true });
    await fillCart(page, browser.url('/api/products'), [[GOURD.name, 1]]);
    await page.goto(browser.url('/cart'));
    const gourdName = lang === 'bn' ? GOURD.nameBn : GOURD.name;
    await expect.poll(() => page.getByLabel(say.ifMissing(gourdName)).inputValue()).toBe('call');
    await page.reload();
    await expect.poll(() => page.getByLabel(say.ifMissing(gourdName)).inputValue()).toBe('call');
    await context.close();
  });
});
