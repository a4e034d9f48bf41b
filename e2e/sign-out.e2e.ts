/**
 * A sign-out Firebase starts itself: an admin's account disabled in the Auth emulator
 * (as a revoked session or a disabled account would be) signs the tablet out at its next token
 * refresh, and the app forgets what it kept — the saved order queue (every customer's phone and
 * address, in IndexedDB `taza-haat-queries`) and the account's outbox items (`taza-haat`).
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { DEMO_PROJECT_ID } from '../edge-api/src/contract/local-run';
import { logIn, newAccount, PLACED_CONTACT, placeOrderFor } from './support/accounts';
import { visit, useBrowser } from './support/browser';
import { hooksReady, type E2EWindow } from './support/hooks';
import { countIndexedDb, keptQueries } from './support/indexed-db';
import { chooseArea } from './support/areas';

const browser = useBrowser();

/** Calls the emulator's Identity Toolkit `accounts:<method>` with owner rights (Bearer owner). */
async function emulatorAdmin(method: string, body: object): Promise<{ users?: Array<{ localId: string }> }> {
  const res = await fetch(
    `http://${inject('authEmulatorHost')}/identitytoolkit.googleapis.com/v1/projects/${DEMO_PROJECT_ID}/accounts:${method}`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`accounts:${method} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { users?: Array<{ localId: string }> };
}

/** Changes the emulator's account of `email` (accounts:update with its localId). */
async function updateAccount(email: string, change: { emailVerified?: boolean; disableUser?: boolean }) {
  const localId = (await emulatorAdmin('lookup', { email: [email] })).users?.[0]?.localId;
  if (!localId) throw new Error(`no emulator account for ${email}`);
  await emulatorAdmin('update', { localId, ...change });
}

/** What this page's IndexedDB keeps: the saved order queries (JSON text, '' when none) and the outbox items of `email`. */
async function kept(page: Page, email: string): Promise<{ queries: string; outbox: number }> {
  const queries = await keptQueries(page);
  const outbox = await countIndexedDb(page, 'taza-haat', 'outbox', { index: 'userEmail', key: email });
  return { queries, outbox };
}

describe('a sign-out Firebase starts', () => {
  it("forgets the admin's saved order queue and outbox items once the disabled account's token is refreshed", async () => {
    const customer = await newAccount('Queue Customer');
    await placeOrderFor(customer);
    const admin = await newAccount('Revoked Admin', { admin: true });
    await updateAccount(admin.email, { emailVerified: true });
    const { page, context } = await browser.open('/login');
    await logIn(page, admin);

    // The queue is kept for offline reading, with the customer's phone.
    await page.goto(browser.url('/dashboard/manage-orders'));
    await page.getByTestId('order-row').filter({ hasText: customer.email }).first().waitFor();
    await expect.poll(async () => (await kept(page, admin.email)).queries).toContain(PLACED_CONTACT.phone);

    // An order of the admin's own waits in the outbox: the shop is busy.
    await context.route('**/api/orders', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '60' },
        contentType: 'application/json',
        body: '{"error":{"code":"busy","message":"Busy."}}',
      });
    });
    await visit(page, browser.url('/Shop'));
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.goto(browser.url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Dhanmondi 27, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('unsent-order').first().waitFor();
    expect((await kept(page, admin.email)).outbox).toBe(1);

    // Disabled in Firebase; the app learns it at its next token refresh (forced here, hourly in life).
    await updateAccount(admin.email, { disableUser: true });
    await hooksReady(page);
    await page.evaluate(() => (window as unknown as E2EWindow).tazaHaatE2E?.refreshIdToken());
    // The saved copy is gone (or saved again without any order query in it).
    await expect
      .poll(async () => {
        const { queries, outbox } = await kept(page, admin.email);
        return {
          orderQueries: queries.includes('"orders"'),
          phone: queries.includes(PLACED_CONTACT.phone),
          outbox,
        };
      })
      .toEqual({ orderQueries: false, phone: false, outbox: 0 });
    expect(await page.evaluate(() => localStorage.getItem('idToken'))).toBeNull();
    await context.close();
  }, 90_000);
});
