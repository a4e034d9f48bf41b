/**
 * Card payments against a stand-in for Stripe's API on 127.0.0.1 (stripe-node's host/port/
 * protocol options), which records each request and answers in Stripe's response shape.
 * Webhooks are signed with stripe-node's own test header generator.
 */
import type { IncomingMessage } from 'node:http';
import type Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderSchema, type Order } from '../contract/order';
import { admin, createTestApp, customerA, logsOf, orderBody, testLogs, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import { paidCheckoutEvent, sendStripeWebhook, stripeSignature } from '../testing/stripe-events';
import { checkoutSessionAnswer, startStripeStandin, type StripeStandin } from '../testing/stripe-standin';
import { claimOrderRefund, REFUND_CLAIM_MS } from '../db/refunds';
import { requestLog } from '../http/logger';
import { stripeProvider } from './stripe';

type Recorded = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
const WEBHOOK_SECRET = 'whsec_test_taza_haat';
let standin: StripeStandin;
let recorded: Recorded[] = [];
let t: TestApp;
let app: ReturnType<typeof createApp>;
let stripe: Stripe;
/** The stand-in's refunds, by idempotency key; what each PaymentIntent charged (poisha); its behaviour. */
const refundsByKey = new Map<string, { id: string }>();
const amountsByIntent = new Map<string, number>();
/** PaymentIntent → the one refund that returned its money (Stripe refuses a second: charge_already_refunded). */
const refundByIntent = new Map<string, string>();
let refundFailure: string | undefined;
/** A failure of Stripe itself (e.g. 503) rather than a refusal of the request. */
let refundOutage: number | undefined;
let refundDelayMs = 0;
/** Awaited before a refund is answered: lets a test act while Stripe has made the refund and the API awaits it. */
let beforeRefundAnswer: (() => Promise<void>) | undefined;

beforeAll(async () => {
  standin = await startStripeStandin('sk_test_taza_haat', (req, form, res) => {
    recorded.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
    const answer = (status: number, json: object) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${recorded.length}` });
      res.end(JSON.stringify(json));
    };
    if (req.url === '/v1/refunds') {
      // Stripe's "Create a refund": one refund per idempotency key, a full refund per PaymentIntent.
      const key = String(req.headers['idempotency-key']);
      setTimeout(() => {
        if (refundOutage) {
          res.writeHead(refundOutage, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
          return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe stand-in is down' } }));
        }
        if (refundFailure)
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: refundFailure,
              message: `Stripe stand-in refused: ${refundFailure}`,
            },
          });
        const paymentIntent = String(form.get('payment_intent'));
        const earlier = refundsByKey.get(key);
        if (!earlier && refundByIntent.has(paymentIntent))
          return answer(400, {
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: `Charge for ${paymentIntent} has already been refunded.`,
            },
          });
        const refund = earlier ?? {
          id: `re_test_${refundsByKey.size + 1}`,
          object: 'refund',
          amount: amountsByIntent.get(paymentIntent) ?? 0,
          currency: 'bdt',
          payment_intent: paymentIntent,
          reason: form.get('reason'),
          metadata: { orderId: form.get('metadata[orderId]') },
          status: 'succeeded',
        };
        refundsByKey.set(key, refund);
        refundByIntent.set(paymentIntent, refund.id);
        void (beforeRefundAnswer?.() ?? Promise.resolve()).then(() => answer(200, refund));
      }, refundDelayMs);
      return;
    }
    answer(200, checkoutSessionAnswer(`cs_test_${recorded.length}`, form));
  });
  stripe = standin.stripe;
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  app = createApp({ db: t.db, config: t.config, stripe });
});
afterAll(async () => {
  t.cleanup();
  await standin.close();
});
beforeEach(() => {
  recorded = [];
  refundFailure = undefined;
  refundOutage = undefined;
  refundDelayMs = 0;
  beforeRefundAnswer = undefined;
});

const asA = { Authorization: `Bearer ${emulatorToken(customerA)}`, 'Content-Type': 'application/json' };
async function placeOrder(quantity: number): Promise<Order> {
  const res = await app.request('/api/orders', {
    method: 'POST',
    headers: { ...asA, 'Idempotency-Key': crypto.randomUUID() },
    body: JSON.stringify(await orderBody(t, customerA, 2, quantity)),
  });
  return orderSchema.parse(await res.json());
}
const startCheckout = (orderId: string, extra: Record<string, unknown> = {}) =>
  app.request('/api/checkout', { method: 'POST', headers: asA, body: JSON.stringify({ orderId, ...extra }) });
const webhook = (payload: object, opts: { secret?: string; timestamp?: number } = {}) =>
  sendStripeWebhook(app, payload, opts.secret ?? WEBHOOK_SECRET, opts.timestamp);
/** A paid checkout of `order` as Stripe sends it: its amount in poisha, BDT, test mode, a PaymentIntent. */
const paidEvent = (
  order: Pick<Order, '_id' | 'totalAmount'>,
  session: Record<string, unknown> = {},
  event: Record<string, unknown> = {},
) => {
  const paymentIntent = `pi_test_${order._id.slice(0, 8)}`;
  amountsByIntent.set(paymentIntent, order.totalAmount * 100);
  return paidCheckoutEvent({ orderId: order._id, totalAmount: order.totalAmount, paymentIntent }, session, event);
};
/** A charge event (`charge.refunded`, `charge.dispute.created`) for `order`'s PaymentIntent. */
const chargeEvent = (type: string, order: Pick<Order, '_id'>, object: Record<string, unknown> = {}) => ({
  id: `evt_${crypto.randomUUID()}`,
  object: 'event',
  type,
  livemode: false,
  data: {
    object: { id: 'ch_or_dp_test', payment_intent: `pi_test_${order._id.slice(0, 8)}`, livemode: false, ...object },
  },
});
const paymentStatus = async (id: string) =>
  String(
    (await t.db.execute({ sql: 'SELECT payment_status FROM orders WHERE id = ?', args: [id] })).rows[0]?.payment_status,
  );

describe('POST /api/checkout', () => {
  it('asks Stripe for exactly the server-computed subtotal in poisha, in BDT, with an idempotency key and the order id', async () => {
    const order = await placeOrder(3); // potato 3 × 30 + onion 3 × 85 = 345 > 200 → 80 shipping; tax 17.25 → ceil 442.25 = 443
    expect(order.totalAmount).toBe(443);
    const res = await startCheckout(order._id, { amount: 1, subtotal: 1, totalAmount: 1 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sessionId: 'cs_test_1', clientSecret: 'cs_test_1_secret_abc' });
    expect(recorded).toHaveLength(1);
    const call = recorded[0] as Recorded;
    expect(call.method).toBe('POST');
    expect(call.path).toBe('/v1/checkout/sessions');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe('44300');
    expect(call.form.get('line_items[0][price_data][currency]')).toBe('bdt');
    expect(call.form.get('currency')).toBe('bdt');
    expect(call.form.get('ui_mode')).toBe('embedded_page');
    expect(call.form.get('metadata[orderId]')).toBe(order._id);
    expect(call.form.get('payment_intent_data[metadata][orderId]')).toBe(order._id);
    expect(call.headers['idempotency-key']).toBe(`checkout-${order._id}-44300`);
    expect(call.headers.authorization).toBe('Bearer sk_test_taza_haat');
  });

  it("refuses another customer's order and an already paid one", async () => {
    const order = await placeOrder(1);
    const asB = {
      Authorization: `Bearer ${emulatorToken({ uid: 'uid-b', email: 'b@example.test' })}`,
      'Content-Type': 'application/json',
    };
    expect(
      (
        await app.request('/api/checkout', {
          method: 'POST',
          headers: asB,
          body: JSON.stringify({ orderId: order._id }),
        })
      ).status,
    ).toBe(404);
    await webhook(paidEvent(order));
    expect((await startCheckout(order._id)).status).toBe(409);
    expect(recorded).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid for a validly signed event, and a replay changes nothing', async () => {
    const order = await placeOrder(1);
    const event = paidEvent(order);
    const first = await webhook(event);
    expect(first.status).toBe(200);
    expect(await paymentStatus(order._id)).toBe('paid');
    const before = (await t.db.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [order._id] })).rows[0];
    expect((await webhook(event)).status).toBe(200);
    expect((await t.db.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [order._id] })).rows[0]).toEqual(
      before,
    );
    const mine = (await (
      await app.request(`/api/orders?email=${customerA.email}`, { headers: asA })
    ).json()) as Order[];
    expect(mine.find((o) => o._id === order._id)).toMatchObject({ paymentStatus: 'paid', paymentMethod: 'card' });
  });

  it('rejects a bad signature with 400 and changes nothing', async () => {
    const order = await placeOrder(1);
    const res = await webhook(paidEvent(order), { secret: 'whsec_wrong' });
    expect(res.status).toBe(400);
    expect(await paymentStatus(order._id)).toBe('unpaid');
    // The operator sees Stripe's reason in the log.
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'stripe webhook signature rejected',
        reason: expect.stringMatching(/signature/i) as unknown,
      }),
    );
  });

  it('rejects a tampered body', async () => {
    const order = await placeOrder(1);
    const other = await placeOrder(1);
    const body = JSON.stringify(paidEvent(order));
    const header = await stripeSignature(body, WEBHOOK_SECRET);
    const res = await app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: { 'Stripe-Signature': header },
      body: body.replace(order._id, other._id),
    });
    expect(res.status).toBe(400);
    expect(await paymentStatus(other._id)).toBe('unpaid');
  });

  it('rejects an old timestamp (over Stripe’s 5-minute tolerance)', async () => {
    const order = await placeOrder(1);
    const res = await webhook(paidEvent(order), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(res.status).toBe(400);
    expect(await paymentStatus(order._id)).toBe('unpaid');
  });

  it('ignores events that are not a paid checkout', async () => {
    const order = await placeOrder(1);
    const res = await webhook({ ...paidEvent(order), type: 'checkout.session.expired' });
    expect(res.status).toBe(200);
    expect(await paymentStatus(order._id)).toBe('unpaid');
  });
});

const asAdmin = { Authorization: `Bearer ${emulatorToken(admin)}`, 'Content-Type': 'application/json' };
const cancel = (id: string, headers = asA) => app.request(`/api/orders/${id}`, { method: 'DELETE', headers });
const readOne = async (id: string) =>
  orderSchema.parse(await (await app.request(`/api/orders/${id}`, { headers: asAdmin })).json());
const orderRow = async (id: string) =>
  (await t.db.execute({ sql: 'SELECT * FROM orders WHERE id = ?', args: [id] })).rows[0];
const refundCalls = () => recorded.filter((call) => call.path === '/v1/refunds');
/** A Pending order of customer A, paid by card through a signed webhook. */
async function paidOrder(): Promise<Order> {
  const order = await placeOrder(1);
  expect((await webhook(paidEvent(order))).status).toBe(200);
  expect(await paymentStatus(order._id)).toBe('paid');
  recorded = [];
  return order;
}
/** What of the test file's logs carries `order`'s personal data (none may). */
const personalDataIn = (order: Order) =>
  testLogs.filter((line) =>
    [order.email, order.phone, order.address, order.customerName].some((value) => JSON.stringify(line).includes(value)),
  );

describe('DELETE /api/orders/:id of a paid order (DESIGN.md §6)', () => {
  it("refunds the owner's paid Pending order in full at Stripe and keeps it as Cancelled / refunded", async () => {
    const order = await paidOrder();
    const res = await cancel(order._id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(refundCalls()).toHaveLength(1);
    const call = refundCalls()[0] as Recorded;
    expect(call.form.get('payment_intent')).toBe(`pi_test_${order._id.slice(0, 8)}`);
    expect(call.form.get('amount')).toBe(String(order.totalAmount * 100)); // the whole payment, in poisha
    expect(call.headers['idempotency-key']).toBe(`refund-${order._id}`);
    const kept = await readOne(order._id);
    expect(kept).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded', paymentMethod: 'card' });
    expect(kept.statusHistory.map((change) => change.status)).toEqual(['Pending', 'Cancelled']);
    const mine = (await (
      await app.request(`/api/orders?email=${customerA.email}`, { headers: asA })
    ).json()) as Order[];
    expect(mine.find((o) => o._id === order._id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
    });
    // The admin's queue finds it by its state.
    const cancelled = (await (
      await app.request('/api/orders?status=Cancelled', { headers: asAdmin })
    ).json()) as Order[];
    expect(cancelled.map((o) => o._id)).toContain(order._id);
    expect(personalDataIn(order)).toEqual([]);
  });

  it('lets an admin cancel a paid order in any state, and a repeated cancel neither refunds again nor deletes', async () => {
    const order = await paidOrder();
    for (const orderStatus of ['Approved', 'Out for delivery'])
      await app.request(`/api/orders/update/${order._id}`, {
        method: 'PUT',
        headers: asAdmin,
        body: JSON.stringify({ orderStatus }),
      });
    expect(await (await cancel(order._id, asAdmin)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(await (await cancel(order._id, asAdmin)).json()).toEqual({ deletedCount: 0, cancelledCount: 0 });
    expect(refundCalls()).toHaveLength(1);
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    // Cancelled is the end: it moves nowhere, and the customer's cancel is refused by its state.
    const advance = await app.request(`/api/orders/update/${order._id}`, {
      method: 'PUT',
      headers: asAdmin,
      body: JSON.stringify({ orderStatus: 'Delivered' }),
    });
    expect(advance.status).toBe(409);
    expect(await advance.json()).toMatchObject({
      error: { code: 'invalid_transition', details: { current: 'Cancelled', next: null } },
    });
    expect((await cancel(order._id)).status).toBe(409);
  });

  it('refunds once when two cancels arrive at once', async () => {
    const order = await paidOrder();
    refundDelayMs = 150;
    const answers = await Promise.all([cancel(order._id), cancel(order._id, asAdmin)]);
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as Array<{ cancelledCount?: number }>;
    expect(refundCalls()).toHaveLength(1);
    expect(bodies.reduce((sum, body) => sum + (body.cancelledCount ?? 0), 0)).toBe(1);
    // The other was told to ask again (the refund was under way), or found it done.
    for (const [i, res] of answers.entries())
      if (bodies[i]?.cancelledCount !== 1) expect([200, 503]).toContain(res.status);
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    expect(
      (
        await t.db.execute({
          sql: 'SELECT count(*) AS n FROM order_status_history WHERE order_id = ? AND status = ?',
          args: [order._id, 'Cancelled'],
        })
      ).rows[0]?.n,
    ).toBe(1);
  });

  it('answers 502 payment_provider_error when Stripe refuses the refund, leaves the order exactly as it was, and logs why', async () => {
    const order = await paidOrder();
    const before = await orderRow(order._id);
    refundFailure = 'charge_not_refundable';
    const res = await cancel(order._id);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({
      error: { code: 'payment_provider_error', details: { operation: 'refund' } },
    });
    expect(await orderRow(order._id)).toEqual(before);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({ level: 'WARN', reason: expect.stringContaining('charge_not_refundable') as unknown }),
    );
    expect(personalDataIn(order)).toEqual([]);
    // Asked again once Stripe can: refunded, with the same idempotency key.
    refundFailure = undefined;
    expect(await (await cancel(order._id)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(new Set(refundCalls().map((call) => call.headers['idempotency-key']))).toEqual(
      new Set([`refund-${order._id}`]),
    );
  });

  it('takes a charge Stripe already refunded (e.g. in its Dashboard) as refunded', async () => {
    const order = await paidOrder();
    refundFailure = 'charge_already_refunded';
    expect(await (await cancel(order._id, asAdmin)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('still deletes an unpaid order without asking Stripe', async () => {
    const order = await placeOrder(1);
    expect(await (await cancel(order._id)).json()).toEqual({ deletedCount: 1, cancelledCount: 0 });
    expect(refundCalls()).toHaveLength(0);
    expect(await orderRow(order._id)).toBeUndefined();
  });

  it('never charges a cancelled order again (checkout answers 409 already_paid)', async () => {
    const order = await paidOrder();
    await cancel(order._id);
    recorded = [];
    expect((await startCheckout(order._id)).status).toBe(409);
    expect(recorded).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook checks the payment against its order', () => {
  const mismatches: Array<[string, (order: Order) => object]> = [
    ['an amount other than the subtotal', (order) => paidEvent(order, { amount_total: order.totalAmount * 100 - 1 })],
    ['another currency', (order) => paidEvent(order, { currency: 'usd' })],
    ['a live event for a test key', (order) => paidEvent(order, { livemode: true }, { livemode: true })],
  ];
  for (const [what, event] of mismatches)
    it(`does not mark paid for ${what}: 200, logged at error without personal data`, async () => {
      const order = await placeOrder(1);
      const res = await webhook(event(order));
      expect(res.status).toBe(200);
      expect(await paymentStatus(order._id)).toBe('unpaid');
      expect(logsOf(res).filter((line) => line.level === 'ERROR')).toHaveLength(1);
      expect(personalDataIn(order)).toEqual([]);
    });

  it('records a full refund made at Stripe: refunded and Cancelled; a delivered order stays Delivered; a partial refund changes nothing', async () => {
    const pending = await paidOrder();
    const partial = await webhook(chargeEvent('charge.refunded', pending, { refunded: false, amount_refunded: 100 }));
    expect(partial.status).toBe(200);
    expect(await readOne(pending._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'paid' });
    expect(logsOf(partial)).toContainEqual(
      expect.objectContaining({ level: 'WARN', message: 'stripe partial refund not recorded' }),
    );
    expect((await webhook(chargeEvent('charge.refunded', pending, { refunded: true }))).status).toBe(200);
    const refunded = await readOne(pending._id);
    expect(refunded).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    expect(refunded.statusHistory.map((change) => change.status)).toEqual(['Pending', 'Cancelled']);

    const delivered = await paidOrder();
    for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
      await app.request(`/api/orders/update/${delivered._id}`, {
        method: 'PUT',
        headers: asAdmin,
        body: JSON.stringify({ orderStatus }),
      });
    await webhook(chargeEvent('charge.refunded', delivered, { refunded: true }));
    expect(await readOne(delivered._id)).toMatchObject({ orderStatus: 'Delivered', paymentStatus: 'refunded' });
  });

  it('marks a disputed payment, shown to the admin, and refuses to cancel it while disputed', async () => {
    const order = await paidOrder();
    const res = await webhook(
      chargeEvent('charge.dispute.created', order, { object: 'dispute', reason: 'fraudulent' }),
    );
    expect(res.status).toBe(200);
    expect(await readOne(order._id)).toMatchObject({
      paymentStatus: 'disputed',
      paymentRef: `pi_test_${order._id.slice(0, 8)}`,
    });
    const queue = (await (await app.request('/api/orders', { headers: asAdmin })).json()) as Order[];
    expect(queue.find((o) => o._id === order._id)?.paymentStatus).toBe('disputed');
    const refused = await cancel(order._id, asAdmin);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      error: { code: 'invalid_transition', details: { paymentStatus: 'disputed' } },
    });
    expect(refundCalls()).toHaveLength(0);
  });

  it('logs a refund or dispute for a payment no order has at error', async () => {
    const res = await webhook(chargeEvent('charge.dispute.created', { _id: 'no-such-order' }));
    expect(res.status).toBe(200);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({ level: 'ERROR', message: 'stripe dispute for no order' }),
    );
  });
});

describe('a card payment the order cannot keep is refunded at Stripe, once', () => {
  /** The refunds Stripe made for PaymentIntent `paymentIntent` (the stand-in refuses a second). */
  const refundsOf = (paymentIntent: string) => [...refundByIntent].filter(([intent]) => intent === paymentIntent);

  it('refunds a payment completed after its order was deleted, logs it at warn, and a repeated webhook refunds nothing more', async () => {
    const order = await placeOrder(1);
    expect(await (await cancel(order._id)).json()).toEqual({ deletedCount: 1, cancelledCount: 0 });
    const event = paidEvent(order);
    const res = await webhook(event);
    expect(res.status).toBe(200);
    const paymentIntent = `pi_test_${order._id.slice(0, 8)}`;
    expect(refundCalls()).toHaveLength(1);
    const call = refundCalls()[0] as Recorded;
    expect(call.form.get('payment_intent')).toBe(paymentIntent);
    expect(call.form.has('amount')).toBe(false); // the whole payment
    expect(call.headers['idempotency-key']).toBe(`refund-${paymentIntent}`);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'stripe payment for a cancelled or deleted order refunded',
        orderId: order._id,
        paymentIntent,
        requestId: res.headers.get('X-Request-Id'),
      }),
    );
    // Stripe sends the event again (and again, after our answer was lost): the same key, one refund.
    expect((await webhook(event)).status).toBe(200);
    expect((await webhook({ ...event, id: `evt_${crypto.randomUUID()}` })).status).toBe(200);
    expect(new Set(refundCalls().map((c) => c.headers['idempotency-key']))).toEqual(
      new Set([`refund-${paymentIntent}`]),
    );
    expect(refundsOf(paymentIntent)).toHaveLength(1);
    expect(await orderRow(order._id)).toBeUndefined();
  });

  it('refunds a second payment completed after the order was cancelled and refunded, keeping the order as it is', async () => {
    const order = await paidOrder();
    expect(await (await cancel(order._id)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    recorded = [];
    const before = await orderRow(order._id);
    const res = await webhook(paidEvent(order, { payment_intent: `pi_late_${order._id.slice(0, 8)}` }));
    expect(res.status).toBe(200);
    expect(refundCalls().map((call) => call.form.get('payment_intent'))).toEqual([`pi_late_${order._id.slice(0, 8)}`]);
    expect(await orderRow(order._id)).toEqual(before);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'stripe payment for a cancelled or deleted order refunded',
        orderId: order._id,
      }),
    );
    // The replay of the first payment's event is that payment, already refunded by the cancel: nothing more.
    recorded = [];
    expect((await webhook(paidEvent(order))).status).toBe(200);
    expect(refundCalls()).toHaveLength(0);
  });

  it('refunds a second PaymentIntent on an order already paid (two tabs), keeps the first as paymentRef, once', async () => {
    const order = await paidOrder();
    const second = paidEvent(order, { payment_intent: `pi_two_${order._id.slice(0, 8)}` });
    const res = await webhook(second);
    expect(res.status).toBe(200);
    expect(refundCalls()).toHaveLength(1);
    const call = refundCalls()[0] as Recorded;
    expect(call.form.get('payment_intent')).toBe(`pi_two_${order._id.slice(0, 8)}`);
    expect(call.form.get('reason')).toBe('duplicate');
    expect(call.headers['idempotency-key']).toBe(`refund-pi_two_${order._id.slice(0, 8)}`);
    expect(await readOne(order._id)).toMatchObject({
      orderStatus: 'Pending',
      paymentStatus: 'paid',
      paymentRef: `pi_test_${order._id.slice(0, 8)}`,
    });
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({
        level: 'WARN',
        message: 'second stripe payment for a paid order refunded',
        orderId: order._id,
        requestId: res.headers.get('X-Request-Id'),
      }),
    );
    expect((await webhook(second)).status).toBe(200);
    expect(refundsOf(`pi_two_${order._id.slice(0, 8)}`)).toHaveLength(1);
    expect(refundsOf(`pi_test_${order._id.slice(0, 8)}`)).toHaveLength(0);
    // Stripe then tells of that refund: a payment no order holds, money going back (a warning, not an error).
    const told = await webhook(
      chargeEvent('charge.refunded', order, { payment_intent: `pi_two_${order._id.slice(0, 8)}`, refunded: true }),
    );
    expect(logsOf(told)).toContainEqual(
      expect.objectContaining({ level: 'WARN', message: 'stripe refund for no order' }),
    );
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'paid' });
    expect(personalDataIn(order)).toEqual([]);
  });

  it('keeps exactly one of two payments completing at once for an unpaid order and refunds the other', async () => {
    const order = await placeOrder(1);
    const intents = ['pi_tab1', 'pi_tab2'].map((prefix) => `${prefix}_${order._id.slice(0, 8)}`);
    const answers = await Promise.all(intents.map((pi) => webhook(paidEvent(order, { payment_intent: pi }))));
    expect(answers.map((res) => res.status)).toEqual([200, 200]);
    const kept = (await readOne(order._id)).paymentRef;
    expect(intents).toContain(kept);
    expect(refundCalls().map((call) => call.form.get('payment_intent'))).toEqual(intents.filter((pi) => pi !== kept));
  });

  it('answers 502 when Stripe cannot be asked (so Stripe sends the event again), and refunds once when it can', async () => {
    const order = await placeOrder(1);
    await cancel(order._id);
    const event = paidEvent(order);
    refundOutage = 503;
    const failed = await webhook(event);
    expect(failed.status).toBe(502);
    expect(logsOf(failed)).toContainEqual(
      expect.objectContaining({ level: 'WARN', reason: expect.stringContaining(order._id) as unknown }),
    );
    refundOutage = undefined;
    expect((await webhook(event)).status).toBe(200);
    expect(refundsOf(`pi_test_${order._id.slice(0, 8)}`)).toHaveLength(1);
  });

  it('logs a refund Stripe refuses at error and answers 200 (sending the event again cannot change it)', async () => {
    const order = await placeOrder(1);
    await cancel(order._id);
    refundFailure = 'charge_disputed';
    const res = await webhook(paidEvent(order));
    expect(res.status).toBe(200);
    expect(logsOf(res)).toContainEqual(
      expect.objectContaining({
        level: 'ERROR',
        message: 'stripe refused to refund a payment the shop cannot keep',
        orderId: order._id,
      }),
    );
  });
});

describe('cancelling a paid order refunds exactly once, also after a crash', () => {
  const intentOf = (order: Order) => `pi_test_${order._id.slice(0, 8)}`;
  /** A cancel that died after Stripe refunded and before the database recorded it, `agoMs` ago. */
  async function crashedCancel(order: Order, agoMs: number) {
    const claim = await claimOrderRefund(t.db, order._id, {}, Date.now() - agoMs);
    expect(claim).toMatchObject({ paymentRef: intentOf(order), retry: false });
    await stripeProvider({ db: t.db, stripe }).refund(claim as NonNullable<typeof claim>, requestLog('test'));
    recorded = [];
  }

  it('a cancel repeated after the claim expired asks Stripe again with the same key: one refund, order Cancelled', async () => {
    const order = await paidOrder();
    await crashedCancel(order, REFUND_CLAIM_MS + 1000);
    const res = await cancel(order._id);
    expect(await res.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(refundCalls().map((call) => call.headers['idempotency-key'])).toEqual([`refund-${order._id}`]);
    expect([...refundByIntent.keys()].filter((pi) => pi === intentOf(order))).toHaveLength(1);
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('a cancel repeated while the crashed claim holds is told to ask again (503, Retry-After), refunding nothing', async () => {
    const order = await paidOrder();
    await crashedCancel(order, 0);
    const res = await cancel(order._id, asAdmin);
    expect(res.status).toBe(503);
    expect(res.headers.get('Retry-After')).toBe('2');
    expect(refundCalls()).toHaveLength(0);
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Pending', paymentStatus: 'paid' });
  });

  it("after Stripe's 24-hour idempotency window, the repeated cancel finds the charge refunded and records it", async () => {
    const order = await paidOrder();
    await crashedCancel(order, REFUND_CLAIM_MS + 1000);
    refundsByKey.clear(); // Stripe forgets idempotency keys after 24 hours
    expect(await (await cancel(order._id)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(refundByIntent.get(intentOf(order))).toBeDefined();
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it('two cancels at once after a crash: one takes the claim over, one refund', async () => {
    const order = await paidOrder();
    await crashedCancel(order, REFUND_CLAIM_MS + 1000);
    refundDelayMs = 100;
    const answers = await Promise.all([cancel(order._id), cancel(order._id, asAdmin)]);
    const bodies = (await Promise.all(answers.map((res) => res.json()))) as Array<{ cancelledCount?: number }>;
    expect(bodies.reduce((sum, body) => sum + (body.cancelledCount ?? 0), 0)).toBe(1);
    expect(refundCalls()).toHaveLength(1);
    expect(await readOne(order._id)).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
  });

  it("Stripe's charge.refunded for the cancel's own refund, arriving before the cancel records it, still leaves a delivered order Cancelled", async () => {
    const order = await paidOrder();
    for (const orderStatus of ['Approved', 'Out for delivery', 'Delivered'])
      await app.request(`/api/orders/update/${order._id}`, {
        method: 'PUT',
        headers: asAdmin,
        body: JSON.stringify({ orderStatus }),
      });
    beforeRefundAnswer = async () => {
      beforeRefundAnswer = undefined;
      expect((await webhook(chargeEvent('charge.refunded', order, { refunded: true }))).status).toBe(200);
    };
    expect(await (await cancel(order._id, asAdmin)).json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    const cancelled = await readOne(order._id);
    expect(cancelled).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    // Approved → Out for delivery packed it as ordered (DESIGN.md §17): nothing to refund then.
    expect(cancelled.statusHistory.map((change) => change.status)).toEqual([
      'Pending',
      'Approved',
      'Packed',
      'Out for delivery',
      'Delivered',
      'Cancelled',
    ]);
    expect(refundCalls()).toHaveLength(1);
  });
});
