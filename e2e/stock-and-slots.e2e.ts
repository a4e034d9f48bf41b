/**
 * The shopper's side of stock and delivery slots (DESIGN.md §6, §8) in Chromium: an out-of-stock
 * product cannot be added and is left out of checkout; checkout offers the delivery slots; an
 * order queued offline that meets a stock-out is shown "Not sent" and can be sent without the
 * missing product; a slot the server moved is announced in My Orders. Stock is set through the
 * API as an admin and always put back, and the products used here are used by no other file.
 */
import { mkdirSync } from 'node:fs';
import type { DeliverySlotOffer } from '@contract/delivery';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { orderInput } from '../edge-api/src/testing/order-fixture';
import { idTokenFor, logIn, newAccount, type Account } from './support/accounts';
import { api, apiAs, ordersOf, productNamed } from './support/api';
import { seriousA11yViolationsWithoutToasts } from './support/axe';
import { visit, useBrowser } from './support/browser';
import { chooseArea } from './support/areas';
import { controlled, shopperCodeKept } from './support/service-worker';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };

const slots = () => api<DeliverySlotOffer[]>('/api/delivery-slots');

let admin: Account | undefined;
const outOfStock = new Set<string>();
/** Sets a product's stock as an admin would (PUT /api/products/update/:id); afterEach puts it back. */
async function setStock(name: string, inStock: boolean) {
  admin ??= await newAccount('Stock Keeper', { admin: true });
  const { _id } = await productNamed(name);
  if (inStock) outOfStock.delete(name);
  else outOfStock.add(name);
  await apiAs(admin, 'PUT', `/api/products/update/${_id}`, { inStock });
}
afterEach(async () => {
  for (const name of [...outOfStock]) await setStock(name, true);
});

/** Orders through the API until slot `slotId` has no room left (each filler account stays under the write limit). */
async function fillSlot(slotId: string) {
  const remaining = (await slots()).find((s) => s.id === slotId)?.remaining ?? 0;
  const filler = await newAccount('Slot Filler');
  const token = await idTokenFor(filler);
  const { _id } = await productNamed('Lettuce');
  for (let i = 0; i < remaining; i += 1)
    await api('/api/orders', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': crypto.randomUUID(),
      },
      body: JSON.stringify(
        orderInput({
          customerName: filler.displayName,
          email: filler.email,
          deliverySlot: slotId,
          orderedProduct: [{ _id, cartQuantity: 1 }],
        }),
      ),
    });
  expect((await slots()).find((s) => s.id === slotId)?.remaining).toBe(0);
}

/** A new shopper, signed in, with the service worker in control (offline runs need it). */
async function shopper(name: string, viewport = PHONE) {
  const account = await newAccount(name);
  const { page, context } = await browser.open('/login', viewport);
  await logIn(page, account);
  await controlled(page);
  await shopperCodeKept(page);
  return { account, page, context };
}

async function addToCart(page: Page, names: string[]) {
  await visit(page, browser.url('/Shop'));
  for (const name of names) await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
}

async function fillCheckout(page: Page) {
  await page.goto(browser.url('/checkout'));
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
  await chooseArea(page, 'dhanmondi');
}

/** After "Send without them": checkout opens with the rest; the shopper gives phone and address and places it. */
async function placeAgainAtCheckout(page: Page) {
  await page.waitForURL(browser.url('/checkout'));
  await page.getByLabel('Phone').fill('01711000000');
  await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
  await chooseArea(page, 'dhanmondi');
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(browser.url('/dashboard/my-orders'));
}

/** Saves a picture of `target` (a page: all of it) for a look by eye. */
async function screenshot(target: Page | Locator, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await target.screenshot({ path: `${SCREENSHOTS}/${name}-390.png`, ...('goto' in target ? { fullPage: true } : {}) });
}

/** Places the order at checkout; My Orders and the API show it with `slot`. */
async function placeWithSlot(page: Page, account: Account, slot: DeliverySlotOffer) {
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.waitForURL(browser.url('/dashboard/my-orders'));
  await page
    .getByTestId('my-order')
    .filter({ hasText: `Delivery: ${slot.label}` })
    .waitFor();
  expect((await ordersOf(account))[0]?.deliverySlot?.id).toBe(slot.id);
}

