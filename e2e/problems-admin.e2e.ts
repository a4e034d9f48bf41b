/**
 * The admin's side of problems after delivery (DESIGN.md §19), in Chromium on a tablet:
 * a shopper's claims above the auto-credit limit (made through the API on a Delivered order, one
 * with a photo) wait on the dawn board's Open problems card and in the queue with their 72 h
 * clock; the admin declines one with a note (the note's field error first, in English and
 * Bangla) and the shopper reads why (the API and My Orders); another is credited, an amount
 * above its worth refused under its field first. Screenshots of the queue, the decision and the
 * card at 1024×768 and 768×1024 in English and Bangla in /tmp/shots-problems-admin/.
 */
import { mkdirSync } from 'node:fs';
import type { Order } from '@contract/order';
import type { Problem } from '@contract/problem';
import type { SalesDay } from '@contract/report';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { idTokenFor, logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { apiAs, productNamed } from './support/api';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const SHOTS = '/tmp/shots-problems-admin';
mkdirSync(SHOTS, { recursive: true });
const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };

/** The server's polls: an answer may take a while on a loaded 2-core machine. */
const WAIT = { timeout: 10_000 };

/**
 * The store credit the sales report counts (its 14 days) as `admin` reads it from the API, in Tk:
 * used and given over the period, and today's. Other files on the same stack give and use credit too.
 */
async function creditInReport(admin: Account) {
  const days = await apiAs<SalesDay[]>(admin, 'GET', '/api/reports/sales?days=14');
  // Summed in poisha, as the report does: no float drift.
  const sum = (pick: (day: SalesDay) => number) =>
    days.reduce((total, day) => total + Math.round(pick(day) * 100), 0) / 100;
  const today = days.at(-1);
  return {
    used: sum((day) => day.creditUsed),
    given: sum((day) => day.creditGiven),
    today: [today?.creditUsed ?? 0, today?.creditGiven ?? 0],
  };
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** A page signed in as `account` at `path`, in Bangla when asked. */
async function signedIn(account: Account, path: string, viewport = LANDSCAPE, locale: 'en' | 'bn' = 'en') {
  const handle = await browser.open('/login', viewport, viewport.width < 768 ? { isMobile: true, hasTouch: true } : {});
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await logIn(handle.page, account);
  await handle.page.goto(browser.url(path));
  return handle;
}

/** Element boxes smaller than 44 px among `root`'s buttons, links, inputs and textareas (WCAG 2.5.5's target size). */
const smallTargets = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluateAll((roots) =>
    roots
      .flatMap((root) => [...root.querySelectorAll('button, a, textarea, input:not([type=radio])')])
      // A closed dialog's contents are laid out, scaled down, but not shown.
      .filter((element) => !element.closest('dialog:not([open])'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.height < 44 || box.width < 44))
      .map(({ element }) => element.outerHTML.slice(0, 80)),
  );

/** A JPEG photo of a tomato, as a camera's picture shrunk in the browser would be (made by the page's canvas). */
const tomatoPhoto = (page: Page): Promise<number[]> =>
  page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 240;
    const draw = canvas.getContext('2d')!;
    draw.fillStyle = '#f5e6c8';
    draw.fillRect(0, 0, 320, 240);
    draw.fillStyle = '#b91c1c';
    draw.beginPath();
    draw.arc(160, 125, 80, 0, Math.PI * 2);
    draw.fill();
    draw.fillStyle = '#4d7c0f';
    draw.fillRect(150, 35, 20, 25);
    draw.fillStyle = '#57534e';
    draw.beginPath();
    draw.arc(190, 110, 22, 0, Math.PI * 2);
    draw.fill();
    const blob = await new Promise<Blob | null>((done) => canvas.toBlob(done, 'image/jpeg', 0.8));
    return [...new Uint8Array(await blob!.arrayBuffer())];
  });

