import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount } from './support/accounts';
import { useBrowser } from './support/browser';
import { fillCart } from './support/cart';
import { chooseArea } from './support/areas';

const browser = useBrowser();

const summary = async (page: Page) =>
  Promise.all(
    ['summary-total', 'summary-shipping', 'summary-tax', 'summary-subtotal'].map((id) =>
      page.getByTestId(id).textContent(),
    ),
  );

describe('checkout with cash on delivery', () => {
  it('prices carts below and above 200 Tk as the server does', async () => {
    const account = await newAccount('Price Checker');
    const { page, context } = await browser.open('/login');
    await logIn(page, account);
    await fillCart(page, browser.url('/api/products'), [['Potato (Alu)', 2]]);
    await page.goto(browser.url('/checkout'));
    expect(await summary(page)).toEqual(['60 Tk', '40 Tk', '3 Tk', '103 Tk']);
    await fillCart(page, browser.url('/api/products'), [
      ['Potato (Alu)', 3],
      ['Tomato', 2],
    ]);
    await page.reload();
    expect(await summary(page)).toEqual(['270 Tk', '80 Tk', '13.5 Tk', '364 Tk']);
    await page.getByText('Card payment is not configured on this shop').waitFor();
    await context.close();
  });

  it('places one order even on a double click, shows it Pending in My Orders, and empties the cart', async () => {
    const account = await newAccount('Double Clicker');
    const { page, context } = await browser.open('/login');
    await logIn(page, account);
    await fillCart(page, browser.url('/api/products'), [
      ['Carrot (Gajor)', 2],
      ['Himsagar Mango', 1],
    ]);
    await page.goto(browser.url('/checkout'));
    expect(await page.getByLabel('Name').inputValue()).toBe('Double Clicker');
    expect(await page.getByLabel('Name').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByLabel('E-mail').inputValue()).toBe(account.email);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Enter a Bangladeshi mobile number, e.g. 01711-223344').waitFor();
    await page.getByText('Choose a delivery area').waitFor();
    await page.getByText('Required').waitFor();
    await page.getByLabel('Phone').fill('+880 1711-000000');
    await page.getByLabel('Delivery address').fill('House 7, Road 2, Mirpur 10, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).dblclick();
    await page.locator('[data-sonner-toast]', { hasText: 'Order Successful' }).first().waitFor();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const orders = page.getByTestId('my-order');
    await orders.first().waitFor();
    expect(await orders.count()).toBe(1);
    const text = await orders.first().textContent();
    expect(text).toContain('Pending');
    expect(text).toContain('Cash on delivery');
    expect(text).toContain('353 Tk'); // 2 × 60 + 140 = 260 Tk, + 80 shipping + 13 tax
    expect(await page.evaluate(() => localStorage.getItem('cartItems'))).toBe('[]');
    expect(await page.getByTestId('cart-badge').textContent()).toBe('0');
    await context.close();
  });

  it('shows an empty cart message and a link to the shop instead of the form', async () => {
    const account = await newAccount('Empty Handed');
    const { page, context } = await browser.open('/login');
    await logIn(page, account);
    await page.goto(browser.url('/checkout'));
    await page.getByRole('heading', { name: 'Your cart is empty' }).waitFor();
    expect(await page.getByRole('button', { name: 'Place order' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Go to the shop' }).click();
    await page.getByRole('heading', { name: 'ALL PRODUCTS' }).waitFor();
    await context.close();
  });
});
