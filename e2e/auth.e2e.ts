import { describe, expect, inject, it } from 'vitest';
import { emulatorHasAccount, logIn, newAccount } from './support/accounts';
import { useBrowser } from './support/browser';
import { hooksReady, type E2EWindow } from './support/hooks';

const browser = useBrowser();

describe('accounts against the Auth emulator', () => {
  it('registers, signs in at once and shows the name in the header', async () => {
    const { page, context } = await browser.open('/register');
    const email = `nadia.${Date.now()}@example.test`;
    await page.getByLabel('Name').fill('Nadia Islam');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password').fill('secret-pass-1');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.waitForURL(browser.url('/'));
    await page.getByRole('button', { name: 'Account menu for Nadia Islam' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).toMatch(/^ey/);
    // POST /api/users saved the profile.
    const token = await page.evaluate(() => localStorage.getItem('idToken'));
    const profile = await fetch(browser.url(`/api/users/${email}`), { headers: { Authorization: `Bearer ${token}` } });
    expect(await profile.json()).toEqual({ email, displayName: 'Nadia Islam', admin: false });
    await context.close();
  });

  it("alerts 'Password did not match' and creates no account when the passwords differ", async () => {
    const { page, context } = await browser.open('/register');
    const email = `mismatch.${Date.now()}@example.test`;
    const alerts: string[] = [];
    page.on('dialog', (dialog) => {
      alerts.push(dialog.message());
      void dialog.accept();
    });
    await page.getByLabel('Name').fill('Mismatch');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret-pass-1');
    await page.getByLabel('Confirm password').fill('secret-pass-2');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await expect.poll(() => alerts).toEqual(['Password did not match']);
    expect(await emulatorHasAccount(email)).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  it('shows a dismissible error alert for a wrong password', async () => {
    const account = await newAccount('Wrong Pass');
    const { page, context } = await browser.open('/login');
    await page.getByLabel('E-mail').fill(account.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Wrong e-mail or password.' });
    await alert.waitFor();
    await page.getByRole('button', { name: 'Dismiss error' }).click();
    await alert.waitFor({ state: 'detached' });
    await context.close();
  });

  it('sends a signed-out visitor of a guarded page to /login, then back after login', async () => {
    const account = await newAccount('Guarded Visitor');
    const { page, context } = await browser.open('/dashboard/my-orders');
    await page.waitForURL(browser.url('/login'));
    await logIn(page, account);
    expect(new URL(page.url()).pathname).toBe('/dashboard/my-orders');
    await page.goto(browser.url('/checkout'));
    expect(new URL(page.url()).pathname).toBe('/checkout');
    await context.close();
  });

  it('shows admin links to an admin and not to a customer; admin pages refuse customers', async () => {
    const adminAccount = await newAccount('Shop Admin', { admin: true });
    const customer = await newAccount('Plain Customer');
    const asAdmin = await browser.open('/login');
    await logIn(asAdmin.page, adminAccount);
    await asAdmin.page.goto(browser.url('/dashboard'));
    const adminNav = asAdmin.page.getByRole('navigation', { name: 'Dashboard' });
    for (const name of ['Manage Products', 'Add Products', 'Manage Orders', 'Add Admin'])
      await adminNav.getByRole('link', { name }).waitFor();
    expect(await adminNav.getByRole('link', { name: 'My Orders' }).count()).toBe(0);
    await asAdmin.context.close();

    const asCustomer = await browser.open('/login');
    await logIn(asCustomer.page, customer);
    await asCustomer.page.goto(browser.url('/dashboard'));
    const nav = asCustomer.page.getByRole('navigation', { name: 'Dashboard' });
    await nav.getByRole('link', { name: 'My Orders' }).waitFor();
    await nav.getByRole('link', { name: 'Add Review' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Manage Orders' }).count()).toBe(0);
    await asCustomer.page.goto(browser.url('/dashboard/manage-orders'));
    await asCustomer.page.waitForURL(browser.url('/login'));
    await asCustomer.context.close();
  });

  it('signs out from the account menu, clearing localStorage.idToken', async () => {
    const account = await newAccount('Leaving Soon');
    const { page, context } = await browser.open('/login');
    await logIn(page, account);
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).not.toBeNull();
    await page.getByRole('button', { name: 'Account menu for Leaving Soon' }).click();
    await page.getByRole('button', { name: 'Log Out' }).click();
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
    await context.close();
  });

  it('restores a session after a reload', async () => {
    const account = await newAccount('Returning Shopper');
    const { page, context } = await browser.open('/login');
    await logIn(page, account);
    await page.goto(browser.url('/profile'));
    await page.getByText(account.email).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    await page.locator('main').getByText('Returning Shopper').waitFor();
    await context.close();
  });

  it.each(['google', 'github'] as const)(
    'signs in with %s (emulator credential) and saves the profile with PUT /api/users',
    async (provider) => {
      const { page, context } = await browser.open('/login');
      await page.getByRole('button', { name: 'Continue With Google' }).waitFor();
      // The test hooks are imported after the app starts: the button can be there before them.
      await hooksReady(page);
      const email = `${provider}.${Date.now()}@example.test`;
      const idToken = JSON.stringify({
        sub: `${provider}-${Date.now()}`,
        email,
        email_verified: true,
        name: `${provider} user`,
      });
      const ok = await page.evaluate(
        ([p, t]) => (window as unknown as E2EWindow).tazaHaatE2E?.signInWithIdToken(p as typeof provider, t as string),
        [provider, idToken],
      );
      expect(ok).toBe(true);
      await page.getByRole('button', { name: `Account menu for ${provider} user` }).waitFor();
      const token = await page.evaluate(() => localStorage.getItem('idToken'));
      const profile = await fetch(browser.url(`/api/users/${email}`), {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(await profile.json()).toEqual({ email, displayName: `${provider} user`, admin: false });
      expect(inject('authEmulatorHost')).toMatch(/^127\.0\.0\.1:/);
      await context.close();
    },
  );
});
