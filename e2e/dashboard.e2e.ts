import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logIn, newAccount, placeOrderFor, verifyEmail, type Account } from './support/accounts';
import { api } from './support/api';
import { visit, scrollThrough, useBrowser } from './support/browser';

const browser = useBrowser();

async function signedIn(account: Account, path: string, viewport?: { width: number; height: number }) {
  const handle = await browser.open('/login', viewport);
  handle.page.on('dialog', (dialog) => void dialog.accept());
  await logIn(handle.page, account);
  await handle.page.goto(browser.url(path));
  return handle;
}
/**
 * The names on the shop's cards once it shows the whole current catalogue: the grid renders its
 * first cards at once and the rest in a deferred render, and a mirrored copy may show first.
 */
const shopNames = async (page: Page) => {
  await visit(page, browser.url('/Shop'));
  const count = (await api<unknown[]>('/api/products')).length;
  await expect.poll(() => page.getByTestId('product-card').count()).toBe(count);
  return page.getByTestId('product-card').locator('h2').allTextContents();
};

describe('admin: products', () => {
  it('adds, updates and deletes products, and the shop follows', async () => {
    const admin = await newAccount('Products Admin', { admin: true });
    const { page, context } = await signedIn(admin, '/dashboard/add-product');
    await page.getByRole('heading', { name: 'Add A Product' }).waitFor();
    await page.getByRole('button', { name: 'Add Product' }).click();
    expect(await page.getByText('Required').count()).toBeGreaterThanOrEqual(2);
    await page.getByPlaceholder('Product Name').fill('Bottle Gourd (Lau)');
    await page.getByPlaceholder('Price').fill('45.5');
    await page.getByPlaceholder('Image Url').fill('/products/cucumber.webp');
    await page.getByLabel('Category').selectOption('vegetable');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'New Product Added To Shop' }).waitFor();
    expect(await page.getByPlaceholder('Product Name').inputValue()).toBe('');
    expect((await shopNames(page)).at(-1)).toBe('Bottle Gourd (Lau)');

    await page.goto(browser.url('/dashboard/manage-products'));
    await page.getByRole('columnheader', { name: 'Update/Delete' }).waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      'ID',
      'Product',
      'Image',
      'Price',
      'Update/Delete',
    ]);
    await page.getByRole('link', { name: 'Update Bottle Gourd (Lau)' }).click();
    await page.getByPlaceholder('Price').fill('50');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.waitForURL(browser.url('/dashboard/manage-products'));
    await page.getByRole('row', { name: /Bottle Gourd \(Lau\).*50 Tk/ }).waitFor();

    const before = await page.getByTestId('product-row').count();
    // Delete the product this test added, so other test files keep the whole seed catalogue.
    await page.getByRole('button', { name: 'Delete Bottle Gourd (Lau)' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Deleted product successfully' }).waitFor();
    await expect.poll(() => page.getByTestId('product-row').count()).toBe(before - 1);
    const names = await shopNames(page);
    expect(names).not.toContain('Bottle Gourd (Lau)');
    expect(names).toContain('Tomato');
    expect(names).toContain('Potato (Alu)');
    expect(names).toContain('Brinjal (Begun)');
    await context.close();
  });

  it('tells a customer they may not manage products', async () => {
    const customer = await newAccount('Curious Customer');
    const { page, context } = await signedIn(customer, '/dashboard/add-product');
    await page.getByText('You are not allowed to manage products').waitFor();
    expect(await page.getByPlaceholder('Product Name').count()).toBe(0);
    await context.close();
  });
});

