/**
 * `/api/push` and the order news it sends (DESIGN.md §11), against the stand-in push service
 * (testing/push-service.ts), which checks each message's VAPID header and decrypts its body as the
 * subscriber's browser would. The sender is the one the Node entry wires (createWebCryptoSender,
 * the same WebCrypto sender the Workers entry uses).
 */
import type { ExecutionContext } from 'hono';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminOrderUrl, shopperOrderUrl } from '../contract/push';
import { createStripe } from '../payments/stripe';
import { startBkashStandin, type BkashStandin } from '../../../scripts/bkash-standin';
import type { PushSender } from '../push/sender';
import { createWebCryptoSender } from '../push/webcrypto-sender';
import { startPushService, type PushService, type TestSubscriber } from '../testing/push-service';
import { paidCheckoutEvent, sendStripeWebhook } from '../testing/stripe-events';
import { admin, createTestApp, customerA, orderBody, testLogs, type Role, type TestApp } from '../testing/test-app';
import { bkashClientFor } from '../testing/bkash-standin-client';

const WEBHOOK_SECRET = 'whsec_push_test';
let service: PushService;
let bkash: BkashStandin;
let t: TestApp;
let vapid: { publicKey: string; privateKey: string };
/** Every endpoint the app asked its sender to post to, in order. */
const sentTo: string[] = [];

/** Stripe's "Create a refund" as a stand-in: every refund succeeds (payments/stripe.test.ts covers the rest). */
const stripeServer = createServer((req, res) => {
  req.resume().on('end', () => {
    res.writeHead(req.url === '/v1/refunds' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ id: 're_test_push', object: 'refund', status: 'succeeded', amount: 100, currency: 'bdt' }),
    );
  });
});

beforeAll(async () => {
  service = await startPushService();
  bkash = await startBkashStandin();
  await new Promise<void>((resolve) => stripeServer.listen(0, '127.0.0.1', resolve));
  const stripe = createStripe('sk_test_taza_haat', {
    host: '127.0.0.1',
    port: (stripeServer.address() as AddressInfo).port,
    protocol: 'http',
  });
  vapid = webpush.generateVAPIDKeys();
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:shop@tazahaat.test',
    PUSH_SERVICE_ORIGINS: `${service.origin}, https://*.notify.windows.com`,
    STRIPE_SECRET_KEY: 'sk_test_taza_haat',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...bkash.env,
  };
  const config = (await createTestApp(env)).config;
  const sender = createWebCryptoSender(config.push!, { fetch: service.fetch, timeoutMs: 3000 });
  const recording: PushSender = {
    send(subscription, payload, options) {
      sentTo.push(subscription.endpoint);
      return sender.send(subscription, payload, options);
    },
  };
  const bkashClient = bkashClientFor(bkash);
  t = await createTestApp(env, { pushSender: recording, stripe, bkash: bkashClient });
});
afterAll(async () => {
  await new Promise((resolve) => stripeServer.close(resolve));
  await service.close();
  await bkash.stop();
  t.cleanup();
});
beforeEach(() => {
  sentTo.length = 0;
});

let names = 0;
/** A new subscription of the stand-in for `role`, posted in `locale`. */
async function subscribe(role: Role, locale: 'en' | 'bn' = 'en'): Promise<TestSubscriber> {
  const subscriber = service.subscribe(`${role}-${(names += 1)}`);
  const res = await t.call('POST', '/api/push/subscriptions', {
    role,
    body: { endpoint: subscriber.endpoint, keys: subscriber.keys, locale },
  });
  expect(res.status).toBe(201);
  return subscriber;
}
const subscriptionCount = async (endpoint: string) =>
  Number(
    (await t.db.execute({ sql: 'SELECT count(*) AS n FROM push_subscriptions WHERE endpoint = ?', args: [endpoint] }))
      .rows[0]?.n,
  );
async function placeOrder(role: Role = 'customerA', key: string = crypto.randomUUID()) {
  const res = await t.call('POST', '/api/orders', {
    role,
    body: await orderBody(t, customerA),
    headers: { 'Idempotency-Key': key },
  });
  expect(res.status).toBe(201);
  return { id: ((await res.json()) as { _id: string })._id, res };
}
const advance = (id: string, orderStatus: string) =>
  t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts `event` to the Stripe webhook, signed as Stripe signs it. */
