/**
 * Paying with bKash (DESIGN.md §10) as a shopper and the shop see it: the API on a real libSQL
 * file, bKash's tokenized checkout played by the stand-in (scripts/bkash-standin.ts) at the
 * network edge, its hosted page "clicked" over HTTP as a browser would, and the callback followed
 * as bKash's redirect sends the browser. Each way a payment can go wrong has its case here.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startBkashStandin, type BkashStandin, type CustomerChoice } from '../../../scripts/bkash-standin';
import type { Order } from '../contract/order';
import { CALLBACKS_PER_MINUTE } from '../http/rate-limit';
import { apiServer } from '../testing/processes';
import { createTestApp, customerA, orderBody, testLogs, type Role, type TestApp } from '../testing/test-app';
import { createTestDb } from '../testing/test-db';
import { emulatorToken } from '../testing/tokens';
import { requestLog } from '../http/logger';
import { createBkashClient, type BkashClient } from './bkash';
import { settleBkashCallback, STALE_EXECUTE_MS } from './bkash-orders';

let standin: BkashStandin;
let t: TestApp;
/** The client the app pays through: execute gives up after 400 ms here (bKash's answer "lost"). */
let client: BkashClient;
const EXECUTE_TIMEOUT_MS = 400;
/** …and the status queries and refunds after 400 ms too. */
const QUERY_TIMEOUT_MS = 400;

const bkashConfig = () => ({
  baseUrl: standin.url,
  appKey: standin.env.BKASH_APP_KEY,
  appSecret: standin.env.BKASH_APP_SECRET,
  username: standin.env.BKASH_USERNAME,
  password: standin.env.BKASH_PASSWORD,
});

beforeAll(async () => {
  standin = await startBkashStandin();
  client = createBkashClient(bkashConfig(), {
    executeTimeoutMs: EXECUTE_TIMEOUT_MS,
    queryTimeoutMs: QUERY_TIMEOUT_MS,
  });
  t = await createTestApp(standin.env, { bkash: client });
});
afterAll(async () => {
  t.cleanup();
  await standin.stop();
});
beforeEach(() => standin.control.resetCounts());

