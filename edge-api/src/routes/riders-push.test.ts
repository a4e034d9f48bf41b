/**
 * Telling the shoppers who is coming (DESIGN.md §18, §11), against the stand-in push service
 * (testing/push-service.ts), which checks each message's VAPID header and decrypts it as the
 * subscriber's browser would: setting out tells each shopper "on the way with <rider> — N
 * deliveries before yours", and each delivery tells the next stop's shopper "you're next".
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import { shopperOrderUrl } from '../contract/push';
import { createWebCryptoSender } from '../push/webcrypto-sender';
import { startPushService, type PushService, type TestSubscriber } from '../testing/push-service';
import { createTestApp, customerA, customerB, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let service: PushService;
let t: TestApp;

const RIDER = { uid: 'uid-rider-push', phone: '+8801911000002', name: 'Sumon' };

beforeAll(async () => {
  service = await startPushService();
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:shop@tazahaat.test',
    PUSH_SERVICE_ORIGINS: service.origin,
  };
  const config = (await createTestApp(env)).config;
  const sender = createWebCryptoSender(config.push!, { fetch: service.fetch, timeoutMs: 3000 });
  t = await createTestApp(env, { pushSender: sender });
});
afterAll(async () => {
  await service.close();
  t.cleanup();
});

const riderToken = () =>
  emulatorToken({ uid: RIDER.uid, email: '', name: RIDER.name }, t.config.firebaseProjectId, {
    email: undefined,
    email_verified: undefined,
    phone_number: RIDER.phone,
    firebase: { identities: { phone: [RIDER.phone] }, sign_in_provider: 'phone' },
  });
const asRider = (method: string, path: string, body?: unknown) =>
  t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${riderToken()}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function subscribe(role: 'customerA' | 'customerB', locale: 'en' | 'bn'): Promise<TestSubscriber> {
  const subscriber = service.subscribe(role);
  const res = await t.call('POST', '/api/push/subscriptions', {
    role,
    body: { endpoint: subscriber.endpoint, keys: subscriber.keys, locale },
  });
  expect(res.status).toBe(201);
  return subscriber;
}

async function place(role: 'customerA' | 'customerB'): Promise<Order> {
  const res = await t.call('POST', '/api/orders', {
    role,
    body: await orderBody(t, role === 'customerA' ? customerA : customerB),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
}

describe('push news of the run', () => {
  it('tells each shopper the rider is on the way with the deliveries before theirs, then the next one they are next', async () => {
    // The rider signs in once and is named; the shoppers subscribe.
    expect((await asRider('GET', '/api/users/me')).status).toBe(200);
    const granted = await t.call('PUT', '/api/users/rider', { role: 'admin', body: { phoneNumber: RIDER.phone } });
    expect(await granted.json()).toEqual({ modifiedCount: 1 });
    const phoneA = await subscribe('customerA', 'en');
    const phoneB = await subscribe('customerB', 'bn');

    const first = await place('customerA');
    const second = await place('customerB');
    const third = await place('customerA');
    for (const order of [second, third])
      await t.db.execute({
        sql: `UPDATE orders SET (slot_id, slot_start_ms, slot_end_ms) =
                (SELECT slot_id, slot_start_ms, slot_end_ms FROM orders WHERE id = ?) WHERE id = ?`,
        args: [first._id, order._id],
      });
    for (const [stop, order] of [first, second, third].entries()) {
      const moved = await t.call('PUT', `/api/orders/update/${order._id}`, {
        role: 'admin',
        body: { orderStatus: 'Approved' },
      });
      expect(moved.status).toBe(200);
      const assigned = await t.call('PUT', `/api/orders/${order._id}/rider`, {
        role: 'admin',
        body: { riderUid: RIDER.uid, stop: stop + 1 },
      });
      expect(assigned.status).toBe(200);
    }
    // The Approved pushes arrived; what follows is the run's news.
    await service.waitFor(2, phoneA.endpoint);
    await service.waitFor(1, phoneB.endpoint);
    const day = (first.deliverySlot?.id ?? '').slice(0, 10);

    expect(await (await asRider('POST', `/api/rider/run/start?date=${day}`)).json()).toEqual({ modifiedCount: 3 });
    const onA = (await service.waitFor(4, phoneA.endpoint)).slice(2);
    const onB = (await service.waitFor(2, phoneB.endpoint)).slice(1);
    const news = (messages: typeof onA) =>
      messages.map((m) => m.payload as { type: string; orderId: string; onTheWay?: unknown; locale: string });
    expect(news(onA).sort((a, b) => (a.orderId === first._id ? -1 : b.orderId === first._id ? 1 : 0))).toEqual([
      {
        type: 'on-the-way',
        orderId: first._id,
        status: 'Out for delivery',
        onTheWay: { riderName: RIDER.name, deliveriesBefore: 0 },
        url: shopperOrderUrl(first._id),
        tag: `order-${first._id}`,
        locale: 'en',
      },
      expect.objectContaining({
        type: 'on-the-way',
        orderId: third._id,
        onTheWay: { riderName: RIDER.name, deliveriesBefore: 2 },
      }),
    ]);
    expect(news(onB)).toEqual([
      expect.objectContaining({
        type: 'on-the-way',
        orderId: second._id,
        onTheWay: { riderName: RIDER.name, deliveriesBefore: 1 },
        locale: 'bn',
      }),
    ]);

    // The first stop delivered: its shopper hears Delivered, the second "you're next".
    const code = String(
      (await t.db.execute({ sql: 'SELECT delivery_code FROM orders WHERE id = ?', args: [first._id] })).rows[0]
        ?.delivery_code,
    );
    expect((await asRider('POST', `/api/orders/${first._id}/delivered`, { code })).status).toBe(200);
    const [next] = (await service.waitFor(3, phoneB.endpoint)).slice(2);
    expect(next?.payload).toMatchObject({
      type: 'next-stop',
      orderId: second._id,
      nextStop: { riderName: RIDER.name },
      url: shopperOrderUrl(second._id),
      locale: 'bn',
    });
    const [delivered] = (await service.waitFor(5, phoneA.endpoint)).slice(4);
    expect(delivered?.payload).toMatchObject({ type: 'order-status', orderId: first._id, status: 'Delivered' });
  });
});
