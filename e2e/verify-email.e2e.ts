/**
 * Verifying the e-mail through the Auth emulator's out-of-band codes (DESIGN.md §3): registration
 * sends the provider's verification e-mail; the profile page says "Verify your e-mail" with a
 * Resend button until the address is confirmed, and picks the confirmation up when asked, on
 * focus and after a reload. Also the operator's hostile check against the running stack: an
 * account marked admin whose e-mail is not verified gets 403 on GET /api/orders, with its real
 * emulator token, until it verifies. An unverified shopper holds one open order: the second is
 * refused, said on My Orders in both languages with the link offered again.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PROJECT_ID } from '../edge-api/src/contract/local-run';
import { openDatabase } from '../edge-api/src/db/client';
import { upsertAdminUser } from '../edge-api/src/db/users';
import { emulatorIdToken, ensureEmulatorAccount } from '../scripts/lib/auth-emulator';
import { logIn, newAccount, placeOrderFor } from './support/accounts';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const PASSWORD = 'secret-pass-1';
const SCREENSHOTS = 'test-results/screenshots';
let counter = 0;
const uniqueEmail = (name: string) => `${name}.${Date.now()}.${(counter += 1)}@example.test`;

type OobCode = { email: string; oobCode: string; oobLink: string; requestType: string };

/** The verification codes the emulator has "e-mailed" to `email` (its out-of-band code list). */
async function verifyCodesFor(email: string): Promise<OobCode[]> {
  const res = await fetch(`http://${inject('authEmulatorHost')}/emulator/v1/projects/${DEMO_PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
}

/** Opens the link of `code` as the shopper's mail app would (the emulator applies the code). */
async function openLink(code: OobCode): Promise<void> {
  const res = await fetch(code.oobLink);
  expect(res.ok, `the verification link answered ${res.status}`).toBe(true);
}

/** Registers `name` with `email` through the register screen; resolves on the home page. */
async function register(page: Page, name: string, email: string): Promise<void> {
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await page.waitForURL(browser.url('/'));
}

const verifyHeading = (page: Page) => page.getByRole('heading', { name: 'Verify your e-mail' });

describe('verify your e-mail', () => {
  it('registers, is asked to verify, resends, opens the link, and the profile stops asking', async () => {
    const { page, context } = await browser.open('/register');
    const email = uniqueEmail('verify');
    await register(page, 'Verify Me', email);
    // Registration sent the provider's e-mail.
    await expect.poll(() => verifyCodesFor(email).then((codes) => codes.length)).toBe(1);

    await page.goto(browser.url('/profile'));
    await verifyHeading(page).waitFor();
    await page.getByText('We sent a link to your e-mail address.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    for (const name of ['Resend', 'I have verified']) {
      const box = await page.getByRole('button', { name, exact: true }).boundingBox();
      expect(box?.height, name).toBeGreaterThanOrEqual(44);
    }

    // Not yet: the check says so and the request stays.
    await page.getByRole('button', { name: 'I have verified' }).click();
    await page.getByRole('status').filter({ hasText: 'Not verified yet.' }).waitFor();

    await page.getByRole('button', { name: 'Resend', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Sent again.' }).waitFor();
    const codes = await verifyCodesFor(email);
    expect(codes).toHaveLength(2);

    await openLink(codes[1] as OobCode);
    await page.getByRole('button', { name: 'I have verified' }).click();
    await page.getByRole('status').filter({ hasText: 'Your e-mail is verified.' }).waitFor();
    await verifyHeading(page).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.getByText(email, { exact: true }).waitFor();
    expect(await verifyHeading(page).count()).toBe(0);
    // The API sees the verified token too.
    const token = await page.evaluate(() => localStorage.getItem('idToken'));
    const payload = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString()) as {
      email_verified?: boolean;
    };
    expect(payload.email_verified).toBe(true);
    await context.close();
  });

  it('picks a verification made elsewhere up when the page comes back into view, in Bangla too', async () => {
    const { page, context } = await browser.open('/register');
    const email = uniqueEmail('focus');
    await register(page, 'Focus Shopper', email);
    await page.evaluate(() => localStorage.setItem('locale', 'bn'));
    await page.goto(browser.url('/profile'));
    await page.getByRole('heading', { name: 'আপনার ই-মেইল যাচাই করুন' }).waitFor();
    await page.getByRole('button', { name: 'আবার পাঠান' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);

    await expect.poll(() => verifyCodesFor(email).then((codes) => codes.length)).toBe(1);
    await openLink((await verifyCodesFor(email))[0] as OobCode);
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByRole('heading', { name: 'আপনার ই-মেইল যাচাই করুন' }).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('an account nobody has proven holds one open order', () => {
  it('refuses the second at checkout, says why in English and Bangla on My Orders, resends the link, and takes it once verified', async () => {
    const account = await newAccount('Unproven Shopper', { verified: false });
    await placeOrderFor(account, 1);
    const { page, context } = await browser.open('/login', { width: 390, height: 844 });
    await logIn(page, account);
    await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 1]]);
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('+880 1711-000000');
    await page.getByLabel('Delivery address').fill('House 7, Road 2, Mirpur 10, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const refused = page.getByTestId('unsent-order');
    await refused.getByText('Verify your e-mail to have more than one open order.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/verify-to-order-more-en-390.png`, fullPage: true });

    await page.evaluate(() => localStorage.setItem('locale', 'bn'));
    await page.reload();
    await refused.getByText('একাধিক খোলা অর্ডার রাখতে আপনার ই-মেইল যাচাই করুন।').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}/verify-to-order-more-bn-390.png`, fullPage: true });
    await refused.getByRole('button', { name: 'যাচাইয়ের ই-মেইল আবার পাঠান' }).click();
    await page.locator('[data-sonner-toast]').first().waitFor();
    await expect.poll(() => verifyCodesFor(account.email).then((codes) => codes.length)).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // The link opened in the mail app; back in the shop, the order goes back to the cart and through.
    await openLink((await verifyCodesFor(account.email))[0] as OobCode);
    await page.evaluate(() => localStorage.setItem('locale', 'en'));
    await page.reload();
    await refused.getByRole('button', { name: 'Back to cart' }).click();
    await page.waitForURL(browser.url('/cart'));
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('+880 1711-000000');
    await page.getByLabel('Delivery address').fill('House 7, Road 2, Mirpur 10, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Order Successful' }).first().waitFor();
    await context.close();
  });
});

describe('hostile: admin rights follow a verified e-mail only (curl-level, against the running stack)', () => {
  it('answers GET /api/orders 403 to a marked admin whose e-mail is unverified, 200 once verified', async () => {
    const host = inject('authEmulatorHost');
    const account = { email: uniqueEmail('squatter'), password: PASSWORD, displayName: 'Squatter' };
    await ensureEmulatorAccount(host, account);
    const db = await openDatabase(inject('databaseUrl'));
    try {
      await upsertAdminUser(db, account.email, account.displayName);
    } finally {
      db.close();
    }
    const listAll = async () =>
      fetch(browser.url('/api/orders'), {
        headers: { Authorization: `Bearer ${await emulatorIdToken(host, account)}` },
      });

    const refused = await listAll();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    const profile = await fetch(browser.url(`/api/users/${account.email}`), {
      headers: { Authorization: `Bearer ${await emulatorIdToken(host, account)}` },
    });
    expect(await profile.json()).toMatchObject({ admin: false });

    // The emulator sends a verification code on request; the link confirms the address.
    await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=demo-api-key`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ requestType: 'VERIFY_EMAIL', idToken: await emulatorIdToken(host, account) }),
    });
    await expect.poll(() => verifyCodesFor(account.email).then((codes) => codes.length)).toBe(1);
    await openLink((await verifyCodesFor(account.email))[0] as OobCode);
    expect((await listAll()).status).toBe(200);
  });

  it('answers 401 to a forged token that never expires', async () => {
    const iat = Math.floor(Date.now() / 1000);
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({
      iss: `https://securetoken.google.com/${DEMO_PROJECT_ID}`,
      aud: DEMO_PROJECT_ID,
      sub: 'uid-forever',
      email: 'forever@example.test',
      email_verified: true,
      iat,
      auth_time: iat,
      exp: iat + 10 * 365 * 24 * 3600,
    })}.`;
    const res = await fetch(browser.url('/api/orders?email=forever@example.test'), {
      headers: { Authorization: `Bearer ${forged}` },
    });
    expect(res.status).toBe(401);
  });
});