async function sendWebhook(event: object): Promise<void> {
  expect((await sendStripeWebhook(t.app, event, WEBHOOK_SECRET)).status).toBe(200);
}
const intentOf = (orderId: string) => `pi_test_push_${orderId.slice(0, 8)}`;
/** Stripe's paid checkout of order `orderId` for `totalAmount` Tk. */
const paidEvent = (orderId: string, totalAmount: number) =>
  paidCheckoutEvent({ orderId, totalAmount, paymentIntent: intentOf(orderId) });

describe('GET /api/push/public-key and the subscription routes', () => {
  it('answers the VAPID public key', async () => {
    const res = await t.call('GET', '/api/push/public-key');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ publicKey: vapid.publicKey });
  });

  it('answers 404 push_not_configured on every route when the server has no VAPID keys', async () => {
    const off = await createTestApp();
    try {
      for (const [method, path, role] of [
        ['GET', '/api/push/public-key', 'anonymous'],
        ['POST', '/api/push/subscriptions', 'customerA'],
        ['DELETE', '/api/push/subscriptions', 'customerA'],
      ] as const) {
        const res = await off.call(method, path, { role, body: method === 'GET' ? undefined : { endpoint: 'x' } });
        expect(res.status).toBe(404);
        expect(await res.json()).toMatchObject({ error: { code: 'push_not_configured' } });
      }
    } finally {
      off.cleanup();
    }
  });

  it('needs a signed-in user to subscribe', async () => {
    const subscriber = service.subscribe('anonymous');
    const res = await t.call('POST', '/api/push/subscriptions', {
      body: { endpoint: subscriber.endpoint, keys: subscriber.keys },
    });
    expect(res.status).toBe(401);
  });

  it('refuses endpoints off the allow-list (http:, unknown and look-alike hosts, user info) with 400 naming endpoint', async () => {
    const { keys } = service.subscribe('refused');
    const port = new URL(service.origin).port;
    for (const endpoint of [
      service.origin.replace('https:', 'http:') + '/push/x',
      'https://evil.example/push/x',
      `https://127.0.0.1.evil.example:${port}/push/x`,
      `https://127.0.0.1:${Number(port) + 1}/push/x`,
      `https://user@127.0.0.1:${port}/push/x`,
      'https://notify.windows.com/w/x',
      'https://evilnotify.windows.com/w/x',
      'https://db5p.notify.windows.com.evil.example/w/x',
      // WHATWG URL reads host `attacker;.notify.windows.com`, Node's legacy url.parse `attacker`.
      'https://attacker;.notify.windows.com/w/x',
      'not a url',
    ]) {
      const res = await t.call('POST', '/api/push/subscriptions', { role: 'customerA', body: { endpoint, keys } });
      expect(res.status, endpoint).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, unknown> } } };
      expect(body.error.code).toBe('validation_failed');
      expect(Object.keys(body.error.details.fields)).toEqual(['endpoint']);
    }
    // A wildcard origin takes its subdomains.
    const edge = await t.call('POST', '/api/push/subscriptions', {
      role: 'customerA',
      body: { endpoint: 'https://db5p.notify.windows.com/w/?token=abc', keys },
    });
    expect(edge.status).toBe(201);
    await t.call('DELETE', '/api/push/subscriptions', {
      role: 'customerA',
      body: { endpoint: 'https://db5p.notify.windows.com/w/?token=abc' },
    });
  });

  it('validates the keys: a P-256 point of 65 bytes and a 16-byte auth secret', async () => {
    const { endpoint, keys } = service.subscribe('bad-keys');
    for (const [bad, field] of [
      [{ ...keys, p256dh: keys.p256dh.slice(0, 40) }, 'keys.p256dh'],
      [{ ...keys, auth: `${keys.auth}AAAA` }, 'keys.auth'],
      [{ ...keys, auth: '!'.repeat(22) }, 'keys.auth'],
    ] as const) {
      const res = await t.call('POST', '/api/push/subscriptions', { role: 'customerA', body: { endpoint, keys: bad } });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { details: { fields: Record<string, unknown> } } };
      expect(Object.keys(body.error.details.fields)).toEqual([field]);
    }
    expect(await subscriptionCount(endpoint)).toBe(0);
  });

  it('unsubscribes only the caller’s own subscription', async () => {
    const subscriber = await subscribe('customerA');
    const other = await t.call('DELETE', '/api/push/subscriptions', {
      role: 'customerB',
      body: { endpoint: subscriber.endpoint },
    });
    expect(await other.json()).toEqual({ deletedCount: 0 });
    expect(await subscriptionCount(subscriber.endpoint)).toBe(1);
    const own = await t.call('DELETE', '/api/push/subscriptions', {
      role: 'customerA',
      body: { endpoint: subscriber.endpoint },
    });
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ deletedCount: 1 });
    expect(await subscriptionCount(subscriber.endpoint)).toBe(0);
  });
});

