/**
 * Reviews and the abuse limits in Chromium and against running servers: an admin
 * deletes a review from the home page (the spec's confirm, a toast, gone); a shopper's 4th open
 * cash-on-delivery order is refused with its message, in English and Bangla, in the outbox's row;
 * the IP write limit cannot be dodged with a made-up X-Forwarded-For, and keys IPv6 by its /64.
 * The shared stack raises OPEN_ORDERS_PER_ACCOUNT for the other files' many orders, so the limit
 * is tried on servers of its own over the same database, app and Auth emulator.
 */
import { mkdirSync } from 'node:fs';
import type { Order } from '@contract/order';
import type { Review } from '@contract/review';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { orderInput } from '../edge-api/src/testing/order-fixture';
import { emulatorToken } from '../edge-api/src/testing/tokens';
import { startServer } from '../scripts/lib/stack';
import { idTokenFor, logIn, newAccount, PLACED_CONTACT, type Account } from './support/accounts';
import { api, productNamed } from './support/api';
import { visit, scrollThrough, useBrowser } from './support/browser';
import { chooseArea } from './support/areas';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const stack = () => ({
  databaseUrl: inject('databaseUrl'),
  distDir: inject('distDir'),
  authEmulatorHost: inject('authEmulatorHost'),
});

/** Posts a review as a new reviewer named `name` through the shared stack's API. */
async function postReview(name: string, text: string): Promise<Review> {
  const uid = `uid-${crypto.randomUUID()}`;
  const res = await fetch(new URL('/api/reviews', inject('baseUrl')), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${emulatorToken({ uid, email: `${uid}@example.test`, name })}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ review: text, rating: 4 }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Review;
}

describe('an admin deletes a review', () => {
  it('after the confirm, with a toast; the home page no longer shows it, and shoppers get no Delete button', async () => {
    const run = Date.now();
    const doomed = await postReview('Critic Karim', `Rotten tomatoes, review ${run}`);
    const kept = await postReview('Fan Nasrin', `Lovely greens, review ${run}`);

    const shopper = await browser.open('/');
    await scrollThrough(shopper.page);
    const seen = shopper.page.getByTestId('testimonial').filter({ hasText: doomed.review });
    await seen.waitFor();
    expect(await seen.getByRole('button').count()).toBe(0);
    await shopper.context.close();

    const admin = await newAccount('Reviews Admin', { admin: true });
    const { page, context } = await browser.open('/login');
    const dialogs: string[] = [];
    let accept = false;
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
    await logIn(page, admin);
    await visit(page, browser.url('/'));
    await scrollThrough(page);
    const card = page.getByTestId('testimonial').filter({ hasText: doomed.review });
    const remove = card.getByRole('button', { name: 'Delete the review by Critic Karim' });
    // Cancelled at the confirm: nothing happens.
    await remove.click();
    expect(dialogs).toEqual(['Are you want to delete this review']);
    expect((await api<Review[]>('/api/reviews?limit=100')).some((r) => r._id === doomed._id)).toBe(true);

    accept = true;
    await remove.click();
    await page.locator('[data-sonner-toast]', { hasText: 'Deleted review successfully' }).waitFor();
    await expect.poll(() => card.count()).toBe(0);
    expect((await api<Review[]>('/api/reviews?limit=100')).map((r) => r._id)).not.toContain(doomed._id);

    // A reload (the service worker's cached copy, then the fresh one) shows it no more either.
    await page.reload();
    await scrollThrough(page);
    await page.getByTestId('testimonial').filter({ hasText: kept.review }).waitFor();
    await expect.poll(() => page.getByTestId('testimonial').filter({ hasText: doomed.review }).count()).toBe(0);
    await context.close();
  });
});