/** Places a Pending order of 2 products, paid as `paymentMethod`, for `role` (customerA by default). */
async function placeOrder(paymentMethod: 'bkash' | 'cod' = 'bkash', role: Role = 'customerA'): Promise<Order> {
  const res = await t.call('POST', '/api/orders', {
    role,
    body: { ...(await orderBody(t, customerA, 2, 3)), paymentMethod },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Order;
}

/** `POST /api/payments/bkash` for `orderId`. */
const startPayment = (orderId: string, role: Role = 'customerA') =>
  t.call('POST', '/api/payments/bkash', { role, body: { orderId } });

/** Starts paying `order` and answers bKash's page URL and the payment's id. */
async function bkashPage(order: Order): Promise<{ bkashURL: string; paymentID: string }> {
  const res = await startPayment(order._id);
  expect(res.status).toBe(200);
  const { bkashURL } = (await res.json()) as { bkashURL: string };
  const paymentID = new URL(bkashURL).searchParams.get('paymentID') ?? '';
  return { bkashURL, paymentID };
}

/** The "customer" on bKash's page: loads it, clicks `choice`, and answers where bKash sends the browser. */
async function onBkashPage(bkashURL: string, choice: CustomerChoice): Promise<string> {
  const page = await fetch(bkashURL);
  expect(page.status).toBe(200);
  const html = await page.text();
  for (const label of ['Approve', 'Fail', 'Cancel', 'Insufficient balance'])
    expect(html).toContain(`>${label}</button>`);
  const paymentID = new URL(bkashURL).searchParams.get('paymentID') ?? '';
  const clicked = await fetch(new URL('/checkout/decide', bkashURL), {
    method: 'POST',
    body: new URLSearchParams({ paymentID, choice }),
    redirect: 'manual',
  });
  expect(clicked.status).toBe(303);
  return String(clicked.headers.get('location'));
}

/** The browser arriving at the shop's callback `url`: the redirect's target, parsed. */
async function followCallback(url: string): Promise<{ path: string; params: Record<string, string> }> {
  const callback = new URL(url);
  expect(callback.pathname).toBe('/api/payments/bkash/callback');
  const res = await t.app.request(`${callback.pathname}${callback.search}`);
  expect(res.status).toBe(303);
  const target = new URL(String(res.headers.get('location')), 'http://shop.test');
  return { path: target.pathname, params: Object.fromEntries(target.searchParams) };
}

/** Pays `order` through bKash's page with `choice` and follows bKash's redirect. */
async function pay(order: Order, choice: CustomerChoice = 'approve') {
  const { bkashURL, paymentID } = await bkashPage(order);
  const landed = await followCallback(await onBkashPage(bkashURL, choice));
  return { ...landed, paymentID };
}

/**
 * A bKash order whose shopper approved and whose one execute reached bKash, but whose answer was
 * lost while bKash then stopped answering (the status query failing too): its callback answered
 * `pending`, and bKash is back in service.
 */
async function executeLostWhileOutOfService(): Promise<{ order: Order; paymentID: string }> {
  const order = await placeOrder();
  const { bkashURL, paymentID } = await bkashPage(order);
  const callback = await onBkashPage(bkashURL, 'approve');
  standin.control.stallNextExecute(EXECUTE_TIMEOUT_MS * 4, { thenOutOfService: true });
  try {
    expect((await followCallback(callback)).params).toEqual({ order: order._id, bkash: 'pending' });
  } finally {
    standin.control.setOutOfService(false);
  }
  return { order, paymentID };
}

/** The callback's `state` the shop gave bKash for `paymentID` (the browser has it in the callback URL). */
const stateOf = (paymentID: string) =>
  new URL(String(standin.control.payment(paymentID)?.callbackURL)).searchParams.get('state') ?? '';

const readOrder = async (id: string, role: Role = 'customerA') =>
  (await (await t.call('GET', `/api/orders/${id}`, { role })).json()) as Order;

describe('GET /api/payments/methods', () => {
  it('offers cash on delivery and bKash when bKash is configured, cacheable a minute', async () => {
    const res = await t.call('GET', '/api/payments/methods');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=60');
    expect(await res.json()).toEqual({ methods: ['cod', 'bkash'] });
  });
});

describe('paying with bKash', () => {
  it('happy path: create for the server’s total → approve on bKash’s page → callback → Paid, paymentRef = trxID', async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ paymentMethod: 'bkash', paymentStatus: 'unpaid' });
    const { path, params, paymentID } = await pay(order);
    expect(path).toBe('/dashboard/my-orders');
    expect(params).toEqual({ order: order._id, bkash: 'paid' });
    const atBkash = standin.control.payment(paymentID);
    // bKash was asked for the server's total, 2 decimals, with the order id as the invoice.
    expect(atBkash).toMatchObject({
      amount: order.totalAmount.toFixed(2),
      merchantInvoiceNumber: order._id,
      state: 'completed',
      executions: 1,
    });
    expect(await readOrder(order._id)).toMatchObject({
      paymentStatus: 'paid',
      paymentMethod: 'bkash',
      paymentRef: atBkash?.trxID,
      orderStatus: 'Pending',
    });
    // A paid order cannot be paid again.
    const again = await startPayment(order._id);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'already_paid' } });
  });

  it.each([
    ['fail', 'failed', undefined],
    ['cancel', 'cancelled', undefined],
    ['insufficient', 'failed', '2023'],
  ] as const)(
    'the customer chooses %s: My Orders hears %s (bkashCode %s), the order stays unpaid and can be paid later',
    async (choice, outcome, bkashCode) => {
      const order = await placeOrder();
      const { params } = await pay(order, choice);
      expect(params).toEqual({ order: order._id, bkash: outcome, ...(bkashCode ? { bkashCode } : {}) });
      expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'unpaid' });
      expect(standin.control.count('execute')).toBe(choice === 'insufficient' ? 1 : 0);
      // Later, from My Orders: a new payment, approved.
      const later = await pay(order);
      expect(later.params).toEqual({ order: order._id, bkash: 'paid' });
      expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'paid' });
    },
  );

  it('a repeated callback executes once and answers the same; so do two callbacks at once', async () => {
    const order = await placeOrder();
    const { bkashURL } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    expect((await followCallback(callback)).params.bkash).toBe('paid');
    expect((await followCallback(callback)).params.bkash).toBe('paid');
    expect(standin.control.count('execute')).toBe(1);

    const second = await placeOrder();
    const page = await bkashPage(second);
    const url = await onBkashPage(page.bkashURL, 'approve');
    standin.control.resetCounts();
    const answers = await Promise.all([followCallback(url), followCallback(url), followCallback(url)]);
    expect(answers.map((answer) => answer.params.bkash)).toEqual(['paid', 'paid', 'paid']);
    expect(standin.control.count('execute')).toBe(1);
    expect(standin.control.payment(page.paymentID)?.executions).toBe(1);
    expect(await readOrder(second._id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('an execute whose answer is lost (timeout) is settled by the status query, never executed again', async () => {
    const order = await placeOrder();
    const { bkashURL, paymentID } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    standin.control.stallNextExecute(EXECUTE_TIMEOUT_MS * 4);
    const { params } = await followCallback(callback);
    expect(params).toEqual({ order: order._id, bkash: 'paid' });
    expect(standin.control.count('execute')).toBe(1);
    expect(standin.control.count('status')).toBe(1);
    expect(await readOrder(order._id)).toMatchObject({
      paymentStatus: 'paid',
      paymentRef: standin.control.payment(paymentID)?.trxID,
    });
  });

  it('an execute lost while bKash is also out of service answers pending; a callback after the execute’s window settles it by query', async () => {
    const { order, paymentID } = await executeLostWhileOutOfService();
    expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'unpaid' });
    const deps = { db: t.db, bkash: client, log: requestLog('test') };
    // Within the execute's window another callback waits for it, then says pending.
    expect(
      await settleBkashCallback(deps, { paymentID, status: 'success', state: stateOf(paymentID) }, { waitMs: 200 }),
    ).toEqual({
      orderId: order._id,
      outcome: 'pending',
    });
    // After it: the status query settles it, and the execute is never asked again.
    const later = () => Date.now() + STALE_EXECUTE_MS + 1000;
    expect(
      await settleBkashCallback(deps, { paymentID, status: 'success', state: stateOf(paymentID) }, { nowMs: later }),
    ).toEqual({
      orderId: order._id,
      outcome: 'paid',
    });
    expect(standin.control.count('execute')).toBe(1);
    expect(standin.control.payment(paymentID)?.executions).toBe(1);
    expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it('a callback arriving while another’s execute is under way waits for its outcome', async () => {
    const order = await placeOrder();
    const { bkashURL } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    standin.control.stallNextExecute(EXECUTE_TIMEOUT_MS / 2);
    const first = followCallback(callback);
    await new Promise((resolve) => setTimeout(resolve, EXECUTE_TIMEOUT_MS / 8));
    const second = followCallback(callback);
    expect((await first).params.bkash).toBe('paid');
    expect((await second).params.bkash).toBe('paid');
    expect(standin.control.count('execute')).toBe(1);
  });

  it('a failure or cancel callback never ends a payment being executed or paid (a forged or stale one)', async () => {
    const order = await placeOrder();
    const { bkashURL, paymentID } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    standin.control.stallNextExecute((EXECUTE_TIMEOUT_MS * 3) / 4);
    const first = followCallback(callback);
    // Once the first callback has claimed it (its execute is under way at bKash):
    await expect
      .poll(async () => {
        const { rows } = await t.db.execute({
          sql: 'SELECT status FROM bkash_payments WHERE payment_id = ?',
          args: [paymentID],
        });
        return rows[0]?.status;
      })
      .not.toBe('created');
    const cancel = await t.call('POST', '/api/payments/bkash/callback', {
      body: { paymentID, status: 'cancel', state: stateOf(paymentID) },
    });
    expect(['pending', 'paid']).toContain(((await cancel.json()) as { outcome: string }).outcome);
    expect((await first).params.bkash).toBe('paid');
    const failure = await t.call('POST', '/api/payments/bkash/callback', {
      body: { paymentID, status: 'failure', state: stateOf(paymentID) },
    });
    expect(await failure.json()).toEqual({ orderId: order._id, outcome: 'paid' });
    expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'paid' });
    expect(standin.control.count('refund')).toBe(0);
  });

  it('a lost return delivered later by the service worker (POST) executes once and answers JSON', async () => {
    const order = await placeOrder();
    const { bkashURL, paymentID } = await bkashPage(order);
    // The browser was sent back while offline: the shop never saw the redirect.
    await onBkashPage(bkashURL, 'approve');
    const res = await t.call('POST', '/api/payments/bkash/callback', {
      body: { paymentID, status: 'success', state: stateOf(paymentID) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ orderId: order._id, outcome: 'paid' });
    const again = await t.call('POST', '/api/payments/bkash/callback', {
      body: { paymentID, status: 'success', state: stateOf(paymentID) },
    });
    expect(await again.json()).toEqual({ orderId: order._id, outcome: 'paid' });
    expect(standin.control.count('execute')).toBe(1);
    expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'paid' });
  });

  it.each([
    ['amount', { amount: '1.00' }],
    ['invoice number', { merchantInvoiceNumber: 'someone-elses-invoice' }],
  ])(
    'a completed payment with the wrong %s is refused, refunded in full, and the order stays unpaid',
    async (_what, tamper) => {
      const order = await placeOrder();
      const { bkashURL, paymentID } = await bkashPage(order);
      const callback = await onBkashPage(bkashURL, 'approve');
      standin.control.tamperNextExecute(tamper);
      expect((await followCallback(callback)).params).toEqual({ order: order._id, bkash: 'failed' });
      expect(await readOrder(order._id)).toMatchObject({ paymentStatus: 'unpaid' });
      const atBkash = standin.control.payment(paymentID);
      expect(standin.control.count('refund')).toBe(1);
      expect(atBkash?.refunded).toBe(Number(atBkash?.amount));
      expect(
        testLogs.some((line) => line.message === 'bkash payment refused and refunded' && line.orderId === order._id),
      ).toBe(true);
    },
  );

  it('bKash refusing the create (2029: the invoice has a completed payment) is 502 with its code', async () => {
    const order = await placeOrder();
    const { bkashURL } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    standin.control.tamperNextExecute({ amount: '2.00' });
    await followCallback(callback);
    const res = await startPayment(order._id);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      error: { code: 'payment_provider_error', details: { bkashCode: '2029' } },
    });
  });

  it('a payment completing for an order deleted meanwhile is refunded', async () => {
    const order = await placeOrder();
    const { bkashURL, paymentID } = await bkashPage(order);
    const callback = await onBkashPage(bkashURL, 'approve');
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' })).status).toBe(200);
    expect((await followCallback(callback)).params).toEqual({ order: order._id, bkash: 'failed' });
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
  });

  it('lands a callback for a payment the shop never made on My Orders with bkash=failed and no order', async () => {
    const res = await t.app.request('/api/payments/bkash/callback?paymentID=TR0011nope&status=success');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/dashboard/my-orders?bkash=failed');
    const malformed = await t.app.request('/api/payments/bkash/callback?status=sideways');
    expect(malformed.status).toBe(303);
    expect(malformed.headers.get('location')).toBe('/dashboard/my-orders?bkash=failed');
    expect(standin.control.count('execute')).toBe(0);
  });

  it('refuses another account’s order (404), a cash order (409 not_bkash_order), and an unknown one (404)', async () => {
    const order = await placeOrder();
    const other = await startPayment(order._id, 'customerB');
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ error: { code: 'not_found' } });
    const cash = await placeOrder('cod');
    const refused = await startPayment(cash._id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: 'not_bkash_order', details: { paymentMethod: 'cod' } },
    });
    expect((await startPayment(crypto.randomUUID())).status).toBe(404);
    expect((await t.call('POST', '/api/payments/bkash', { body: { orderId: order._id } })).status).toBe(401);
    expect(standin.control.count('create')).toBe(0);
  });

  it('never logs a token, the app secret, the password or the payer’s phone', async () => {
    await pay(await placeOrder());
    const text = JSON.stringify(testLogs);
    expect(text).toContain('"call":"execute"');
    for (const secret of [
      standin.env.BKASH_APP_SECRET,
      standin.env.BKASH_PASSWORD,
      'standin-id-',
      'standin-refresh-',
      '1711000000',
    ])
      expect(text).not.toContain(secret);
  });
});