/** The stored row of `endpoint`: its owner, keys, language and admin flag. */
async function storedRow(endpoint: string) {
  const { rows } = await t.db.execute({
    sql: 'SELECT user_id, p256dh, auth, locale, is_admin FROM push_subscriptions WHERE endpoint = ?',
    args: [endpoint],
  });
  const row = rows[0];
  return row
    ? { userId: row.user_id, p256dh: row.p256dh, auth: row.auth, locale: row.locale, isAdmin: Number(row.is_admin) }
    : undefined;
}

describe('a subscription belongs to the account that made it', () => {
  /** Posts `endpoint` with `keys` as `role`; expects 409 push_endpoint_taken. */
  async function postTaken(role: Role, endpoint: string, keys: TestSubscriber['keys']) {
    const res = await t.call('POST', '/api/push/subscriptions', { role, body: { endpoint, keys, locale: 'en' } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'push_endpoint_taken' } });
  }

  it("another account posting A's endpoint gets 409, and A keeps it and its news, readable with A's keys", async () => {
    const phone = await subscribe('customerA', 'bn');
    const before = await storedRow(phone.endpoint);
    // With keys of its own, and with A's keys as well (an endpoint and keys that leaked together).
    await postTaken('customerB', phone.endpoint, service.subscribe('taker').keys);
    await postTaken('customerB', phone.endpoint, phone.keys);
    expect(await storedRow(phone.endpoint)).toEqual(before);
    expect(before).toMatchObject({ userId: customerA.uid, p256dh: phone.keys.p256dh, locale: 'bn', isAdmin: 0 });

    const { id } = await placeOrder();
    sentTo.length = 0;
    await advance(id, 'Approved');
    const [message] = await service.waitFor(1, phone.endpoint);
    expect(message?.error).toBeUndefined();
    expect(message?.payload).toMatchObject({ type: 'order-status', orderId: id, status: 'Approved', locale: 'bn' });
    expect(sentTo).toEqual([phone.endpoint]);
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });

  it('the admin flag never moves with an endpoint: not off an admin’s device, not onto a shopper’s', async () => {
    const adminDevice = await subscribe('admin');
    const shopperDevice = await subscribe('customerA');
    await postTaken('customerB', adminDevice.endpoint, service.subscribe('taker-b').keys);
    await postTaken('admin', shopperDevice.endpoint, shopperDevice.keys);
    expect(await storedRow(adminDevice.endpoint)).toMatchObject({ userId: admin.uid, isAdmin: 1 });
    expect(await storedRow(shopperDevice.endpoint)).toMatchObject({ userId: customerA.uid, isAdmin: 0 });

    sentTo.length = 0;
    const { id } = await placeOrder();
    const [message] = await service.waitFor(1, adminDevice.endpoint);
    expect(message?.error).toBeUndefined();
    expect(message?.payload).toMatchObject({ type: 'new-order', orderId: id });
    await pause(200);
    expect(sentTo).toEqual([adminDevice.endpoint]);
    for (const [role, s] of [
      ['admin', adminDevice],
      ['customerA', shopperDevice],
    ] as const)
      await t.call('DELETE', '/api/push/subscriptions', { role, body: { endpoint: s.endpoint } });
  });

  it('its own account posting it again takes the new keys and language', async () => {
    const phone = await subscribe('customerA', 'en');
    const renewed = service.subscribe('renewed').keys;
    const res = await t.call('POST', '/api/push/subscriptions', {
      role: 'customerA',
      body: { endpoint: phone.endpoint, keys: renewed, locale: 'bn' },
    });
    expect(res.status).toBe(201);
    expect(await storedRow(phone.endpoint)).toMatchObject({
      userId: customerA.uid,
      p256dh: renewed.p256dh,
      auth: renewed.auth,
      locale: 'bn',
    });
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });
});

