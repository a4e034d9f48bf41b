/**
 * Paid orders are kept (DESIGN.md §6) in Chromium. The e2e stack has no Stripe keys, so a card
 * payment is written straight into the stack's database: an admin's cancel of a paid card order
 * there cannot be refunded and leaves it as it was, with the refund's own message; an order
 * cancelled and refunded reads Cancelled / Refunded in the admin's queue (its state filter too)
 * and details, and in the customer's My Orders. The refund itself against Stripe's API is
 * covered by edge-api/src/payments/stripe.test.ts.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../edge-api/src/db/client';
import { logIn, newAccount, placeOrderFor, type Account } from './support/accounts';
import { useBrowser } from './support/browser';

const browser = useBrowser();

/** A signed-in page at `path` (confirm prompts accepted). */
async function signedIn(account: Account, path: string) {
  const handle = await browser.open('/login');
  handle.page.on('dialog', (dialog) => void dialog.accept());
  await logIn(handle.page, account);
  await handle.page.goto(browser.url(path));
  return handle;
}

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text });

/** Writes order `id`'s card payment (and, when `cancelledAt` is given, its cancel and refund) into the stack's database. */
async function payByCard(id: string, cancelledAt?: number): Promise<void> {
  const db = await openDatabase(inject('databaseUrl'));
  await db.batch(
    [
      {
        sql: `UPDATE orders SET payment_method = 'card', payment_status = ?, payment_ref = ?,
                order_status = CASE WHEN ? THEN 'Cancelled' ELSE order_status END WHERE id = ?`,
        args: [cancelledAt ? 'refunded' : 'paid', `pi_e2e_${id.slice(0, 8)}`, cancelledAt ? 1 : 0, id],
      },
      ...(cancelledAt
        ? [
            {
              sql: "INSERT INTO order_status_history (order_id, status, at, by_uid) VALUES (?, 'Cancelled', ?, NULL)",
              args: [id, cancelledAt],
            },
          ]
        : []),
    ],
    'write',
  );
  db.close();
}

describe('paid orders are kept', () => {
  it("keeps a paid card order as it was when the admin's cancel cannot refund it", async () => {
    const admin = await newAccount('Refund Admin', { admin: true });
    const customer = await newAccount('Card Payer');
    const placed = await placeOrderFor(customer, 1);
    await payByCard(placed._id);
    const { page, context } = await signedIn(admin, '/dashboard/manage-orders');
    const row = page.getByTestId('order-row').filter({ hasText: customer.email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Paid');
    await row.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'The payment could not be refunded, so the order is kept as it was.').first().waitFor();
    await expect.poll(() => row.textContent()).toContain('Pending');
    expect(await row.textContent()).toContain('Paid');
    await context.close();
  });

  it('shows a cancelled, refunded order as Cancelled / Refunded to the admin and in My Orders', async () => {
    const admin = await newAccount('Queue Admin', { admin: true });
    const customer = await newAccount('Refunded Shopper');
    const placed = await placeOrderFor(customer, 1);
    await payByCard(placed._id, Date.now());

    const { page, context } = await signedIn(admin, '/dashboard/manage-orders');
    await page.getByLabel('Status').selectOption('Cancelled');
    const row = page.getByTestId('order-row').filter({ hasText: customer.email });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain('Cancelled');
    expect(text).toContain('Refunded');
    // Kept: nothing to delete, nothing to advance.
    expect(await row.getByRole('button').count()).toBe(0);
    await page.goto(browser.url(`/dashboard/manage-orders/${placed._id}`));
    await page.getByText('Card · Refunded').first().waitFor();
    await page
      .getByText(`Payment reference: pi_e2e_${placed._id.slice(0, 8)}`)
      .first()
      .waitFor();
    expect(await page.getByTestId('status-timeline').textContent()).toContain('Cancelled');
    await context.close();

    const mine = await signedIn(customer, '/dashboard/my-orders');
    const order = mine.page.getByTestId('my-order').first();
    await order.waitFor();
    const mineText = await order.textContent();
    expect(mineText).toContain('Cancelled');
    expect(mineText).toContain('Refunded');
    expect(await order.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await mine.context.close();
  });
});
