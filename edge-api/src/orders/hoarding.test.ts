/**
 * Nothing a stranger can hoard (DESIGN.md §3, §4, §8): an account with neither a verified e-mail
 * nor a phone sign-in holds one open order; an account holds at most MAX_UNITS_PER_PRODUCT (20)
 * units of a counted product across its open orders; a cancelled order — paid or not — gives its
 * delivery slot's place back.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DeliverySlotOffer } from '../contract/delivery';
import type { Order } from '../contract/order';
import { listProducts } from '../db/products';
import type { PaymentProvider } from '../payments/provider';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken, type TokenClaims } from '../testing/tokens';
import { settlePayment } from './settle';

const MAX_UNITS = 20;

/** A card provider that takes every charge and refund: a paid order to cancel. */
const wallet: PaymentProvider = {
  method: 'card',
  charge: async (order) => ({ kind: 'embedded', sessionId: `s-${order._id}`, clientSecret: `c-${order._id}` }),
  refund: async (request) => ({ providerRef: `r-${request.refundId}` }),
};

let t: TestApp;
beforeAll(async () => {
  // The defaults of config.ts ('' is unset), not the raised limits of the test database.
  t = await createTestApp(
    { OPEN_ORDERS_PER_ACCOUNT: '', MAX_UNITS_PER_PRODUCT: '', DELIVERY_SLOT_CAPACITY: '2' },
    { providers: { card: wallet } },
  );
  expect(t.config.maxUnitsPerProduct).toBe(MAX_UNITS);
});
afterAll(() => t.cleanup());
beforeEach(async () => {
  await t.db.execute('DELETE FROM orders');
  await t.db.execute('UPDATE products SET stock = NULL');
});

const post = (token: string, body: unknown) =>
  t.call('POST', '/api/orders', {
    body,
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': crypto.randomUUID() },
  });
const tokenOf = (user: TokenClaims, claims: Record<string, unknown> = {}) =>
  emulatorToken(user, t.config.firebaseProjectId, claims);

describe('an account nobody has proven', () => {
  const fresh: TokenClaims = { uid: 'uid-fresh', email: 'fresh@example.test', name: 'Fresh', emailVerified: false };

  it('holds one open order; the next is 409 verify_to_order_more, accepted once the e-mail is verified', async () => {
    const body = await orderBody(t, fresh, 1);
    expect((await post(tokenOf(fresh), body)).status).toBe(201);
    const second = await post(tokenOf(fresh), body);
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ error: { code: 'verify_to_order_more', details: { limit: 1 } } });
    // The link followed: the next ID token says email_verified, and the account's limit is the shop's.
    const verified = { ...fresh, emailVerified: true };
    expect((await post(tokenOf(verified), body)).status).toBe(201);
    expect((await post(tokenOf(verified), body)).status).toBe(201);
    expect((await post(tokenOf(verified), body)).status).toBe(409);
  });

  it('is proven by a phone sign-in: the shop’s limit of open orders', async () => {
    const phoneUser: TokenClaims = { uid: 'uid-phone', email: '', emailVerified: false };
    const token = tokenOf(phoneUser, {
      email: undefined,
      phone_number: '+8801711000000',
      firebase: { identities: { phone: ['+8801711000000'] }, sign_in_provider: 'phone' },
    });
    const body = await orderBody(t, phoneUser, 1);
    for (let i = 0; i < 3; i += 1) expect((await post(token, body)).status).toBe(201);
    expect(await (await post(token, body)).json()).toMatchObject({ error: { code: 'too_many_open_orders' } });
  });
});

describe(`at most ${MAX_UNITS} units of a counted product on an account's open orders`, () => {
  it('refuses 21 at once, then what passes the limit across orders, naming what may still be added', async () => {
    const [counted, loose] = await listProducts(t.db);
    if (!counted || !loose) throw new Error('seed changed');
    await t.db.execute({ sql: 'UPDATE products SET stock = 1000 WHERE id = ?', args: [counted._id] });
    const order = async (units: number) =>
      post(tokenOf(customerA), {
        ...(await orderBody(t, customerA, 0)),
        orderedProduct: [
          { _id: counted._id, cartQuantity: units },
          { _id: loose._id, cartQuantity: 30 },
        ],
      });

    const tooMany = await order(MAX_UNITS + 1);
    expect(tooMany.status).toBe(409);
    expect(await tooMany.json()).toMatchObject({
      error: {
        code: 'too_many_units',
        details: {
          max: MAX_UNITS,
          fields: { 'orderedProduct.0.cartQuantity': [expect.any(String)] },
          products: [{ _id: counted._id, name: counted.name, mayAdd: MAX_UNITS }],
        },
      },
    });
    expect((await order(15)).status).toBe(201);
    const past = await order(6);
    expect(await past.json()).toMatchObject({
      error: { code: 'too_many_units', details: { products: [{ _id: counted._id, mayAdd: 5 }] } },
    });
    // Products not counted (30 kg of the loose one twice) are not limited; what is left fits.
    expect((await order(5)).status).toBe(201);
    const { rows } = await t.db.execute({ sql: 'SELECT stock FROM products WHERE id = ?', args: [counted._id] });
    expect(Number(rows[0]?.stock)).toBe(1000 - 20);
  });

  it('holds the limit against concurrent orders', async () => {
    const [counted] = await listProducts(t.db);
    if (!counted) throw new Error('seed changed');
    await t.db.execute({ sql: 'UPDATE products SET stock = 1000 WHERE id = ?', args: [counted._id] });
    const body = { ...(await orderBody(t, customerA, 0)), orderedProduct: [{ _id: counted._id, cartQuantity: 8 }] };
    const answers = await Promise.all(Array.from({ length: 3 }, () => post(tokenOf(customerA), body)));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 409]);
  });
});

describe('a cancelled order gives its slot place back', () => {
  const remaining = async (slot: string) =>
    ((await (await t.call('GET', '/api/delivery-slots')).json()) as DeliverySlotOffer[]).find((s) => s.id === slot)
      ?.remaining;

  it('paid and cancelled (kept as Cancelled, refunded): the place is free again', async () => {
    const placed = await post(tokenOf(customerA), { ...(await orderBody(t, customerA, 1)), paymentMethod: 'card' });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;
    const slot = order.deliverySlot?.id;
    if (!slot) throw new Error('no slot offered');
    expect(await remaining(slot)).toBe(1);
    expect(await settlePayment(t.db, { orderId: order._id, method: 'card', paymentRef: 'wallet-1' })).toBe('paid');
    const cancelled = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(await cancelled.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(await remaining(slot)).toBe(2);
    // And the next order may take it: two more fit in the slot of capacity 2.
    for (let i = 0; i < 2; i += 1) {
      const next = (await (
        await post(tokenOf(customerA), { ...(await orderBody(t, customerA, 1)), deliverySlot: slot })
      ).json()) as Order;
      expect(next.deliverySlot?.id).toBe(slot);
    }
  });
});