describe('orders', () => {
  it('lets the admin approve an order, and the customer sees it Approved; others never see it', async () => {
    const admin = await newAccount('Orders Admin', { admin: true });
    const customer = await newAccount('Order Owner');
    const stranger = await newAccount('Someone Else');
    const order = await placeOrderFor(customer);

    const asAdmin = await signedIn(admin, '/dashboard/manage-orders');
    await asAdmin.page.getByRole('searchbox').fill(customer.email);
    const row = asAdmin.page.getByTestId('order-row').filter({ hasText: customer.email });
    await row.waitFor();
    expect(await asAdmin.page.getByRole('columnheader').allTextContents()).toEqual([
      'Customer',
      'Products',
      'Price',
      'Status',
      'Approved/Delete',
    ]);
    expect(await row.textContent()).toContain(`${order.totalAmount} Tk`);
    await row.getByRole('button', { name: 'Approve' }).click();
    await asAdmin.page.locator('[data-sonner-toast]', { hasText: 'Order Approved Successfully!!' }).waitFor();
    expect(
      await asAdmin.page
        .locator('[data-sonner-toast]', { hasText: 'Order Approved Successfully!!' })
        .getAttribute('data-y-position'),
    ).toBe('top');
    await asAdmin.context.close();

    const asCustomer = await signedIn(customer, '/dashboard/my-orders');
    const mine = asCustomer.page.getByTestId('my-order');
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.first().textContent()).toContain('Approved');
    expect(await mine.first().getByRole('button', { name: 'Approved: cannot cancel' }).isDisabled()).toBe(true);
    await asCustomer.context.close();

    const asStranger = await signedIn(stranger, '/dashboard/my-orders');
    await asStranger.page.getByText('You have no orders yet.').waitFor();
    await asStranger.context.close();
  });

  it('lets a customer cancel their Pending order', async () => {
    const customer = await newAccount('Changing Mind');
    await placeOrderFor(customer, 1);
    const { page, context } = await signedIn(customer, '/dashboard/my-orders');
    await page.getByTestId('my-order').first().waitFor();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Order Cancel Successfully!!' }).waitFor();
    await page.getByText('You have no orders yet.').waitFor();
    await context.close();
  });

  it('saves screenshots of Manage Orders at tablet and desktop sizes, with no sideways scroll', async () => {
    mkdirSync('test-results/screenshots', { recursive: true });
    const admin = await newAccount('Screenshot Admin', { admin: true });
    for (const viewport of [
      { width: 768, height: 1024 },
      { width: 1280, height: 800 },
    ]) {
      const { page, context } = await signedIn(admin, '/dashboard/manage-orders', viewport);
      await page.getByTestId('order-row').first().waitFor();
      await page.screenshot({ path: `test-results/screenshots/manage-orders-${viewport.width}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      const buttons = await page
        .getByRole('button', { name: 'Delete' })
        .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height));
      expect(Math.min(...buttons)).toBeGreaterThanOrEqual(44);
      await context.close();
    }
  });
});

describe('admins and reviews', () => {
  it('makes a new admin, who then sees the admin links', async () => {
    const admin = await newAccount('Granting Admin', { admin: true });
    const future = {
      email: `future.admin.${Date.now()}@example.test`,
      password: 'secret-pass-1',
      displayName: 'Future Admin',
    };
    // The future admin registers in the shop first, which saves their profile (POST /api/users).
    const first = await browser.open('/register');
    await first.page.getByLabel('Name').fill(future.displayName);
    await first.page.getByLabel('E-mail').fill(future.email);
    await first.page.getByLabel('Password', { exact: true }).fill(future.password);
    await first.page.getByLabel('Confirm password').fill(future.password);
    await first.page.getByRole('button', { name: 'Register', exact: true }).click();
    await first.page.waitForURL(browser.url('/'));
    await first.context.close();
    // Admin rights need a verified e-mail (DESIGN.md §3): the future admin follows the link first.
    await verifyEmail(future);

    const { page, context } = await signedIn(admin, '/dashboard/add-admin');
    await page.getByLabel('E-mail of the new admin').fill(future.email);
    await page.getByRole('button', { name: 'Make admin' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Admin created successfully!!' }).waitFor();
    await page.getByLabel('E-mail of the new admin').fill(future.email);
    await page.getByRole('button', { name: 'Make admin' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Admin can not created or already an admin' }).waitFor();
    await context.close();

    const again = await signedIn(future, '/dashboard');
    await again.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Manage Orders' })
      .waitFor();
    await again.context.close();
  });

  it('posts a 3.5-star review that the home page shows with 3.5 stars', async () => {
    const customer = await newAccount('Happy Reviewer');
    const { page, context } = await signedIn(customer, '/dashboard/add-review');
    await page.getByRole('heading', { name: 'Please make a review' }).waitFor();
    await page.getByRole('radio', { name: '3.5 stars' }).check();
    await page.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Write a few words about your order').waitFor();
    await page.getByLabel('Your review').fill('Good mangoes, a little late.');
    await page.getByRole('button', { name: 'Submit Review' }).click();
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Successfully Reviewed' });
    await toast.waitFor();
    expect([await toast.getAttribute('data-x-position'), await toast.getAttribute('data-y-position')]).toEqual([
      'left',
      'bottom',
    ]);
    await visit(page, browser.url('/'));
    await page.getByRole('heading', { name: 'Fresh from the haat, to your door' }).waitFor();
    await scrollThrough(page);
    const card = page.getByTestId('testimonial').filter({ hasText: 'Good mangoes, a little late.' });
    await card.waitFor();
    expect(await card.getByRole('img', { name: 'Rated 3.5 out of 5' }).count()).toBe(1);
    await context.close();
  });
});