describe('refund on cancel', () => {
  it('the owner cancelling a paid Pending order: refunded in full at bKash, kept as Cancelled + refunded, once', async () => {
    const order = await placeOrder();
    const { paymentID } = await pay(order);
    const res = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(await readOrder(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
    const again = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' });
    expect(await again.json()).toEqual({ deletedCount: 0, cancelledCount: 0 });
    expect(standin.control.count('refund')).toBe(1);
  });

  it('an admin cancelling a paid Approved order: refunded; two cancels at once refund once', async () => {
    const order = await placeOrder();
    const { paymentID } = await pay(order);
    expect(
      (await t.call('PUT', `/api/orders/update/${order._id}`, { role: 'admin', body: { orderStatus: 'Approved' } }))
        .status,
    ).toBe(200);
    const answers = await Promise.all([
      t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' }),
      t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' }),
    ]);
    expect(answers.some((res) => res.status === 200)).toBe(true);
    expect(standin.control.count('refund')).toBe(1);
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
    expect(await readOrder(order._id, 'admin')).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('bKash out of service during the refund: 503 with Retry-After, the order unchanged, and a later cancel refunds it', async () => {
    const order = await placeOrder();
    const { paymentID } = await pay(order);
    standin.control.setOutOfService(true);
    try {
      const res = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('10');
      expect(await res.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
      expect(await readOrder(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'paid' });
    } finally {
      standin.control.setOutOfService(false);
    }
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' })).status).toBe(200);
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
  });
});

describe('money moves at most once', () => {
  const deps = () => ({ db: t.db, bkash: client, log: requestLog('test') });
  /** A claim on a refund that its request left (a crash) is taken over once this long has passed. */
  const ageRefundClaim = (orderId: string) =>
    t.db.execute({
      sql: 'UPDATE orders SET refund_started_ms = refund_started_ms - 61000 WHERE id = ? AND refund_started_ms IS NOT NULL',
      args: [orderId],
    });

  it('two late callbacks on a stalled execute settle it once: the order keeps its payment, nothing is refunded', async () => {
    const { order, paymentID } = await executeLostWhileOutOfService();
    const later = () => Date.now() + STALE_EXECUTE_MS + 1000;
    const callbackParams = { paymentID, status: 'success' as const, state: stateOf(paymentID) };
    const answers = await Promise.all([
      settleBkashCallback(deps(), callbackParams, { nowMs: later }),
      settleBkashCallback(deps(), callbackParams, { nowMs: later }),
    ]);
    for (const answer of answers) expect(answer).toMatchObject({ orderId: order._id });
    expect(answers.map((answer) => answer.outcome)).toContain('paid');
    expect(standin.control.count('refund')).toBe(0);
    expect(standin.control.payment(paymentID)?.refunded).toBe(0);
    expect(await readOrder(order._id)).toMatchObject({
      paymentStatus: 'paid',
      paymentRef: standin.control.payment(paymentID)?.trxID,
    });
  });

  it('a crash between bKash’s refund and the shop’s write, then a retry: one refund at bKash, the order refunded', async () => {
    const order = await placeOrder();
    const { paymentID } = await pay(order);
    // The database fails every write that would record the refund, as a crash right after bKash's answer would.
    await t.db.batch(
      [
        `CREATE TRIGGER crash_orders BEFORE UPDATE OF payment_status ON orders WHEN NEW.payment_status = 'refunded'
           BEGIN SELECT RAISE(ABORT, 'crashed'); END`,
        `CREATE TRIGGER crash_payments BEFORE UPDATE OF status ON bkash_payments WHEN NEW.status = 'refunded'
           BEGIN SELECT RAISE(ABORT, 'crashed'); END`,
      ],
      'write',
    );
    try {
      const crashed = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
      expect(crashed.status).not.toBe(200);
    } finally {
      await t.db.batch(['DROP TRIGGER crash_orders', 'DROP TRIGGER crash_payments'], 'write');
    }
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
    await ageRefundClaim(order._id);
    const retry = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(standin.control.count('refund')).toBe(1);
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
    expect(await readOrder(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('a refund whose answer is lost: 503, and the retry finds the refund made and records it, refunding once', async () => {
    const order = await placeOrder();
    const { paymentID } = await pay(order);
    standin.control.stallNextRefund(QUERY_TIMEOUT_MS * 4);
    const lost = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(lost.status).toBe(503);
    expect(lost.headers.get('Retry-After')).toBe('10');
    expect(await readOrder(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'paid' });
    const retry = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(retry.status).toBe(200);
    expect(standin.control.count('refund')).toBe(1);
    expect(standin.control.payment(paymentID)?.refunded).toBe(order.totalAmount);
    expect(await readOrder(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('a forged callback for another shopper’s payment (no state, or a wrong one) changes nothing', async () => {
    const order = await placeOrder();
    const { bkashURL, paymentID } = await bkashPage(order);
    for (const query of [
      `paymentID=${paymentID}&status=success`,
      `paymentID=${paymentID}&status=cancel`,
      `paymentID=${paymentID}&status=success&state=forged-state-0123456789`,
    ]) {
      const res = await t.app.request(`/api/payments/bkash/callback?${query}`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/dashboard/my-orders?bkash=failed');
    }
    const posted = await t.call('POST', '/api/payments/bkash/callback', {
      body: { paymentID, status: 'failure', state: 'forged-state-0123456789' },
    });
    expect(await posted.json()).toEqual({ outcome: 'failed' });
    expect(standin.control.count('execute')).toBe(0);
    // The shopper's own return still pays the order.
    const { params } = await followCallback(await onBkashPage(bkashURL, 'approve'));
    expect(params).toEqual({ order: order._id, bkash: 'paid' });
    expect(
      testLogs.some((line) => line.message === 'bkash callback refused' && line.reason === 'state does not match'),
    ).toBe(true);
  });
});

describe('the token', () => {
  /** A fresh app and client on the same database, so its token life starts here. */
  const freshApp = async (options: Parameters<typeof createBkashClient>[1] = {}) => {
    const fresh = createBkashClient(bkashConfig(), options);
    return { fresh, app: await createTestApp(standin.env, { bkash: fresh }) };
  };

  it('is granted once and reused across payments', async () => {
    const { app } = await freshApp();
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await app.call('POST', '/api/orders', {
          role: 'customerA',
          body: { ...(await orderBody(app, customerA, 1)), paymentMethod: 'bkash' },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        });
        const order = (await res.json()) as Order;
        expect(
          (await app.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: order._id } })).status,
        ).toBe(200);
      }
      expect(standin.control.count('create')).toBe(3);
      expect(standin.control.count('grant')).toBe(1);
      expect(standin.control.count('refresh')).toBe(0);
    } finally {
      app.cleanup();
    }
  });

  it('is refreshed shortly before it expires, and again when bKash says it expired early', async () => {
    standin.control.setExpiresIn(2);
    const { app } = await freshApp();
    try {
      const create = async () => {
        const res = await app.call('POST', '/api/orders', {
          role: 'customerA',
          body: { ...(await orderBody(app, customerA, 1)), paymentMethod: 'bkash' },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        });
        const order = (await res.json()) as Order;
        return app.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: order._id } });
      };
      expect((await create()).status).toBe(200);
      // Refreshed at half its 2 s life (at most 60 s before expires_in).
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await create()).status).toBe(200);
      expect(standin.control.count('grant')).toBe(1);
      expect(standin.control.count('refresh')).toBe(1);
      // Expired at bKash before its time: the call answers 401, the token is refreshed, the call made again.
      standin.control.setExpiresIn(3600);
      standin.control.expireTokens();
      expect((await create()).status).toBe(200);
      expect(standin.control.count('refresh')).toBe(2);
      expect(standin.control.count('grant')).toBe(1);
    } finally {
      standin.control.setExpiresIn(3600);
      app.cleanup();
    }
  });
});

describe('bKash unreachable', () => {
  it('answers 503 payment_provider_unavailable with Retry-After, never a 500, when bKash cannot be reached or is out of service', async () => {
    const closed = await startBkashStandin();
    await closed.stop();
    const unreachable = createBkashClient({ ...bkashConfig(), baseUrl: closed.url });
    const app = await createTestApp(standin.env, { bkash: unreachable });
    try {
      const placed = await app.call('POST', '/api/orders', {
        role: 'customerA',
        body: { ...(await orderBody(app, customerA, 1)), paymentMethod: 'bkash' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      const order = (await placed.json()) as Order;
      const res = await app.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: order._id } });
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('10');
      expect(await res.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
    } finally {
      app.cleanup();
    }
    const order = await placeOrder();
    standin.control.setOutOfService(true);
    try {
      const res = await startPayment(order._id);
      expect(res.status).toBe(503);
      expect(res.headers.get('Retry-After')).toBe('10');
    } finally {
      standin.control.setOutOfService(false);
    }
  });
});

describe('without bKash configured', () => {
  it('offers cash on delivery only, refuses bKash and card orders (404 payments_not_configured), and bKash payments', async () => {
    const bare = await createTestApp();
    try {
      expect(await (await bare.call('GET', '/api/payments/methods')).json()).toEqual({ methods: ['cod'] });
      for (const paymentMethod of ['bkash', 'card'] as const) {
        const res = await bare.call('POST', '/api/orders', {
          role: 'customerA',
          body: { ...(await orderBody(bare, customerA, 1)), paymentMethod },
          headers: { 'Idempotency-Key': crypto.randomUUID() },
        });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({
          error: { code: 'payments_not_configured', details: { paymentMethod } },
        });
      }
      const pay = await bare.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: 'x' } });
      expect(pay.status).toBe(404);
      expect(await pay.json()).toMatchObject({ error: { code: 'payments_not_configured' } });
      const callback = await bare.call('POST', '/api/payments/bkash/callback', {
        body: { paymentID: 'TR1', status: 'success', state: 'some-state' },
      });
      expect(callback.status).toBe(404);
    } finally {
      bare.cleanup();
    }
  });
});

/**
 * A JSON POST of `body` to `url` with its Host header set to `host` (fetch always sends the URL's):
 * what a client sends to a server reached through a name, or a proxy that passes Host on.
 */
function postWithHost(url: string, host: string, headers: Record<string, string>, body: unknown) {
  return new Promise<{ status: number; json: unknown }>((resolve, reject) => {
    const req = httpRequest(url, {
      method: 'POST',
      headers: { ...headers, Host: host, 'Content-Type': 'application/json' },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(text) as unknown }));
    });
    req.end(JSON.stringify(body));
  });
}

