/**
 * A prepaid order's partial refund reaches the shopper (DESIGN.md §17 "Money", §10), in English
 * and Bangla: a shopper on a phone (390×844) pays a bKash order from My Orders on the bKash
 * stand-in (scripts/bkash-standin.ts), charged the most the order can cost; the admin packs it on
 * a tablet (1024×768 in English, 768×1024 in Bangla) with the weighed line lighter and the other
 * line not found, the screen saying what goes back; My Orders then shows each line as packed, the
 * final bill and the difference refunded to bKash, and bKash lists exactly one refund of that
 * difference. Screenshots in /tmp/shots-35/ (REFUND_SHOTS_DIR).
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { Order } from '@contract/order';
import { finalAmountOf, packedLinePrice } from '@contract/weighed-pricing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BKASH_BASE_PATH, STANDIN_CREDENTIALS } from '../scripts/bkash-standin';
import { createBkashClient } from '../edge-api/src/payments/bkash';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { api, apiAs } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const TABLET = { en: { width: 1024, height: 768 }, bn: { width: 768, height: 1024 } } as const;
const SHOTS = process.env.REFUND_SHOTS_DIR ?? '/tmp/shots-35';
mkdirSync(SHOTS, { recursive: true });

const stamp = Date.now();
/** 1 kg of pumpkin at 60 Tk, ± 50 g: weighed, 950–1,050 g. */
const PUMPKIN = { name: `Refund Pumpkin ${stamp}`, nameBn: 'মিষ্টি কুমড়া', price: 60, unit: 'kg', weightTolerance: 50 };
/** A bottle gourd at 70 Tk a piece: counted, and not found. */
const GOURD = { name: `Refund Gourd ${stamp}`, nameBn: 'লাউ', price: 70, unit: 'piece' };
/** The grams packed of the 1 kg ordered. */
const PACKED_GRAMS = 955;

/** What the screens say, by language (the catalogues' words). */
const words = {
  en: {
    pay: 'Pay with bKash',
    paid: 'Paid with bKash',
    pack: 'Pack',
    grams: (name: string) => `Grams packed — ${name}`,
    notFound: 'Not found',
    save: 'Save packing',
    tk: (amount: number) => `${amount.toLocaleString('en')} Tk`,
    refundPreview: (amount: string, paid: string) => `Refund ${amount} of ${paid} paid`,
    refundedAdmin: (amount: string) => `Refunded ${amount}`,
    weighed: '1 kg → 0.955 kg',
    missing: 'Not found — not charged',
    finalBill: (amount: string) => `Final bill: ${amount}`,
    refunded: (amount: string) => `${amount} refunded to bKash`,
  },
  bn: {
    pay: 'বিকাশে পরিশোধ করুন',
    paid: 'বিকাশে পরিশোধিত',
    pack: 'প্যাক করুন',
    grams: (name: string) => `কত গ্রাম প্যাক হলো — ${name}`,
    notFound: 'পাওয়া যায়নি',
    save: 'প্যাকিং সংরক্ষণ করুন',
    tk: (amount: number) => `৳${amount.toLocaleString('bn-BD')}`,
    refundPreview: (amount: string, paid: string) => `পরিশোধিত ${paid} থেকে ফেরত ${amount}`,
    refundedAdmin: (amount: string) => `ফেরত দেওয়া হয়েছে ${amount}`,
    weighed: '১ কেজি → ০.৯৫৫ কেজি',
    missing: 'পাওয়া যায়নি — দাম নেওয়া হয়নি',
    finalBill: (amount: string) => `চূড়ান্ত বিল: ${amount}`,
    refunded: (amount: string) => `${amount} বিকাশ-এ ফেরত দেওয়া হয়েছে`,
  },
} as const;

