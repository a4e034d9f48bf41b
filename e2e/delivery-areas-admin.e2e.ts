/**
 * The admin's Delivery areas screen (DESIGN.md §15) on a tablet in Chromium: adding an area the
 * shoppers' list then offers, changing its fee, switching it off (gone for shoppers, kept for
 * admins), and bad input refused under its fields in English and in Bangla with nothing stored —
 * the form's own checks and the API's field errors alike. Then the screen and its form at the
 * tablet's two sizes in both languages and on a phone, axe clean with 44 px targets.
 */
import { mkdirSync } from 'node:fs';
import type { Product } from '@contract/catalogue';
import type { DeliveryArea } from '@contract/delivery-area';
import type { Order } from '@contract/order';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { orderInput } from '../edge-api/src/testing/order-fixture';
import { idTokenFor, logIn, newAccount, type Account } from './support/accounts';
import { api, apiAs } from './support/api';
import { seriousA11yViolations, seriousA11yViolationsWithoutToasts } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = process.env.AREAS_SHOTS_DIR ?? 'test-results/screenshots';
const LANDSCAPE = { width: 1024, height: 768 };
const PORTRAIT = { width: 768, height: 1024 };
const PHONE = { width: 390, height: 844 };

/** The Areas screen, signed in as `account`, in `locale`. */
async function areasScreen(account: Account, viewport = LANDSCAPE, locale: 'en' | 'bn' = 'en') {
  const handle = await browser.open('/login', viewport);
  if (locale === 'bn') await handle.page.evaluate(() => localStorage.setItem('locale', 'bn'));
  await logIn(handle.page, account);
  await handle.page.goto(browser.url('/dashboard/areas'));
  await handle.page.getByTestId('area-row').first().waitFor();
  return handle;
}

/** The add form's words in each language. */
const EN = {
  title: 'Add a delivery area',
  id: 'Id, in links (optional)',
  name: 'Name (English)',
  thana: 'Thana',
  fee: 'Delivery fee (Tk)',
  save: 'Save area',
};
const BN: typeof EN = {
  title: 'নতুন ডেলিভারি এলাকা',
  id: 'আইডি, লিংকে থাকে (ঐচ্ছিক)',
  name: 'নাম (ইংরেজিতে)',
  thana: 'থানা',
  fee: 'ডেলিভারি চার্জ (টাকা)',
  save: 'এলাকা সংরক্ষণ করুন',
};

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });
const row = (page: Page, name: string) => page.getByTestId('area-row').filter({ hasText: name });
const publicAreas = () => api<DeliveryArea[]>('/api/delivery-areas');
const allAreas = (admin: Account) => apiAs<DeliveryArea[]>(admin, 'GET', '/api/delivery-areas?all=1');

/** The messages shown under the form's fields, by the field's label. */
async function fieldErrors(page: Page): Promise<Record<string, string>> {
  return page.getByRole('dialog').evaluate((dialog) => {
    const errors: Record<string, string> = {};
    for (const control of dialog.querySelectorAll<HTMLElement>('[aria-invalid="true"]')) {
      const label =
        control.tagName === 'FIELDSET'
          ? (control.querySelector('legend')?.textContent ?? '')
          : (dialog.querySelector(`label[for="${control.id}"]`)?.textContent ?? '');
      const described = (control.getAttribute('aria-describedby') ?? '').split(' ');
      const error = described.map((id) => document.getElementById(id)).find((el) => el?.id.endsWith('-error'));
      errors[label] = error?.textContent ?? '';
    }
    return errors;
  });
}