describe('order news', () => {
  it("tells the shopper's devices, and only theirs, when their order moves, each in its own language", async () => {
    const phone = await subscribe('customerA', 'bn');
    const tablet = await subscribe('customerA', 'en');
    const other = await subscribe('customerB');
    const { id } = await placeOrder();
    sentTo.length = 0;
    expect((await advance(id, 'Approved')).status).toBe(200);
    const [onPhone] = await service.waitFor(1, phone.endpoint);
    const [onTablet] = await service.waitFor(1, tablet.endpoint);
    const expected = {
      type: 'order-status',
      orderId: id,
      status: 'Approved',
      url: shopperOrderUrl(id),
      tag: `order-${id}`,
    };
    expect(onPhone?.payload).toEqual({ ...expected, locale: 'bn' });
    expect(onTablet?.payload).toEqual({ ...expected, locale: 'en' });
    expect(onPhone?.claims.aud).toBe(service.origin);
    // Kept a day; a newer message about the same order replaces an undelivered older one (RFC 8030 topic).
    expect(onPhone?.headers).toEqual({ ttl: '86400', urgency: 'normal', topic: id.replace(/-/g, '') });
    expect(sentTo.sort()).toEqual([phone.endpoint, tablet.endpoint].sort());
    expect(service.received.filter((m) => m.endpoint === other.endpoint)).toEqual([]);

    await advance(id, 'Out for delivery');
    await advance(id, 'Delivered');
    const statuses = (await service.waitFor(3, phone.endpoint)).map((m) => (m.payload as { status: string }).status);
    expect(statuses).toEqual(['Approved', 'Out for delivery', 'Delivered']);
    for (const s of [phone, tablet, other])
      await t.call('DELETE', '/api/push/subscriptions', {
        role: s === other ? 'customerB' : 'customerA',
        body: { endpoint: s.endpoint },
      });
  });

  it('tells the shopper their order is Packed with the final bill and the products not found, once (DESIGN.md §17)', async () => {
    const phone = await subscribe('customerA', 'bn');
    const { id } = await placeOrder();
    const read = await t.call('GET', `/api/orders/${id}`, { role: 'admin' });
    const placed = (await read.json()) as { orderedProduct: Array<{ _id: string; name: string }> };
    const [kept, missing] = placed.orderedProduct;
    await advance(id, 'Approved');
    await service.waitFor(1, phone.endpoint);
    const key = crypto.randomUUID();
    const packing = {
      lines: [
        { _id: kept?._id, found: true },
        { _id: missing?._id, found: false },
      ],
    };
    const packed = await t.call('PUT', `/api/orders/${id}/packing`, {
      role: 'admin',
      body: packing,
      headers: { 'Idempotency-Key': key },
    });
    expect(packed.status).toBe(200);
    const { finalAmount } = (await packed.json()) as { finalAmount: number };
    const [, message] = await service.waitFor(2, phone.endpoint);
    expect(message?.payload).toEqual({
      type: 'order-status',
      orderId: id,
      status: 'Packed',
      packed: { finalAmount, substituted: [], missing: [missing?.name] },
      url: shopperOrderUrl(id),
      tag: `order-${id}`,
      locale: 'bn',
    });
    // The outbox's replay of the packing tells no one again.
    const replay = await t.call('PUT', `/api/orders/${id}/packing`, {
      role: 'admin',
      body: packing,
      headers: { 'Idempotency-Key': key },
    });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    await pause(200);
    expect(service.received.filter((m) => m.endpoint === phone.endpoint)).toHaveLength(2);
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });

  it("tells admins' devices of a new order, at high urgency, and not again on an idempotent replay", async () => {
    const admin = await subscribe('admin');
    const shopper = await subscribe('customerA');
    const key = crypto.randomUUID();
    const { id } = await placeOrder('customerA', key);
    const [message] = await service.waitFor(1, admin.endpoint);
    expect(message?.payload).toEqual({
      type: 'new-order',
      orderId: id,
      url: adminOrderUrl(id),
      tag: `new-order-${id}`,
      locale: 'en',
    });
    expect(message?.headers.urgency).toBe('high');
    expect(sentTo).toEqual([admin.endpoint]);

    const replay = await placeOrder('customerA', key);
    expect(replay.res.headers.get('Idempotent-Replayed')).toBe('true');
    // A second new-order message would be sent at once, as the first was; none comes.
    await pause(300);
    expect(service.received.filter((m) => m.endpoint === admin.endpoint)).toHaveLength(1);
    expect(sentTo).toEqual([admin.endpoint]);
    for (const [role, s] of [
      ['admin', admin],
      ['customerA', shopper],
    ] as const)
      await t.call('DELETE', '/api/push/subscriptions', { role, body: { endpoint: s.endpoint } });
  });

  it('tells the shopper when an admin cancels their order, not when they cancel it themselves', async () => {
    const phone = await subscribe('customerA');
    const { id } = await placeOrder();
    expect((await t.call('DELETE', `/api/orders/${id}`, { role: 'admin' })).status).toBe(200);
    const [message] = await service.waitFor(1, phone.endpoint);
    expect(message?.payload).toMatchObject({ type: 'order-status', orderId: id, status: 'Cancelled' });

    const own = await placeOrder();
    sentTo.length = 0;
    expect((await t.call('DELETE', `/api/orders/${own.id}`, { role: 'customerA' })).status).toBe(200);
    await pause(300);
    expect(sentTo).toEqual([]);
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });

  it('tells the shopper when their card payment completes and when it is refunded at Stripe', async () => {
    const phone = await subscribe('customerA', 'bn');
    const { id } = await placeOrder();
    const order = (await (await t.call('GET', `/api/orders/${id}`, { role: 'customerA' })).json()) as {
      totalAmount: number;
    };
    const paid = paidEvent(id, order.totalAmount);
    const intent = intentOf(id);
    await sendWebhook(paid);
    await sendWebhook(paid); // Stripe's retry of the same event is no new news.
    const refund = {
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      livemode: false,
      data: { object: { id: 'ch_test', payment_intent: intent, livemode: false, refunded: true } },
    };
    await sendWebhook(refund);
    const messages = await service.waitFor(2, phone.endpoint);
    expect(messages.map((m) => m.payload)).toEqual([
      { type: 'payment-completed', orderId: id, url: shopperOrderUrl(id), tag: `order-${id}`, locale: 'bn' },
      { type: 'payment-refunded', orderId: id, url: shopperOrderUrl(id), tag: `order-${id}`, locale: 'bn' },
    ]);
    await pause(200);
    expect(service.received.filter((m) => m.endpoint === phone.endpoint)).toHaveLength(2);
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });
  it('tells the shopper once when their bKash payment completes, however often bKash sends them back', async () => {
    const phone = await subscribe('customerA');
    const res = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body: { ...(await orderBody(t, customerA)), paymentMethod: 'bkash' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { _id: string })._id;
    const started = await t.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: id } });
    const paymentID = new URL(((await started.json()) as { bkashURL: string }).bkashURL).searchParams.get('paymentID');
    const callback = new URL(bkash.control.decide(String(paymentID), 'approve'));
    for (let i = 0; i < 2; i += 1) {
      const back = await t.app.request(`${callback.pathname}${callback.search}`);
      expect(back.headers.get('location')).toContain('bkash=paid');
    }
    const [message] = await service.waitFor(1, phone.endpoint);
    expect(message?.payload).toEqual({
      type: 'payment-completed',
      orderId: id,
      url: shopperOrderUrl(id),
      tag: `order-${id}`,
      locale: 'en',
    });
    await pause(200);
    expect(service.received.filter((m) => m.endpoint === phone.endpoint)).toHaveLength(1);
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });
  it('tells the shopper when an admin cancels their paid order and refunds it', async () => {
    const phone = await subscribe('customerA');
    const { id } = await placeOrder();
    const order = (await (await t.call('GET', `/api/orders/${id}`, { role: 'customerA' })).json()) as {
      totalAmount: number;
    };
    await sendWebhook(paidEvent(id, order.totalAmount));
    await service.waitFor(1, phone.endpoint);
    const res = await t.call('DELETE', `/api/orders/${id}`, { role: 'admin' });
    expect(await res.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    const messages = await service.waitFor(2, phone.endpoint);
    expect(messages[1]?.payload).toEqual({
      type: 'payment-refunded',
      orderId: id,
      status: 'Cancelled',
      url: shopperOrderUrl(id),
      tag: `order-${id}`,
      locale: 'en',
    });
    await t.call('DELETE', '/api/push/subscriptions', { role: 'customerA', body: { endpoint: phone.endpoint } });
  });
});

