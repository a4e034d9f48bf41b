/**
 * Sign-in with a phone number (DESIGN.md §3 item 4) on a shopper's phone (390×844) in
 * Chromium, through the real Auth emulator: the number as people write it (`01711-223344`), the
 * code read from the emulator's REST API, then an order placed without an e-mail and seen in My
 * Orders (GET /api/users/me/orders); a malformed number refused inline; the same in Bangla.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PROJECT_ID } from '../edge-api/src/contract/local-run';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const PHONE = { width: 390, height: 844 };
const TOUCH = { isMobile: true, hasTouch: true };
const SCREENSHOTS = 'test-results/screenshots';

/** The texts of the phone sign-in in each language (the catalogues' words). */
const TEXT = {
  en: {
    continue: 'Continue with phone number',
    number: 'Phone number',
    send: 'Send code',
    code: 'Code',
    signIn: 'Sign in',
    invalid: 'Enter a Bangladeshi mobile number: 01 and 9 more digits, e.g. 01711-223344.',
    wrongCode: 'That code is not right. Check it and try again.',
  },
  bn: {
    continue: 'ফোন নম্বর দিয়ে চালিয়ে যান',
    number: 'ফোন নম্বর',
    send: 'কোড পাঠান',
    code: 'কোড',
    signIn: 'সাইন ইন',
    invalid: 'বাংলাদেশের মোবাইল নম্বর লিখুন: ০১ এবং আরও ৯টি অঙ্ক, যেমন ০১৭১১-২২৩৩৪৪।',
    wrongCode: 'কোডটি ঠিক নয়। দেখে নিয়ে আবার চেষ্টা করুন।',
  },
} as const;

/** The last code the emulator "sent" by SMS to `e164` (its REST API: GET …/verificationCodes). */
async function codeSentTo(e164: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const res = await fetch(
      `http://${inject('authEmulatorHost')}/emulator/v1/projects/${DEMO_PROJECT_ID}/verificationCodes`,
    );
    const { verificationCodes = [] } = (await res.json()) as {
      verificationCodes?: Array<{ phoneNumber: string; code: string }>;
    };
    const code = verificationCodes.filter((c) => c.phoneNumber === e164).at(-1)?.code;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code sent to ${e164}`);
}

/** Every interactive control on the page is at least 44×44 px (WCAG 2.5.5, the shop's rule). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.locator('main button:visible, main input:visible').evaluateAll((els) =>
    els.flatMap((el) => {
      const box = el.getBoundingClientRect();
      return box.height < 44 || box.width < 44 ? [`${el.outerHTML.slice(0, 80)} ${box.width}×${box.height}`] : [];
    }),
  );
}

/**
 * On `/login`, opens the phone sign-in and signs in with `written` (the number as typed; `e164`
 * is what Firebase gets), a wrong code first; screenshots the phone step as `shot`.
 */
async function signInWithPhone(page: Page, lang: 'en' | 'bn', written: string, e164: string, shot: string) {
  const text = TEXT[lang];
  await page.getByRole('button', { name: text.continue }).click();
  const number = page.getByLabel(text.number, { exact: true });
  // Malformed numbers are refused inline, before anything is sent.
  for (const bad of ['01211-223344', '1711223344', '+1 415 555 0100']) {
    await number.fill(bad);
    await page.getByRole('button', { name: text.send }).click();
    await page.getByText(text.invalid).waitFor();
    expect(await number.getAttribute('aria-invalid')).toBe('true');
  }
  await number.fill(written);
  // Typing again takes the refusal away: it was about the number as it was.
  expect(await page.getByText(text.invalid).count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}.png` });
  await page.getByRole('button', { name: text.send }).click();
  const code = page.getByLabel(text.code, { exact: true });
  await code.waitFor();
  const sent = await codeSentTo(e164);
  // A wrong code is said in the screen's language; the right one signs in.
  await code.fill(sent === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
  await page.getByText(text.wrongCode).waitFor();
  expect(await seriousA11yViolations(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await page.screenshot({ path: `${SCREENSHOTS}/${shot}-code.png` });
  await code.fill(sent);
  await page.getByRole('button', { name: text.signIn, exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

describe('sign-in with a phone number on a phone', () => {
  it('signs in with 01711-223344 and a code, orders without an e-mail and sees the order in My Orders', async () => {
    const { page, context } = await browser.open('/login', PHONE, TOUCH);
    await signInWithPhone(page, 'en', '01711-223344', '+8801711223344', 'phone-sign-in-en-390');

    await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 2]]);
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Name').fill('Rina Akter');
    // The account has no e-mail: checkout asks for none.
    expect(await page.getByLabel('E-mail').count()).toBe(0);
    await page.getByLabel('Phone').fill('01711-223344');
    await page.getByLabel('Delivery address').fill('House 4, Road 7, Mirpur 10, Dhaka');
    await chooseArea(page, 'dhanmondi');
    const placed = page.waitForResponse(
      (res) => res.url().endsWith('/api/orders') && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Place order' }).click();
    const order = (await (await placed).json()) as { _id: string; email: string };
    expect(order.email).toBe('');
    await page.waitForURL((url) => url.pathname === '/dashboard/my-orders');
    // My Orders reads the account's own orders (GET /api/users/me/orders), not ?email=.
    // Every answer is read as it comes: one the reload navigated away from has no body left.
    const listed: string[] = [];
    page.on('response', (res) => {
      if (new URL(res.url()).pathname !== '/api/users/me/orders') return;
      void res
        .json()
        .then((orders: Array<{ _id: string }>) => listed.push(...orders.map((o) => o._id)))
        .catch(() => undefined);
    });
    await page.reload();
    await expect.poll(() => listed, { timeout: 10_000 }).toContain(order._id);
    await page.getByText('Pending').first().waitFor();
    await context.close();
  });

  it('works in Bangla: the same steps, messages and a refused number in Bangla', async () => {
    const { page, context } = await browser.open('/login', PHONE, { ...TOUCH, locale: 'bn-BD' });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('bn');
    const digits = String(Date.now()).slice(-8);
    await signInWithPhone(
      page,
      'bn',
      `+880 18${digits.slice(0, 2)} ${digits.slice(2)}`,
      `+88018${digits}`,
      'phone-sign-in-bn-390',
    );
    await context.close();
  });
});
