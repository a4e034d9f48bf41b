import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount, type Account } from './support/accounts';
import { apiAs, ordersOf } from './support/api';
import { useBrowser } from './support/browser';
import { chooseArea } from './support/areas';
import { fillCart } from './support/cart';
import { keptQueries } from './support/indexed-db';

const browser = useBrowser();
/** Puts `name` × 1 in the cart (e2e/support/cart.ts). */
const fillCartWith = (page: Page, name: string) => fillCart(page, browser.url('/api/products'), [[name, 1]]);
const SCREENSHOTS = 'test-results/screenshots';
const HOME = 'House 12, Road 5';
const OFFICE = 'Level 4, 27 Kemal Ataturk Avenue';

type Address = { id: string; label: string; areaId: string | null; line: string; floor?: string };
type Profile = { phone: string; addresses: Address[] };
const profileOf = (account: Account) => apiAs<Profile>(account, 'GET', '/api/users/me');

/** Waits until the account's saved profile satisfies `check` (it is saved just after the order is sent). */
async function profileWhen(account: Account, check: (profile: Profile) => boolean): Promise<Profile> {
  for (let i = 0; i < 50; i++) {
    const profile = await profileOf(account);
    if (check(profile)) return profile;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the profile never matched: ${JSON.stringify(await profileOf(account))}`);
}

async function placeOrder(page: Page, button = 'Place order') {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL(browser.url('/dashboard/my-orders'));
}

/** The delivery area chosen in the page's `nth` area picker (its id; '' while none is). */
const areaOf = (page: Page, nth = 0) => page.getByTestId('area-picker').nth(nth).locator('select').inputValue();

it('replaces the profile kept on the phone with the newer one on the server, so saving never drops an address added elsewhere', async () => {
  const account = await newAccount('Two Phones Shopper');
  const home = { id: 'home', label: 'Home', areaId: 'dhanmondi', line: HOME };
  await apiAs(account, 'PUT', '/api/users/me', { phone: '01711-223344', addresses: [home] });
  const { page, context } = await browser.open('/login', { width: 390, height: 844 });
  await logIn(page, account);
  await page.goto(browser.url('/profile'));
  await expect.poll(() => page.getByLabel('Label', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
  await expect.poll(() => keptQueries(page), { timeout: 10_000 }).toContain(HOME);

  // Another phone saves an office; here the server's answer comes a moment after the kept copy shows.
  const office = { id: 'office', label: 'Office', areaId: 'banani', line: OFFICE };
  await apiAs(account, 'PUT', '/api/users/me', { addresses: [office, home] });
  let answered = false;
  await context.route('**/api/users/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    answered = true;
    await route.fallback();
  });
  await page.reload();
  await page.getByLabel('Label', { exact: true }).first().waitFor();
  expect(answered).toBe(false);
  expect(await page.getByLabel('Label', { exact: true }).count()).toBe(1);
  await expect.poll(() => page.getByLabel('Label', { exact: true }).count(), { timeout: 10_000 }).toBe(2);

  // A phone change saved now keeps both addresses.
  await page.getByLabel('Phone', { exact: true }).fill('01811-556677');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Your phone and addresses are saved.').waitFor();
  const saved = await profileOf(account);
  expect(saved.phone).toBe('+8801811556677');
  expect(saved.addresses.map((a) => a.label)).toEqual(['Office', 'Home']);
  await context.close();
});

describe.each([
  { width: 390, height: 844 },
  { width: 1024, height: 768 },
])('saved phone and addresses at $width×$height', (viewport) => {
  it('saves the first order’s phone and address with its area, prefills the second, orders to a second saved address, and edits them on the profile', async () => {
    const account = await newAccount('Saved Shopper');
    const { page, context } = await browser.open('/login', viewport);
    await logIn(page, account);

    // First order: nothing saved, so the address is typed and saved under "Home" (the box is ticked).
    await fillCartWith(page, 'Tomato');
    await page.goto(browser.url('/checkout'));
    expect(await page.getByRole('radio', { name: /A new address/ }).count()).toBe(0);
    expect(await page.getByLabel('Save this address for next time').isChecked()).toBe(true);
    expect(await page.getByLabel('Label for this address (e.g. Home, Office)').inputValue()).toBe('Home');
    await page.getByLabel('Phone').fill('01711-223344');
    await chooseArea(page, 'dhanmondi');
    await page.getByLabel('Delivery address').fill(HOME);
    await page.getByLabel('Floor (optional)').fill('3rd floor');
    await placeOrder(page);
    const first = await profileWhen(account, (p) => p.addresses.length === 1);
    expect(first).toMatchObject({
      phone: '+8801711223344',
      addresses: [{ label: 'Home', areaId: 'dhanmondi', line: HOME, floor: '3rd floor' }],
    });

    // Second checkout: prefilled (the phone as people write it); a new address in Banani saved as "Office".
    await fillCartWith(page, 'Tomato');
    await page.goto(browser.url('/checkout'));
    await page.getByRole('radio', { name: /Home/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Home/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Phone').inputValue()).toBe('01711-223344');
    expect(await page.getByLabel('Delivery address').inputValue()).toBe(HOME);
    expect(await page.getByLabel('Floor (optional)').inputValue()).toBe('3rd floor');
    expect(await areaOf(page)).toBe('dhanmondi');
    await page.getByRole('radio', { name: 'A new address' }).check();
    expect(await page.getByLabel('Delivery address').inputValue()).toBe('');
    await chooseArea(page, 'banani');
    await page.getByLabel('Delivery address').fill(OFFICE);
    expect(await page.getByLabel('Label for this address (e.g. Home, Office)').inputValue()).toBe('Office');
    await placeOrder(page);
    expect((await ordersOf(account))[0]).toMatchObject({ areaId: 'banani', address: `${OFFICE}, Banani` });
    await profileWhen(account, (p) => p.addresses.length === 2);

    // Third: the last used (Office, in the area now chosen) comes first; Home is picked, with its area.
    await fillCartWith(page, 'Tomato');
    await page.goto(browser.url('/checkout'));
    await page.getByRole('radio', { name: /Office/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Office/ }).isChecked()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS}/checkout-saved-addresses-en-${viewport.width}.png`, fullPage: true });
    await page.getByRole('radio', { name: /Home/ }).check();
    expect(await page.getByLabel('Delivery address').inputValue()).toBe(HOME);
    expect(await areaOf(page)).toBe('dhanmondi');
    await placeOrder(page);
    expect((await ordersOf(account))[0]).toMatchObject({
      areaId: 'dhanmondi',
      address: `${HOME}, 3rd floor, Dhanmondi`,
      phone: '+8801711223344',
    });

    // The profile page renames Office, moves it to Gulshan 2 and changes its line; checkout then offers it so.
    await page.goto(browser.url('/profile'));
    await page.getByRole('heading', { name: 'Phone and addresses' }).waitFor();
    // The profile kept offline shows first, then the server's (which has both addresses).
    await expect.poll(() => page.getByLabel('Label', { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('01711-223344');
    const renamed = (await page.getByLabel('Label', { exact: true }).first().inputValue()) === 'Office' ? 0 : 1;
    await page.getByLabel('Label', { exact: true }).nth(renamed).fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Required').first().waitFor(); // inline, under the emptied name
    await page.getByLabel('Label', { exact: true }).nth(renamed).fill('Work');
    await page.getByLabel('Delivery address').nth(renamed).fill('Road 11');
    await chooseArea(page, 'gulshan-2', renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your phone and addresses are saved.').waitFor();
    const edited = await profileOf(account);
    expect(edited.addresses.map((a) => [a.label, a.areaId, a.line]).sort()).toEqual([
      ['Home', 'dhanmondi', HOME],
      ['Work', 'gulshan-2', 'Road 11'],
    ]);
    await page.screenshot({ path: `${SCREENSHOTS}/profile-addresses-en-${viewport.width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Remove Home' }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Your phone and addresses are saved.').waitFor();
    expect((await profileOf(account)).addresses.map((a) => a.label)).toEqual(['Work']);
    await context.close();
  });

  it('in Bangla: an address saved before areas asks for its area, the order gives it one; and the footer’s icons light on green', async () => {
    const account = await newAccount('Bangla Shopper');
    await apiAs(account, 'PUT', '/api/users/me', {
      phone: '01811-556677',
      addresses: [
        { id: 'home', label: 'বাসা', areaId: null, line: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা' },
        { id: 'office', label: 'অফিস', areaId: 'banani', line: 'লেভেল ৪, রোড ১১' },
      ],
    });
    const { page, context } = await browser.open('/login', viewport);
    await logIn(page, account);
    await page.evaluate(() => localStorage.setItem('locale', 'bn'));
    await fillCartWith(page, 'Tomato');
    await page.goto(browser.url('/checkout'));
    await page.getByRole('heading', { name: 'চেকআউট' }).waitFor();
    await page.getByRole('radio', { name: /বাসা/ }).waitFor();
    expect(await page.getByRole('radio', { name: /বাসা/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('ফোন').inputValue()).toBe('01811-556677');
    const askArea = page.getByText('এই ঠিকানাটি ডেলিভারি এলাকা চালুর আগে রাখা। নিচে এর এলাকা বেছে নিন।');
    await askArea.waitFor();
    expect(await areaOf(page)).toBe('');
    await page.getByRole('radio', { name: /অফিস/ }).check();
    expect(await page.getByLabel('ডেলিভারির ঠিকানা').inputValue()).toBe('লেভেল ৪, রোড ১১');
    expect(await areaOf(page)).toBe('banani');
    expect(await askArea.count()).toBe(0);
    await page.getByRole('radio', { name: /বাসা/ }).check();
    expect(await page.getByLabel('ডেলিভারির ঠিকানা').inputValue()).toBe('বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা');
    await askArea.waitFor();
    await page.getByRole('button', { name: 'অর্ডার দিন' }).click();
    await page.getByText('একটি ডেলিভারি এলাকা বেছে নিন').waitFor(); // inline, under the area
    await chooseArea(page, 'dhanmondi');
    await page.screenshot({ path: `${SCREENSHOTS}/checkout-saved-addresses-bn-${viewport.width}.png`, fullPage: true });

    // The footer's social icons: light on the dark green, at least WCAG 1.4.11's 3:1.
    const footer = page.locator('footer');
    await footer.scrollIntoViewIfNeeded();
    const ratio = await footer.getByRole('link', { name: 'Facebook' }).evaluate((link) => {
      const rgb = (css: string) => (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
      const lum = (css: string) => {
        const [r = 0, g = 0, b = 0] = rgb(css).map((v) => {
          const c = v / 255;
          return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
        });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
      };
      const icon = getComputedStyle(link.querySelector('svg') as Element).color;
      const ground = getComputedStyle(link.closest('footer') as Element).backgroundColor;
      const [light, dark] = [lum(icon), lum(ground)].sort((a, b) => b - a) as [number, number];
      return (light + 0.05) / (dark + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(3);
    await footer.screenshot({ path: `${SCREENSHOTS}/footer-bn-${viewport.width}.png` });
    await placeOrder(page, 'অর্ডার দিন');
    expect((await ordersOf(account))[0]).toMatchObject({ areaId: 'dhanmondi', phone: '+8801811556677' });
    // The old address now has its area.
    const saved = await profileWhen(account, (p) => p.addresses[0]?.areaId === 'dhanmondi');
    expect(saved.addresses[0]).toMatchObject({ id: 'home', label: 'বাসা', line: 'বাড়ি ১২, রোড ৫, ধানমন্ডি, ঢাকা' });
    await context.close();
  });
});
