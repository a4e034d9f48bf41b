/**
 * Card payments against a stand-in for Stripe's API on 127.0.0.1 (stripe-node's host/port/
 * protocol options), which records each request and answers in Stripe's response shape.
 * Webhooks are signed with stripe-node's own test header generator.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderSchema, type Order } from '../contract/order';
import { createTestApp, customerA, logsOf, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import { createStripe } from './stripe';

type Recorded = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
const WEBHOOK_SECRET = 'whsec_test_taza_haat';
let server: Server;
let recorded: Recorded[] = [];
let t: TestApp;
let app: ReturnType<typeof createApp>;
let stripe: Stripe;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      recorded.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form });
      const id = `cs_test_${recorded.length}`;
      res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${recorded.length}` });
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          client_secret: `${id}_secret_abc`,
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('currency'),
          mode: 'payment',
          ui_mode: form.get('ui_mode'),
          payment_status: 'unpaid',
          status: 'open',
          metadata: { orderId: form.get('metadata[orderId]') },
          livemode: false,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stripe = createStripe('sk_test_taza_haat', {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
  });
  t = await createTestApp({ STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
  app = createApp({ db: t.db, config: t.config, stripe });
});
afterAll(async () => {
  t.cleanup();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  recorded = [];
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
const webhook = async (payload: object, opts: { secret?: string; timestamp?: number } = {}) => {
  const body = JSON.stringify(payload);
  const header = await stripe.webhooks.generateTestHeaderStringAsync({
    payload: body,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: opts.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': header, 'Content-Type': 'application/json' },
    body,
  });
};
const paidEvent = (orderId: string, id = `evt_${crypto.randomUUID()}`) => ({
  id,
  object: 'event',
  type: 'checkout.session.completed',
  data: { object: { id: 'cs_test_1', object: 'checkout.session', payment_status: 'paid', metadata: { orderId } } },
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
    await webhook(paidEvent(order._id));
    expect((await startCheckout(order._id)).status).toBe(409);
    expect(recorded).toHaveLength(0);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('marks the order paid for a validly signed event, and a replay changes nothing', async () => {
    const order = await placeOrder(1);
    const event = paidEvent(order._id);
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
    const res = await webhook(paidEvent(order._id), { secret: 'whsec_wrong' });
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
    const body = JSON.stringify(paidEvent(order._id));
    const header = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: body,
      secret: WEBHOOK_SECRET,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
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
    const res = await webhook(paidEvent(order._id), { timestamp: Math.floor(Date.now() / 1000) - 600 });
    expect(res.status).toBe(400);
    expect(await paymentStatus(order._id)).toBe('unpaid');
  });

  it('ignores events that are not a paid checkout', async () => {
    const order = await placeOrder(1);
    const res = await webhook({ ...paidEvent(order._id), type: 'checkout.session.expired' });
    expect(res.status).toBe(200);
    expect(await paymentStatus(order._id)).toBe('unpaid');
  });
});