/** Places the cart's order with the connection off; the app shows My Orders with it waiting. */
async function orderOffline(page: Page, context: BrowserContext) {
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Place order' }).click();
  await page.locator('[data-sonner-toast]', { hasText: 'Order saved' }).waitFor();
  await page.waitForURL(browser.url('/dashboard/my-orders'));
  await page.getByTestId('unsent-order').filter({ hasText: 'Waiting to send' }).waitFor();
}

describe('out of stock', () => {
  it('says so on the card with Add to cart disabled, marks the cart line, and leaves it out of the order', async () => {
    const { account, page, context } = await shopper('Stock Watcher');
    await addToCart(page, ['Broccoli', 'Button Mushroom']);
    await setStock('Broccoli', false);
    await visit(page, browser.url('/Shop'));
    const card = page.getByTestId('product-card').filter({ hasText: 'Broccoli' });
    await card.getByText('Out of stock').waitFor();
    expect(await card.getByRole('button', { name: 'Add to cart: Broccoli' }).isDisabled()).toBe(true);
    expect(
      await page.getByTestId('product-card').filter({ hasText: 'Button Mushroom' }).getByText('Out of stock').count(),
    ).toBe(0);

    await page.goto(browser.url('/cart'));
    const row = page.getByTestId('cart-row').filter({ hasText: 'Broccoli' });
    await row.getByText('Out of stock').waitFor();
    expect(await row.getByRole('button', { name: 'Increase Broccoli' }).isDisabled()).toBe(true);
    expect(
      await page.getByTestId('cart-row').filter({ hasText: 'Button Mushroom' }).getByText('Out of stock').count(),
    ).toBe(0);

    await fillCheckout(page);
    const notInOrder = page.getByTestId('not-in-order');
    await notInOrder.waitFor();
    expect(await notInOrder.textContent()).toContain('Not in this order: out of stock');
    expect(await notInOrder.textContent()).toContain('Broccoli');
    const mushroom = await productNamed('Button Mushroom');
    expect(await page.getByTestId('summary-total').textContent()).toBe(`${mushroom.price} Tk`);
    await screenshot(page, 'checkout-out-of-stock');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await page.getByTestId('my-order').first().waitFor();
    const orders = await ordersOf(account);
    expect(orders.map((o) => o.orderedProduct.map((l) => l.name))).toEqual([['Button Mushroom']]);
    await context.close();
  });

  it('cannot place an order when everything in the cart is out of stock', async () => {
    const { page, context } = await shopper('Unlucky Basket', { width: 1280, height: 800 });
    await addToCart(page, ['Broccoli']);
    await setStock('Broccoli', false);
    await fillCheckout(page);
    await page.getByText('Everything in your cart is out of stock').waitFor();
    expect(await page.getByRole('button', { name: 'Place order' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('delivery slots at checkout', () => {
  it('lists the slots with the earliest free one chosen and orders with it; My Orders shows its label', async () => {
    const offered = await slots();
    expect(offered.length).toBeGreaterThan(0);
    const { account, page, context } = await shopper('Slot Picker');
    await addToCart(page, ['Avocado']);
    await fillCheckout(page);
    const radios = page.getByTestId('delivery-slots').getByRole('radio');
    await radios.first().waitFor();
    expect(await radios.count()).toBe(offered.length);
    const earliest = offered.find((s) => s.remaining > 0) as DeliverySlotOffer;
    expect(await page.getByRole('radio', { name: earliest.label }).isChecked()).toBe(true);
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'checkout-slots');
    await placeWithSlot(page, account, earliest);
    await context.close();
  });

  it('disables a full slot, marked Full, and chooses the next; the choice goes with the order', async () => {
    const first = (await slots()).find((s) => s.remaining > 0) as DeliverySlotOffer;
    await fillSlot(first.id);
    const offered = await slots();
    const free = offered.filter((s) => s.remaining > 0);
    const { account, page, context } = await shopper('Late Picker');
    await addToCart(page, ['Avocado']);
    await fillCheckout(page);
    const full = page
      .getByTestId('delivery-slots')
      .locator('label', { has: page.getByRole('radio', { name: first.label }) });
    await full.getByText('Full').waitFor();
    expect(await page.getByRole('radio', { name: first.label }).isDisabled()).toBe(true);
    expect(await page.getByRole('radio', { name: free[0]?.label }).isChecked()).toBe(true);
    await screenshot(page.getByTestId('delivery-slots'), 'checkout-full-slot');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    const later = free[1] ?? (free[0] as DeliverySlotOffer);
    await page.getByRole('radio', { name: later.label }).check();
    await placeWithSlot(page, account, later);
    await context.close();
  });

  it('orders without a slot offline, saying the earliest free one will be given', async () => {
    const { account, page, context } = await shopper('Offline Picker');
    await addToCart(page, ['Avocado']);
    await context.setOffline(true);
    await page.goto(browser.url('/checkout'));
    await page
      .getByText("You can choose a delivery time when you are online; we'll give you the earliest free one.")
      .waitFor();
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    await context.setOffline(false);
    await page.getByTestId('my-order').filter({ hasText: 'Delivery: ' }).waitFor({ timeout: 30_000 });
    expect((await ordersOf(account))[0]?.deliverySlot).not.toBeNull();
    await context.close();
  }, 60_000);

  it('announces a slot the server moved: an order queued offline for a slot that filled meanwhile', async () => {
    const { page, context } = await shopper('Moved Shopper');
    await addToCart(page, ['Avocado']);
    await fillCheckout(page);
    const chosen = (await slots()).find((s) => s.remaining > 0) as DeliverySlotOffer;
    await page.getByRole('radio', { name: chosen.label, checked: true }).waitFor();
    await orderOffline(page, context);
    await fillSlot(chosen.id);
    await context.setOffline(false);
    const moved = page.getByTestId('my-order').getByTestId('slot-moved');
    await moved.waitFor({ timeout: 30_000 });
    expect(await moved.textContent()).toMatch(/^Your delivery moved to /);
    expect(await moved.textContent()).not.toContain(chosen.label);
    await context.close();
  }, 60_000);
});

describe('an order queued offline that meets a stock-out', () => {
  it('is shown Not sent naming the missing product, and Send without them places the rest', async () => {
    const { account, page, context } = await shopper('Stock-out Shopper');
    await addToCart(page, ['Avocado', 'Strawberry']);
    await fillCheckout(page);
    await orderOffline(page, context);
    await setStock('Strawberry', false);
    await context.setOffline(false);
    const refused = page.getByTestId('unsent-order').filter({ hasText: 'Not sent' });
    await refused.waitFor({ timeout: 30_000 });
    expect(await refused.textContent()).toContain('Out of stock: Strawberry');
    expect(await seriousA11yViolationsWithoutToasts(page)).toEqual([]);
    await screenshot(page, 'my-orders-not-sent');
    expect(await ordersOf(account)).toEqual([]);

    // The refused order keeps no phone or address: the rest goes through checkout again.
    await refused.getByRole('button', { name: 'Send without them' }).click();
    await placeAgainAtCheckout(page);
    await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
    await expect.poll(() => page.getByTestId('unsent-order').count()).toBe(0);
    const text = await page.getByTestId('my-order').first().textContent();
    expect(text).toContain('Avocado');
    expect(text).not.toContain('Strawberry');
    const orders = await ordersOf(account);
    expect(orders.map((o) => o.orderedProduct.map((l) => l.name))).toEqual([['Avocado']]);
    await context.close();
  }, 60_000);

  it('is the same for an order placed online from a catalogue that had not heard of the stock-out yet', async () => {
    const { account, page, context } = await shopper('Stale Shopper');
    await addToCart(page, ['Avocado', 'Strawberry']);
    await setStock('Strawberry', false);
    // Links, not a reload: the shop's catalogue (fresh for a minute) still says Strawberry is in stock.
    await page.getByRole('link', { name: /^Cart, / }).click();
    await page.getByRole('link', { name: 'Proceed To Checkout' }).click();
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    expect(await page.getByTestId('not-in-order').count()).toBe(0);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Out of stock: Strawberry' }).waitFor();
    await page.waitForURL(browser.url('/dashboard/my-orders'));
    const refused = page.getByTestId('unsent-order').filter({ hasText: 'Not sent' });
    expect(await refused.textContent()).toContain('Out of stock: Strawberry');
    await refused.getByRole('button', { name: 'Send without them' }).click();
    await placeAgainAtCheckout(page);
    await page.getByTestId('my-order').first().waitFor({ timeout: 30_000 });
    expect((await ordersOf(account)).map((o) => o.orderedProduct.map((l) => l.name))).toEqual([['Avocado']]);
    await context.close();
  }, 60_000);
});