/** Every visible button, text field and switch row of the page (or the open dialog) at least 44 px tall. */
async function smallTargets(page: Page, scope: 'main' | 'dialog'): Promise<string[]> {
  return page
    .locator(scope)
    .evaluate((root) =>
      [...root.querySelectorAll<HTMLElement>('button, input:not([type=checkbox]), a.btn, label:has(> input)')]
        .filter((el) => el.offsetParent !== null && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.tagName} ${el.textContent?.trim() || el.getAttribute('aria-label') || ''}`),
    );
}

describe('the Delivery areas screen', () => {
  it('adds an area the shoppers then see, changes its fee and switches it off, on a tablet', async () => {
    const admin = await newAccount('Areas Admin', { admin: true });
    const { page, context } = await areasScreen(admin);
    await expect.poll(() => page.getByRole('heading', { name: 'Delivery areas', level: 1 }).isVisible()).toBe(true);
    // The seeded areas: a core one on the spec's rule, and Savar with its own fee, minimum and slots.
    await expect.poll(() => row(page, 'Dhanmondi').first().textContent()).toContain('Standard: 40/80 Tk');
    const savar = await row(page, 'Savar').first().textContent();
    expect(savar).toContain('100 Tk');
    expect(savar).toContain('500 Tk');
    expect(savar).toContain('2,000 Tk');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTargets(page, 'main')).toEqual([]);
    // Found by its Bangla name, or its thana.
    const find = page.getByRole('searchbox', { name: 'Find an area: name, Bangla name or thana' });
    await find.fill('সাভার');
    await expect.poll(() => page.getByTestId('area-row').count()).toBe(1);
    expect(await page.getByTestId('area-row').textContent()).toContain('Savar');
    await find.fill('gulshan');
    await expect.poll(() => page.getByTestId('area-row').count()).toBeGreaterThan(1);
    await find.fill('');

    await page.getByRole('button', { name: 'Add area' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a delivery area' });
    await dialog.waitFor();
    await dialog.getByLabel('Name (English)').fill('Aftabnagar');
    await dialog.getByLabel('Bangla name').fill('আফতাবনগর');
    await dialog.getByLabel('Thana').fill('Badda');
    await dialog.getByLabel('Delivery fee (Tk)').fill('60');
    await dialog.getByLabel('Minimum order (Tk)').fill('300');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(await smallTargets(page, 'dialog')).toEqual([]);
    await dialog.getByRole('button', { name: 'Save area' }).click();
    await toast(page, 'Aftabnagar saved').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'Aftabnagar').textContent()).toContain('60 Tk');
    expect(await row(page, 'Aftabnagar').textContent()).toContain('300 Tk');
    expect(await row(page, 'Aftabnagar').textContent()).toContain('আফতাবনগর');
    // Listed with the other areas of its thana.
    const badda = page.locator('section', { has: page.getByRole('heading', { name: /^Badda thana/, level: 2 }) });
    expect(await badda.last().getByTestId('area-row').filter({ hasText: 'Aftabnagar' }).count()).toBe(1);
    expect((await publicAreas()).find((area) => area.id === 'aftabnagar')).toEqual({
      id: 'aftabnagar',
      name: 'Aftabnagar',
      nameBn: 'আফতাবনগর',
      thana: 'Badda',
      fee: 60,
      minimumOrder: 300,
      freeDeliveryAbove: null,
      slots: null,
      active: true,
    });

    // A new fee: the form opens with the stored values.
    await page.getByRole('button', { name: 'Edit Aftabnagar' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Aftabnagar' });
    expect(await edit.getByLabel('Delivery fee (Tk)').inputValue()).toBe('60');
    expect(await edit.getByLabel('Minimum order (Tk)').inputValue()).toBe('300');
    await edit.getByLabel('Delivery fee (Tk)').fill('70');
    await edit.getByRole('button', { name: 'Save area' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'Aftabnagar').textContent()).toContain('70 Tk');
    expect((await publicAreas()).find((area) => area.id === 'aftabnagar')?.fee).toBe(70);

    // Off: gone from the shoppers' list, still the admin's.
    await page.getByRole('button', { name: 'Edit Aftabnagar' }).click();
    await edit.getByRole('switch', { name: 'On: shoppers can choose this area' }).uncheck();
    await edit.getByRole('button', { name: 'Save area' }).click();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, 'Aftabnagar').getByTestId('area-status').textContent()).toBe('Off');
    expect((await publicAreas()).some((area) => area.id === 'aftabnagar')).toBe(false);
    expect((await allAreas(admin)).find((area) => area.id === 'aftabnagar')).toMatchObject({ active: false, fee: 70 });
    await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await context.close();
  });

  it('refuses bad input under its fields in English and in Bangla, and stores nothing', async () => {
    const admin = await newAccount('Areas Checker', { admin: true });
    const { page, context } = await areasScreen(admin);
    const before = await allAreas(admin);
    /** Opens the add form and saves it with no Bangla name and a negative fee. */
    const fillBad = async (texts: typeof EN) => {
      await page.getByTestId('add-area').click();
      const dialog = page.getByRole('dialog', { name: texts.title });
      await dialog.waitFor();
      await dialog.getByLabel(texts.name).fill('Notun Bazar');
      await dialog.getByLabel(texts.thana, { exact: true }).fill('Badda');
      await dialog.getByLabel(texts.fee).fill('-5');
      await dialog.getByRole('button', { name: texts.save }).click();
      return dialog;
    };

    const dialog = await fillBad(EN);
    await expect
      .poll(() => fieldErrors(page))
      .toEqual({ 'Bangla name': 'Required', 'Delivery fee (Tk)': 'Must be 0 or more' });
    // Only the ticked slots when "All slots" is off: none ticked is refused too.
    await dialog.getByLabel('Bangla name').fill('নতুন বাজার');
    await dialog.getByLabel('Delivery fee (Tk)').fill('');
    await dialog.getByRole('checkbox', { name: 'All slots' }).uncheck();
    await dialog.getByRole('button', { name: 'Save area' }).click();
    await expect.poll(() => fieldErrors(page)).toEqual({ 'Delivery slots': 'Choose at least one slot, or All slots' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The API's own field error (another area has the id typed) under its field.
    await dialog.getByRole('checkbox', { name: 'All slots' }).check();
    await dialog.getByLabel(EN.id).fill('dhanmondi');
    await dialog.getByRole('button', { name: 'Save area' }).click();
    await expect.poll(() => fieldErrors(page)).toEqual({ [EN.id]: 'Another area has this id. Choose another.' });
    expect(await dialog.getByRole('alert').textContent()).toContain('Not saved: check the fields marked.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The same in Bangla.
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { name: 'ডেলিভারি এলাকা', level: 1 }).waitFor();
    const bangla = await fillBad(BN);
    await expect
      .poll(() => fieldErrors(page))
      .toEqual({ 'বাংলা নাম': 'এটি পূরণ করুন', [BN.fee]: '০ বা তার বেশি হতে হবে' });
    await bangla.getByLabel('বাংলা নাম').fill('নতুন বাজার');
    await bangla.getByLabel(BN.fee).fill('');
    await bangla.getByLabel(BN.id).fill('dhanmondi');
    await bangla.getByRole('button', { name: BN.save }).click();
    await expect.poll(() => fieldErrors(page)).toEqual({ [BN.id]: 'এই আইডি আরেকটি এলাকার। অন্য আইডি দিন।' });
    expect(await bangla.getByRole('alert').textContent()).toContain('সংরক্ষণ হয়নি: চিহ্নিত ঘরগুলো দেখুন।');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);

    expect(await allAreas(admin)).toEqual(before);
    await context.close();
  }, 150_000);

  it("shows an order's fee as its area charged it, the rider's note and the phone as people write it", async () => {
    const admin = await newAccount('Areas Orders Admin', { admin: true });
    const customer = await newAccount('Rampura Shopper');
    const area = await apiAs<DeliveryArea>(admin, 'POST', '/api/delivery-areas', {
      id: 'rampura-e2e',
      name: 'Rampura E2E',
      nameBn: 'রামপুরা',
      thana: 'Rampura',
      fee: 65,
    });
    const [product] = await api<Product[]>('/api/products');
    const res = await fetch(browser.url('/api/orders'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idTokenFor(customer)}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(
        orderInput({
          customerName: customer.displayName,
          email: customer.email,
          orderedProduct: [{ _id: product!._id, cartQuantity: 1 }],
          phone: '01711-223344',
          areaId: area.id,
          address: 'House 5, Road 2',
          note: 'Ring twice; the gate on the left',
        }),
      ),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const order = (await res.json()) as Order;
    expect(order.shipping).toBe(65);

    const { page, context } = await browser.open('/login', LANDSCAPE);
    await logIn(page, admin);
    await page.goto(browser.url(`/dashboard/manage-orders/${order._id}`));
    await page.getByRole('heading', { name: `Order of ${customer.displayName}` }).waitFor();
    expect(await page.getByRole('link', { name: '01711-223344' }).getAttribute('href')).toBe('tel:+8801711223344');
    await page.getByText('House 5, Road 2, Rampura E2E').first().waitFor();
    await page.getByText('Ring twice; the gate on the left').first().waitFor();
    expect(await page.getByRole('row', { name: /^Shipping/ }).textContent()).toContain('65 Tk');
    await page.emulateMedia({ media: 'print' });
    const slip = (await page.getByTestId('packing-slip').textContent()) ?? '';
    for (const part of ['01711-223344', 'Note for the rider', 'Ring twice; the gate on the left', '65 Tk'])
      expect(slip).toContain(part);
    await context.close();
  });

  it('reaches admins only', async () => {
    const shopper = await newAccount('Areas Shopper');
    const { page, context } = await browser.open('/login', LANDSCAPE);
    await logIn(page, shopper);
    await page.goto(browser.url('/dashboard/areas'));
    await page.waitForURL((url) => !url.pathname.startsWith('/dashboard/areas'));
    expect(await page.getByTestId('area-row').count()).toBe(0);
    await context.close();
  });

  it('fits the tablet both ways in both languages, and a phone', async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    const admin = await newAccount('Areas Viewer', { admin: true });
    const sizes = [
      ['1024', LANDSCAPE, 'en'],
      ['1024', LANDSCAPE, 'bn'],
      ['768', PORTRAIT, 'en'],
      ['768', PORTRAIT, 'bn'],
      ['390', PHONE, 'en'],
    ] as const;
    for (const [name, viewport, locale] of sizes) {
      const { page, context } = await areasScreen(admin, viewport, locale);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, `${name} ${locale}: no sideways scroll`).toBeLessThanOrEqual(viewport.width);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await smallTargets(page, 'main')).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/areas-${locale}-${name}.png` });
      await page.getByTestId('add-area').click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400); // the modal's opening transition, for the screenshot
      expect(await smallTargets(page, 'dialog')).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/areas-form-${locale}-${name}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: locale === 'en' ? 'Edit Savar' : 'Savar বদলান' }).click();
      await page.getByRole('dialog').waitFor();
      await page.waitForTimeout(400);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.screenshot({ path: `${SCREENSHOTS}/areas-edit-${locale}-${name}.png` });
      await context.close();
    }
  }, 240_000);
});