describe("a reviewer's name", () => {
  it('is "Customer" in the language shown for an account without a name, never part of its e-mail', async () => {
    const run = Date.now();
    const review = await postReview('', `Crisp cucumbers, review ${run}`);
    expect(review.name).toBe('');
    mkdirSync(SCREENSHOTS, { recursive: true });
    for (const size of [
      { width: 390, height: 844 },
      { width: 1024, height: 768 },
    ]) {
      const { page, context } = await browser.open('/', size);
      await scrollThrough(page);
      const card = page.getByTestId('testimonial').filter({ hasText: review.review });
      await card.getByText('Customer', { exact: true }).waitFor();
      expect(await card.textContent()).not.toContain('uid-');
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${SCREENSHOTS}/testimonial-nameless-en-${size.width}.png` });
      await page.getByRole('button', { name: 'বাংলা' }).click();
      await card.getByText('গ্রাহক', { exact: true }).waitFor();
      await card.screenshot({ path: `${SCREENSHOTS}/testimonial-nameless-bn-${size.width}.png` });
      await context.close();
    }
  });
});

describe('at most 3 open orders per account (OPEN_ORDERS_PER_ACCOUNT unset)', () => {
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  beforeAll(async () => {
    server = await startServer(stack());
  });
  afterAll(() => server?.stop());

  const url = (path: string) => new URL(path, server?.baseUrl).toString();
  /** Places a cash-on-delivery order of 1 kg of Potato for `account` on the limit's server, with `key`. */
  async function order(account: Account, key: string = crypto.randomUUID()) {
    const { _id } = await productNamed('Potato (Alu)');
    return fetch(url('/api/orders'), {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${await idTokenFor(account)}`,
        'Idempotency-Key': key,
      },
      body: JSON.stringify(
        orderInput({
          customerName: account.displayName,
          email: account.email,
          orderedProduct: [{ _id, cartQuantity: 1 }],
          ...PLACED_CONTACT,
        }),
      ),
    });
  }

  it('refuses the 4th with 409 too_many_open_orders; the first order’s key still replays it', async () => {
    const account = await newAccount('Greedy Shopper');
    const firstKey = crypto.randomUUID();
    const first = await order(account, firstKey);
    expect(first.status).toBe(201);
    for (let i = 0; i < 2; i += 1) expect((await order(account)).status).toBe(201);
    const fourth = await order(account);
    expect(fourth.status).toBe(409);
    expect(await fourth.json()).toMatchObject({ error: { code: 'too_many_open_orders', details: { limit: 3 } } });
    const replay = await order(account, firstKey);
    expect(replay.status).toBe(201);
    expect(((await replay.json()) as Order)._id).toBe(((await first.json()) as Order)._id);
  });

  it('shows the refusal in the outbox’s row, not sent, in English and in Bangla', async () => {
    const account = await newAccount('Fourth Order Shopper');
    for (let i = 0; i < 3; i += 1) expect((await order(account)).status).toBe(201);
    const { page, context } = await browser.open('/');
    await page.goto(url('/login'));
    await logIn(page, account);
    await visit(page, url('/Shop'));
    await page.getByRole('button', { name: 'Add to cart: Potato (Alu)' }).click();
    await page.goto(url('/checkout'));
    await page.getByLabel('Phone').fill('01711000000');
    await page.getByLabel('Delivery address').fill('Road 11, Banani, Dhaka');
    await chooseArea(page, 'dhanmondi');
    await page.getByRole('button', { name: 'Place order' }).click();
    const english = 'You already have 3 open orders.';
    await page.locator('[data-sonner-toast]', { hasText: english }).waitFor();
    await page.goto(url('/dashboard/my-orders'));
    const refused = page.getByTestId('unsent-order').filter({ hasText: 'Not sent' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain(english);
    await page.getByRole('button', { name: 'বাংলা' }).click();
    await page.getByTestId('unsent-order').filter({ hasText: 'আপনার ৩টি অর্ডার এখনও খোলা আছে।' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await context.close();
  });
});

describe('the IP write limit against a running server', () => {
  /** An unsigned write (401 after the IP limit, which runs first) from `forwardedFor`, if given. */
  const write = (baseUrl: string, forwardedFor?: string) =>
    fetch(new URL('/api/orders', baseUrl), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {}) },
      body: '{}',
    });

  it('ignores a made-up X-Forwarded-For by default (TRUST_PROXY=0): a new one per request still gets 429', async () => {
    const server = await startServer(stack(), { RATE_LIMIT_IP_WRITES_PER_MINUTE: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 1; i <= 4; i += 1) statuses.push((await write(server.baseUrl, `198.51.100.${i}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await server.stop();
    }
  });

  it('behind one trusted proxy, keys each client by the last hop, IPv6 by its /64, and shrugs off a malformed header', async () => {
    const server = await startServer(stack(), { RATE_LIMIT_IP_WRITES_PER_MINUTE: '2', TRUST_PROXY: '1' });
    try {
      // Different clients behind the proxy: each has its own limit.
      for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
        expect((await write(server.baseUrl, `10.9.9.9, ${client}`)).status).toBe(401);
      // Three addresses of one IPv6 /64 share one.
      const sameBlock = ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'];
      const statuses: number[] = [];
      for (const client of sameBlock) statuses.push((await write(server.baseUrl, client)).status);
      expect(statuses).toEqual([401, 401, 429]);
      for (const header of ['not-an-ip', ' , ,', '999.1.1.1', `${'x'.repeat(4000)}`])
        expect((await write(server.baseUrl, header)).status).toBeLessThan(500);
    } finally {
      await server.stop();
    }
  });
});