describe('a push service that refuses or stalls', () => {
  it('a 404 or 410 from the push service removes that subscription', async () => {
    const gone = await subscribe('customerA');
    const missing = await subscribe('customerA');
    service.answer(gone.endpoint, { status: 410 });
    service.answer(missing.endpoint, { status: 404 });
    const { id } = await placeOrder();
    await advance(id, 'Approved');
    await service.waitFor(1, gone.endpoint);
    await service.waitFor(1, missing.endpoint);
    for (
      let i = 0;
      i < 50 && (await subscriptionCount(gone.endpoint)) + (await subscriptionCount(missing.endpoint)) > 0;
      i += 1
    )
      await pause(20);
    expect(await subscriptionCount(gone.endpoint)).toBe(0);
    expect(await subscriptionCount(missing.endpoint)).toBe(0);
  });

  it('a failing or slow push service neither fails nor delays the status change; the log names no endpoint path or key', async () => {
    const failing = await subscribe('customerA');
    const slow = await subscribe('customerA');
    service.answer(failing.endpoint, { status: 500 });
    service.answer(slow.endpoint, { delayMs: 2000 });
    const { id } = await placeOrder();
    const started = Date.now();
    const res = await advance(id, 'Approved');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(Date.now() - started).toBeLessThan(1000);
    await service.waitFor(1, failing.endpoint);
    // The 500 is logged at warn with its status and the push service's origin.
    let line;
    for (let i = 0; i < 50 && !line; i += 1) {
      line = testLogs.find((l) => l.message === 'push message refused' && l.status === 500);
      if (!line) await pause(20);
    }
    expect(line).toMatchObject({ level: 'WARN', pushService: service.origin, status: 500, type: 'order-status' });
    expect(await subscriptionCount(failing.endpoint)).toBe(1);
    const logged = JSON.stringify(testLogs);
    for (const s of [failing, slow]) {
      expect(logged).not.toContain(new URL(s.endpoint).pathname);
      expect(logged).not.toContain(s.keys.p256dh);
      expect(logged).not.toContain(s.keys.auth);
    }
    expect(logged).not.toContain(customerA.email);
  });
});