let admin: Account;
const created: Record<string, Product> = {};
beforeAll(async () => {
  admin = await newAccount('Refund Admin', { admin: true });
  for (const product of [PUMPKIN, GOURD])
    created[product.name] = await apiAs<Product>(admin, 'POST', '/api/products', {
      ...product,
      image: '/products/tomato.webp',
      category: 'vegetable',
    });
  // The catalogue is answered from a copy re-read at most once a second: wait until it has both.
  for (let tries = 0; ; tries += 1) {
    if ((await api<Product[]>('/api/products')).filter((p) => p.name.endsWith(String(stamp))).length === 2) break;
    if (tries > 50) throw new Error('the catalogue never listed the products added');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(async () => {
  for (const product of Object.values(created))
    await apiAs(admin, 'DELETE', `/api/products/${product._id}`).catch(() => undefined);
});

const orderOf = (id: string) => apiAs<Order>(admin, 'GET', `/api/orders/${id}`);

/** A new page signed in as `account` at `viewport`, showing `lang`. */
async function signedIn(account: Account, viewport: { width: number; height: number }, lang: 'en' | 'bn') {
  const handle = await browser.open('/login', viewport);
  await logIn(handle.page, account);
  await handle.page.evaluate((locale) => localStorage.setItem('locale', locale), lang);
  return handle;
}

/** The text of the `testId` elements in `page`'s first order of My Orders, in order. */
const texts = (page: Page, testId: string) =>
  page.getByTestId('my-order').first().getByTestId(testId).allTextContents();

describe.each(['en', 'bn'] as const)('a bKash order packed lighter and short, in %s', (lang) => {
  const say = words[lang];
  let shopper: Account;
  let order: Order;
  /** bKash's payment id and the stand-in's origin, from the address of bKash's page. */
  let paymentId: string;
  let bkashOrigin: string;
  let finalAmount: number;

  it('is paid on a phone from My Orders through bKash, charged the most it can cost', async () => {
    shopper = await newAccount(`Refund Shopper ${lang}`);
    const ids = (name: string) => created[name]!._id;
    order = await placeOrderFor(
      shopper,
      [
        { _id: ids(PUMPKIN.name), cartQuantity: 1, substitution: 'none' },
        { _id: ids(GOURD.name), cartQuantity: 1, substitution: 'none' },
      ],
      'bkash',
    );
    expect(order.maxAmount).toBeGreaterThan(order.totalAmount);
    const { page, context } = await signedIn(shopper, PHONE, lang);
    await page.goto(browser.url('/dashboard/my-orders'));
    await page.getByRole('button', { name: say.pay }).click();
    await page.waitForURL(/\/checkout\/pay\?paymentID=/);
    paymentId = new URL(page.url()).searchParams.get('paymentID') ?? '';
    bkashOrigin = new URL(page.url()).origin;
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await page.waitForURL(/\/dashboard\/my-orders\?order=[^&]+&bkash=paid/);
    await expect
      .poll(() => page.getByTestId('bkash-payment').first().textContent(), { timeout: 10_000 })
      .toContain(say.paid);
    expect(await orderOf(order._id)).toMatchObject({ paymentMethod: 'bkash', paymentStatus: 'paid' });
    await context.close();
  });

  it('is packed on a tablet with the pumpkin lighter and the gourd not found; the screen says what goes back to bKash', async () => {
    await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Approved' });
    const viewport = TABLET[lang];
    const { page, context } = await signedIn(admin, viewport, lang);
    await page.goto(browser.url(`/dashboard/manage-orders/${order._id}`));
    await page.getByRole('link', { name: say.pack, exact: true }).click();
    const line = (name: string) => page.getByTestId('packing-line').filter({ hasText: name });
    const [pumpkin, gourd] = lang === 'bn' ? [PUMPKIN.nameBn, GOURD.nameBn] : [PUMPKIN.name, GOURD.name];
    await page.getByLabel(say.grams(pumpkin)).fill(String(PACKED_GRAMS));
    await line(gourd).getByRole('button', { name: say.notFound, exact: true }).click();

    const pumpkinLine = order.orderedProduct.find((l) => l._id === created[PUMPKIN.name]!._id)!;
    finalAmount = finalAmountOf(packedLinePrice(pumpkinLine, PACKED_GRAMS), order.shipping, order.maxAmount);
    const refund = order.maxAmount - finalAmount;
    expect(refund).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('final-bill').textContent()).toBe(say.tk(finalAmount));
    expect(await page.getByTestId('bill-preview').textContent()).toContain(
      say.refundPreview(say.tk(refund), say.tk(order.maxAmount)),
    );
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({
      path: `${SHOTS}/packing-${lang}-${viewport.width}x${viewport.height}.png`,
      fullPage: true,
    });

    await page.getByRole('button', { name: say.save }).click();
    await page.waitForURL((url) => url.pathname === `/dashboard/manage-orders/${order._id}`);
    const result = page.getByTestId('packing-result').first();
    await expect
      .poll(() => result.getByTestId('final-amount').textContent(), { timeout: 10_000 })
      .toBe(say.tk(finalAmount));
    await result.getByText(say.refundedAdmin(say.tk(refund))).waitFor();
    await context.close();
  });

  it('shows the shopper the final bill and the difference refunded to bKash; bKash made exactly one refund of it', async () => {
    const refund = order.maxAmount - finalAmount;
    const { page, context } = await signedIn(shopper, PHONE, lang);
    await page.goto(browser.url('/dashboard/my-orders'));
    await expect.poll(() => texts(page, 'packed-line'), { timeout: 10_000 }).toEqual([say.weighed, say.missing]);
    expect(await texts(page, 'final-bill')).toEqual([say.finalBill(say.tk(finalAmount))]);
    expect(await texts(page, 'packed-refund')).toEqual([say.refunded(say.tk(refund))]);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/my-orders-refunded-${lang}-390x844.png`, fullPage: true });
    await context.close();

    // The API: packed at the final bill, the difference refunded, still paid (a partial refund).
    expect(await orderOf(order._id)).toMatchObject({
      orderStatus: 'Packed',
      paymentStatus: 'paid',
      finalAmount,
      refundedAmount: refund,
    });
    // bKash's own queries: the payment was of the most the order can cost, and one refund was
    // made of it, of the difference.
    const stored = await orderOf(order._id);
    const bkash = createBkashClient({
      baseUrl: new URL(BKASH_BASE_PATH, bkashOrigin).toString(),
      ...STANDIN_CREDENTIALS,
    });
    const noLog = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
    const payment = await bkash.queryPayment(paymentId, noLog);
    expect([payment.transactionStatus, payment.trxID, Number(payment.amount)]).toEqual([
      'Completed',
      stored.paymentRef,
      order.maxAmount,
    ]);
    const refunds = await bkash.refundStatus(paymentId, stored.paymentRef ?? '', noLog);
    expect(refunds.map((r) => Number(r.refundAmount))).toEqual([refund]);
  });
});