/** The callbackURL bKash was given for the payment behind `bkashURL` (the stand-in keeps what it was sent). */
const callbackGiven = (bkashURL: string) =>
  String(standin.control.payment(new URL(bkashURL).searchParams.get('paymentID') ?? '')?.callbackURL);

describe('the callbackURL given to bKash', () => {
  it('is PUBLIC_URL’s, whatever host the request named', async () => {
    const shop = await createTestApp({ ...standin.env, PUBLIC_URL: 'https://shop.example/' }, { bkash: client });
    try {
      const placed = await shop.call('POST', '/api/orders', {
        role: 'customerA',
        body: { ...(await orderBody(shop, customerA, 1)), paymentMethod: 'bkash' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      const order = (await placed.json()) as Order;
      // A loopback host other than the shop's, so the emulator token still signs in.
      const res = await shop.app.request('http://localhost:4444/api/payments/bkash', {
        method: 'POST',
        headers: { ...shop.auth('customerA'), 'Content-Type': 'application/json' },
        body: JSON.stringify({ orderId: order._id }),
      });
      expect(res.status).toBe(200);
      const { bkashURL } = (await res.json()) as { bkashURL: string };
      expect(callbackGiven(bkashURL)).toMatch(/^https:\/\/shop\.example\/api\/payments\/bkash\/callback\?state=/);
    } finally {
      shop.cleanup();
    }
  });

  it('on a Node server without PUBLIC_URL, is the listener’s own address, not the Host header’s', async () => {
    const db = await createTestDb();
    const server = await apiServer(db.url, standin.env);
    try {
      await server.start();
      const auth = { Authorization: `Bearer ${emulatorToken(customerA)}` };
      const placed = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: JSON.stringify({ ...(await orderBody(db, customerA, 1)), paymentMethod: 'bkash' }),
      });
      expect(placed.status).toBe(201);
      const order = (await placed.json()) as Order;
      const started = await postWithHost(`${server.url}/api/payments/bkash`, 'localhost:4444', auth, {
        orderId: order._id,
      });
      expect(started.status).toBe(200);
      const { bkashURL } = started.json as { bkashURL: string };
      expect(new URL(callbackGiven(bkashURL)).origin).toBe(server.url);
    } finally {
      await server.stop();
      db.cleanup();
    }
  }, 40_000);
});

describe('the callback’s rate limit (anyone may call it, and it calls bKash)', () => {
  it(`answers 429 with Retry-After past ${CALLBACKS_PER_MINUTE} a minute from one address, GET or POST; another address pays as ever`, async () => {
    let peer = '198.51.100.20';
    const shop = await createTestApp(standin.env, { bkash: client, clientIp: () => peer });
    try {
      const madeUp = (i: number) => `paymentID=TR-MADE-UP-${i}&status=success&state=guess-${i}`;
      for (let i = 0; i < CALLBACKS_PER_MINUTE; i += 1)
        expect((await shop.app.request(`/api/payments/bkash/callback?${madeUp(i)}`)).status).toBe(303);
      const refused = await shop.app.request(`/api/payments/bkash/callback?${madeUp(-1)}`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
      const posted = await shop.call('POST', '/api/payments/bkash/callback', {
        body: { paymentID: 'TR-MADE-UP-P', status: 'success', state: 'guess' },
      });
      expect(posted.status).toBe(429);
      // The limit is the callback's: the same address still reads the rest of the API.
      expect((await shop.call('GET', '/api/payments/methods')).status).toBe(200);

      // A shopper at another address pays from start to finish.
      peer = '203.0.113.30';
      const placed = await shop.call('POST', '/api/orders', {
        role: 'customerA',
        body: { ...(await orderBody(shop, customerA, 1)), paymentMethod: 'bkash' },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      });
      const order = (await placed.json()) as Order;
      const started = await shop.call('POST', '/api/payments/bkash', {
        role: 'customerA',
        body: { orderId: order._id },
      });
      const { bkashURL } = (await started.json()) as { bkashURL: string };
      const callback = new URL(await onBkashPage(bkashURL, 'approve'));
      const landed = await shop.app.request(`${callback.pathname}${callback.search}`);
      expect(landed.status).toBe(303);
      expect(new URL(String(landed.headers.get('location')), 'http://shop.test').searchParams.get('bkash')).toBe(
        'paid',
      );
    } finally {
      shop.cleanup();
    }
  });
});