describe('on Workers', () => {
  it("sends with the WebCrypto sender and hands the sending to the request's waitUntil", async () => {
    const workers = await createTestApp(
      {
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        PUSH_SERVICE_ORIGINS: service.origin,
      },
      { pushSender: createWebCryptoSender(t.config.push!, { fetch: service.fetch }) },
    );
    try {
      const subscriber = service.subscribe('workers');
      const call = (method: string, path: string, role: Role, body: unknown, ctx?: ExecutionContext) =>
        workers.app.request(
          path,
          {
            method,
            headers: {
              'Content-Type': 'application/json',
              ...workers.auth(role),
              'Idempotency-Key': crypto.randomUUID(),
            },
            body: JSON.stringify(body),
          },
          undefined,
          ctx,
        );
      expect(
        (
          await call('POST', '/api/push/subscriptions', 'customerA', {
            endpoint: subscriber.endpoint,
            keys: subscriber.keys,
          })
        ).status,
      ).toBe(201);
      const placed = await call('POST', '/api/orders', 'customerA', await orderBody(workers, customerA));
      const { _id: id } = (await placed.json()) as { _id: string };
      const waited: Promise<unknown>[] = [];
      const ctx: ExecutionContext = {
        waitUntil: (promise) => void waited.push(promise),
        passThroughOnException: () => {},
        props: {},
      };
      expect((await call('PUT', `/api/orders/update/${id}`, 'admin', { orderStatus: 'Approved' }, ctx)).status).toBe(
        200,
      );
      expect(waited).toHaveLength(1);
      await Promise.all(waited);
      const [message] = await service.waitFor(1, subscriber.endpoint);
      expect(message?.error).toBeUndefined();
      expect(message?.payload).toMatchObject({ type: 'order-status', orderId: id, status: 'Approved', locale: 'en' });
    } finally {
      workers.cleanup();
    }
  });
});