/** `account` sends `init` to `path` of the stack with its ID token; returns the status and JSON body. */
async function send(account: Account, path: string, init: RequestInit) {
  const res = await fetch(new URL(path, inject('baseUrl')), {
    ...init,
    headers: { Authorization: `Bearer ${await idTokenFor(account)}`, ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** The shopper's claim of `quantity` units of product `productId` on `order` (with `photoId`), as the API stores it. */
async function claim(shopper: Account, order: Order, productId: string, quantity: number, photoId?: string) {
  const { status, body } = await send(shopper, `/api/orders/${order._id}/problems`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify({ lines: [{ _id: productId, reason: 'spoiled', quantity }], ...(photoId && { photoId }) }),
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body as Problem;
}

describe('problems after delivery: the admin decides (tablet)', () => {
  let admin: Account;
  let shopper: Account;
  let spoiled: Problem;
  let short: Problem;
  let creditBefore: Awaited<ReturnType<typeof creditInReport>>;

  it('a Delivered order gets two claims above the auto-credit limit, one with a photo', async () => {
    admin = await newAccount('Problems Admin', { admin: true });
    creditBefore = await creditInReport(admin);
    shopper = await newAccount('Farida Shopper');
    const [tomato, onion] = await Promise.all([productNamed('Tomato'), productNamed('Deshi Onion (Peyaj)')]);
    const order = await placeOrderFor(shopper, [
      { _id: tomato._id, cartQuantity: 3 },
      { _id: onion._id, cartQuantity: 2 },
    ]);
    for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
      await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus });
    // The photo as the shopper's phone uploads it: JPEG bytes, its type checked from them.
    const { page, context } = await browser.open('/about', PHONE);
    const bytes = new Uint8Array(await tomatoPhoto(page));
    await context.close();
    const upload = await send(shopper, '/api/problem-photos', {
      method: 'POST',
      headers: { 'Content-Type': 'image/jpeg' },
      body: bytes,
    });
    expect(upload.status).toBe(201);
    spoiled = await claim(shopper, order, tomato._id, 2, (upload.body as { photoId: string }).photoId);
    short = await claim(shopper, order, onion._id, 2);
    // Above 100 Tk: both wait for an admin.
    expect([spoiled.status, spoiled.worth, short.status, short.worth]).toEqual(['open', 180, 'open', 170]);
  });

  it('the dawn board counts them with their 72 h clock, oldest first (1024×768, English)', async () => {
    const { page, context } = await signedIn(admin, '/dashboard');
    const card = page.getByTestId('open-problems-card');
    const mine = card.getByTestId('open-problem').filter({ hasText: 'Farida Shopper' });
    await expect.poll(() => mine.count(), WAIT).toBe(2);
    expect(await mine.first().getByRole('cell').first().textContent()).toBe('180 Tk');
    expect(await mine.first().getByTestId('open-problem-clock').textContent()).toMatch(/^7[12] h left$/);
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/dawn-card-1024x768-en.png` });
    expect(await smallTargets(page, 'open-problems-card')).toEqual([]);
    await card.getByRole('link', { name: 'Open the problems' }).click();
    await page.waitForURL(browser.url('/dashboard/problems'));
    await context.close();
  });

  it('the queue shows each claim with its photo, items and clock; a decline needs a note (1024×768, English)', async () => {
    const { page, context } = await signedIn(admin, '/dashboard/problems');
    await page.getByRole('heading', { name: 'Reported problems' }).waitFor();
    const card = page.getByTestId('problem-card').filter({ has: page.getByText("Claim's worth: 180 Tk") });
    await card.waitFor(WAIT);
    expect(await card.getByTestId('problem-line').first().textContent()).toBe('TomatoSpoiled2180 Tk');
    expect(await card.getByTestId('problem-clock').textContent()).toMatch(/^7[12] h left$/);
    expect(await card.getByRole('link', { name: /^Order …/ }).getAttribute('href')).toBe(
      `/dashboard/manage-orders/${spoiled.orderId}`,
    );
    // The photo, fetched with the admin's token, enlarged on a tap.
    await expect
      .poll(
        () =>
          card
            .getByTestId('problem-photo')
            .locator('img')
            .evaluate((img: HTMLImageElement) => img.naturalWidth),
        WAIT,
      )
      .toBe(320);
    await page.screenshot({ path: `${SHOTS}/queue-1024x768-en.png`, fullPage: true });
    expect(await smallTargets(page, 'problems-admin')).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Enlarge the photo from Farida Shopper' }).click();
    const large = page.getByRole('dialog', { name: 'Photo from Farida Shopper' });
    await large.getByRole('img', { name: 'Photo from Farida Shopper' }).waitFor();
    await page.screenshot({ path: `${SHOTS}/photo-1024x768-en.png` });
    await large.getByRole('button', { name: 'Close' }).first().click();
    await large.waitFor({ state: 'hidden' });

    await card.getByRole('button', { name: "Decide Farida Shopper's problem" }).click();
    const dialog = page.getByRole('dialog', { name: "Decide Farida Shopper's problem" });
    // Cash on delivery: no refund offered; credit prefilled with the worth.
    expect(await dialog.getByRole('radio').count()).toBe(2);
    expect(await dialog.getByLabel('Amount (Tk)').inputValue()).toBe('180');
    await dialog.getByRole('radio', { name: /Decline/ }).check();
    await dialog.getByRole('button', { name: 'Decline', exact: true }).click();
    await dialog.getByText('Say why it is declined', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Note to the shopper').getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/decide-decline-1024x768-en.png` });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('declines it in Bangla with a note (768×1024), and the shopper reads why', async () => {
    const { page, context } = await signedIn(admin, '/dashboard', PORTRAIT, 'bn');
    const board = page.getByTestId('open-problems-card');
    await expect
      .poll(() => board.getByTestId('open-problem').filter({ hasText: 'Farida Shopper' }).count(), WAIT)
      .toBe(2);
    expect(await board.getByTestId('open-problem-clock').first().textContent()).toMatch(/^আর (৭১|৭২) ঘণ্টা$/);
    await board.scrollIntoViewIfNeeded();
    await board.screenshot({ path: `${SHOTS}/dawn-card-768x1024-bn.png` });
    await page.goto(browser.url('/dashboard/problems'));
    const card = page.getByTestId('problem-card').filter({ has: page.getByText('দাবির মূল্য: ৳১৮০') });
    await card.waitFor(WAIT);
    expect(await card.getByTestId('problem-line').first().textContent()).toBe('টমেটোনষ্ট২৳১৮০');
    await page.screenshot({ path: `${SHOTS}/queue-768x1024-bn.png`, fullPage: true });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.getByRole('button', { name: 'Farida Shopper-এর সমস্যার সিদ্ধান্ত নিন' }).click();
    const dialog = page.getByRole('dialog', { name: 'Farida Shopper-এর সমস্যার সিদ্ধান্ত' });
    await dialog.getByRole('radio', { name: /নাকচ/ }).check();
    await dialog.getByRole('button', { name: 'নাকচ করুন' }).click();
    await dialog.getByText('কেন নাকচ করছেন তা লিখুন', { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/decide-decline-768x1024-bn.png` });
    const note = 'The photo shows one bruised tomato; the rest were fresh.';
    await dialog.getByLabel('ক্রেতার জন্য নোট').fill(note);
    await dialog.getByRole('button', { name: 'নাকচ করুন' }).click();
    await toast(page, 'Farida Shopper-এর সমস্যা নাকচ করা হয়েছে').waitFor(WAIT);
    await dialog.waitFor({ state: 'hidden' });
    // It leaves the Open list; the Declined one shows the decision and the note.
    await expect.poll(() => card.count(), WAIT).toBe(0);
    await page.getByRole('button', { name: 'নাকচ', exact: true }).click();
    const declined = page.getByTestId('problem-card').filter({ hasText: note });
    await declined.getByTestId('problem-decision').waitFor(WAIT);
    expect(await declined.getByTestId('problem-decision').textContent()).toContain('নাকচ করা হয়েছে');
    await context.close();

    const { problems } = await apiAs<{ problems: Problem[] }>(shopper, 'GET', '/api/users/me/problems');
    const mine = problems.find((problem) => problem._id === spoiled._id);
    expect([mine?.status, mine?.note, mine?.amount]).toEqual(['declined', note, 0]);
  });

  it('the shopper sees the decline and its note in My Orders (390×844)', async () => {
    const { page, context } = await signedIn(shopper, '/dashboard/my-orders', PHONE);
    const problem = page.getByTestId('order-problem').filter({ hasText: 'bruised tomato' });
    await problem.waitFor(WAIT);
    await page.screenshot({ path: `${SHOTS}/shopper-my-orders-390x844-en.png`, fullPage: true });
    await context.close();
  });

  it('credits the other claim: above its worth refused under the field (Bangla, 768×1024), then a valid amount (English, 1024×768)', async () => {
    const bn = await signedIn(admin, '/dashboard/problems', PORTRAIT, 'bn');
    const bnCard = bn.page.getByTestId('problem-card').filter({ has: bn.page.getByText('দাবির মূল্য: ৳১৭০') });
    await bnCard.getByRole('button', { name: /সিদ্ধান্ত নিন/ }).click();
    const bnDialog = bn.page.getByRole('dialog', { name: 'Farida Shopper-এর সমস্যার সিদ্ধান্ত' });
    await bnDialog.getByLabel('পরিমাণ (টাকা)').fill('999');
    await bnDialog.getByRole('button', { name: 'ক্রেডিট দিন' }).click();
    await bnDialog.getByText('সর্বোচ্চ দাবির মূল্য, ৳১৭০', { exact: true }).waitFor();
    await bn.page.screenshot({ path: `${SHOTS}/decide-credit-768x1024-bn.png` });
    expect(await seriousA11yViolations(bn.page)).toEqual([]);
    await bn.context.close();

    const { page, context } = await signedIn(admin, '/dashboard/problems', LANDSCAPE);
    const card = page.getByTestId('problem-card').filter({ has: page.getByText("Claim's worth: 170 Tk") });
    await card.getByRole('button', { name: "Decide Farida Shopper's problem" }).click();
    const dialog = page.getByRole('dialog', { name: "Decide Farida Shopper's problem" });
    const amount = dialog.getByLabel('Amount (Tk)');
    await amount.fill('999');
    await dialog.getByRole('button', { name: 'Give credit' }).click();
    await dialog.getByText("At most the claim's worth, 170 Tk", { exact: true }).waitFor();
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await page.screenshot({ path: `${SHOTS}/decide-credit-1024x768-en.png` });
    await amount.fill('150');
    await dialog.getByRole('button', { name: 'Give credit' }).click();
    await toast(page, '150 Tk credited to Farida Shopper').waitFor(WAIT);
    await expect.poll(() => card.count(), WAIT).toBe(0);
    await page.getByRole('button', { name: 'Credited', exact: true }).click();
    await page.getByTestId('problem-card').filter({ hasText: 'Credited 150 Tk' }).waitFor(WAIT);
    await page.setViewportSize(PORTRAIT);
    await page.screenshot({ path: `${SHOTS}/credited-768x1024-en.png`, fullPage: true });
    await context.close();

    const { problems } = await apiAs<{ problems: Problem[] }>(shopper, 'GET', '/api/users/me/problems');
    expect(problems.find((problem) => problem._id === short._id)).toMatchObject({ status: 'credited', amount: 150 });
  });

  it('says so when another admin decided it meanwhile (409 already_decided), and the list is up to date', async () => {
    const neighbour = await newAccount('Rafiq Neighbour');
    const tomato = await productNamed('Tomato');
    const order = await placeOrderFor(neighbour, [{ _id: tomato._id, cartQuantity: 3 }]);
    for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
      await apiAs(admin, 'PUT', `/api/orders/update/${order._id}`, { orderStatus });
    const late = await claim(neighbour, order, tomato._id, 2);
    const { page, context } = await signedIn(admin, '/dashboard/problems', LANDSCAPE);
    const card = page.getByTestId('problem-card').filter({ hasText: 'Rafiq Neighbour' });
    await card.getByRole('button', { name: "Decide Rafiq Neighbour's problem" }).click();
    const dialog = page.getByRole('dialog', { name: "Decide Rafiq Neighbour's problem" });
    await dialog.getByLabel('Amount (Tk)').waitFor();
    // Another admin's tablet credits it first.
    await apiAs(admin, 'PUT', `/api/problems/${late._id}`, { decision: 'credit', amount: 50 });
    await dialog.getByRole('button', { name: 'Give credit' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('problems-refusal').textContent(), WAIT)
      .toBe('This problem has already been decided; the list is up to date now.');
    await expect.poll(() => card.count(), WAIT).toBe(0);
    await context.close();
  });

  it('the sales report shows the credit given over the period and per day (1024×768, English and Bangla)', async () => {
    const { page, context } = await signedIn(admin, '/dashboard');
    const report = page.getByTestId('sales-report');
    // 150 Tk and 50 Tk given above, on top of what the stack held before; no order here used credit.
    const [used, given] = [creditBefore.used, creditBefore.given + 200];
    // Written as the app writes amounts (lib/format.ts formatNumber): en-BD, and bn-BD's Bangla digits.
    const inEnglish = new Intl.NumberFormat('en-BD').format;
    const inBangla = new Intl.NumberFormat('bn-BD').format;
    await expect
      .poll(() => report.getByTestId('sales-credit').textContent(), WAIT)
      .toBe(`Store credit: ${inEnglish(used)} Tk used on orders, ${inEnglish(given)} Tk given for problems`);
    await report.getByRole('button', { name: 'Show as table' }).click();
    const today = report.getByTestId('sales-table').locator('tbody tr').last();
    const [usedToday = 0, givenToday = 0] = creditBefore.today;
    expect((await today.getByRole('cell').allTextContents()).slice(-2)).toEqual([
      inEnglish(usedToday),
      inEnglish(givenToday + 200),
    ]);
    await report.scrollIntoViewIfNeeded();
    await report.screenshot({ path: `${SHOTS}/sales-credit-1024x768-en.png` });
    await page.getByRole('button', { name: 'বাংলা' }).first().click();
    await expect
      .poll(() => report.getByTestId('sales-credit').textContent(), WAIT)
      .toBe(`স্টোর ক্রেডিট: অর্ডারে খরচ ৳${inBangla(used)}, সমস্যার জন্য দেওয়া ৳${inBangla(given)}`);
    await report.screenshot({ path: `${SHOTS}/sales-credit-1024x768-bn.png` });
    await context.close();
  });
});
