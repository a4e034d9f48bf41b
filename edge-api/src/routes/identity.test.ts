/**
 * Identity is the account, not the e-mail (DESIGN.md §3): admin rights need a verified e-mail,
 * and an order is read, cancelled and paid by the account that placed it — a new account that
 * registers the e-mail of an older one inherits none of its orders, profile or admin flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { orderSchema, type Order } from '../contract/order';
import { createStripe } from '../payments/stripe';
import { admin, createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken, type TokenClaims } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'owner@tazahaat.test' });
});
afterAll(() => t.cleanup());

/** A request to `app` (default: the test app) as `user`. */
function as(user: TokenClaims, method: string, path: string, body?: unknown, app = t.app) {
  return app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${emulatorToken(user, t.config.firebaseProjectId)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

const listedEmail: TokenClaims = { uid: 'uid-squatter', email: 'owner@tazahaat.test', emailVerified: false };
const unverifiedAdmin: TokenClaims = { ...admin, emailVerified: false };

describe('admin rights need a verified e-mail', () => {
  it('answers 403 to GET /orders for an ADMIN_EMAILS address whose token says email_verified: false', async () => {
    const res = await as(listedEmail, 'GET', '/api/orders');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await as({ ...listedEmail, emailVerified: true }, 'GET', '/api/orders')).status).toBe(200);
  });

  it('refuses every admin route to a marked admin (users.admin) whose e-mail is not verified', async () => {
    const order = orderSchema.parse(
      await (await as(customerA, 'POST', '/api/orders', await orderBody(t, customerA))).json(),
    );
    for (const [method, path, body] of [
      ['GET', '/api/orders', undefined],
      ['GET', `/api/orders?email=${customerA.email}`, undefined],
      ['GET', `/api/orders/${order._id}`, undefined],
      ['PUT', `/api/orders/update/${order._id}`, { orderStatus: 'Approved' }],
      ['DELETE', `/api/orders/${order._id}`, undefined],
      ['PUT', '/api/users/admin', { email: customerA.email }],
      ['GET', `/api/users/${customerA.email}`, undefined],
    ] as const) {
      const res = await as(unverifiedAdmin, method, path, body);
      expect([403, 404], `${method} ${path}`).toContain(res.status);
    }
    // Nothing changed: the order is still Pending and there.
    const kept = await as(customerA, 'GET', `/api/orders/${order._id}`);
    expect(await kept.json()).toMatchObject({ _id: order._id, orderStatus: 'Pending' });
  });

  it('answers GET /users/:email with the effective flag: false until the e-mail is verified', async () => {
    for (const [user, flag] of [
      [listedEmail, false],
      [{ ...listedEmail, emailVerified: true }, true],
      [unverifiedAdmin, false],
      [admin, true],
    ] as const) {
      const res = await as(user, 'GET', `/api/users/${user.email}`);
      expect(await res.json(), `${user.email} verified ${String(user.emailVerified)}`).toMatchObject({ admin: flag });
    }
  });
});

describe('a new account with an older account’s e-mail', () => {
  const oldAccount: TokenClaims = { uid: 'uid-deleted', email: 'recycled@example.test', name: 'Old Owner' };
  const newAccount: TokenClaims = { uid: 'uid-newcomer', email: 'recycled@example.test', name: 'Newcomer' };
  let order: Order;
  let stripeApp: ReturnType<typeof createApp>;
  beforeAll(async () => {
    await as(oldAccount, 'PUT', '/api/users', { email: oldAccount.email, displayName: 'Old Owner Saved' });
    order = orderSchema.parse(
      await (await as(oldAccount, 'POST', '/api/orders', await orderBody(t, oldAccount))).json(),
    );
    // Stripe is never reached: the owner check refuses first (port 9 has no server).
    stripeApp = createApp({
      db: t.db,
      config: t.config,
      stripe: createStripe('sk_test_identity', { host: '127.0.0.1', port: 9, protocol: 'http' }),
    });
  });

  it('lists none of its orders under ?email=, verified or not', async () => {
    for (const user of [newAccount, { ...newAccount, emailVerified: false }]) {
      const res = await as(user, 'GET', `/api/orders?email=${newAccount.email}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([]);
    }
    // The account that placed it still sees it.
    const mine = (await (await as(oldAccount, 'GET', `/api/orders?email=${oldAccount.email}`)).json()) as Order[];
    expect(mine.map((o) => o._id)).toEqual([order._id]);
  });

  it('cannot read, cancel or pay its order: each answered as a missing order', async () => {
    for (const res of [
      await as(newAccount, 'GET', `/api/orders/${order._id}`),
      await as(newAccount, 'DELETE', `/api/orders/${order._id}`),
      await as(newAccount, 'POST', '/api/checkout', { orderId: order._id }, stripeApp),
    ]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await as(oldAccount, 'GET', `/api/orders/${order._id}`)).status).toBe(200);
  });

  it('does not see the older account’s saved name, and saving its own takes the profile over without an admin flag', async () => {
    expect(await (await as(newAccount, 'GET', `/api/users/${newAccount.email}`)).json()).toEqual({
      email: newAccount.email,
      displayName: 'Newcomer',
      admin: false,
    });
    // An admin had granted the old account admin rights.
    await as(admin, 'PUT', '/api/users/admin', { email: oldAccount.email });
    expect(await (await as(oldAccount, 'GET', `/api/users/${oldAccount.email}`)).json()).toMatchObject({ admin: true });
    expect((await as(newAccount, 'GET', '/api/orders')).status).toBe(403);
    await as(newAccount, 'PUT', '/api/users', { email: newAccount.email, displayName: 'Newcomer Saved' });
    expect(await (await as(newAccount, 'GET', `/api/users/${newAccount.email}`)).json()).toEqual({
      email: newAccount.email,
      displayName: 'Newcomer Saved',
      admin: false,
    });
    expect((await as(newAccount, 'GET', '/api/orders')).status).toBe(403);
  });
});

describe('my orders', () => {
  it('lists the orders this account placed under ?email= of its own e-mail, also before it is verified', async () => {
    const fresh: TokenClaims = { uid: 'uid-fresh', email: 'fresh@example.test', name: 'Fresh', emailVerified: false };
    const placed = orderSchema.parse(await (await as(fresh, 'POST', '/api/orders', await orderBody(t, fresh))).json());
    const res = await as(fresh, 'GET', `/api/orders?email=${fresh.email}`);
    expect(((await res.json()) as Order[]).map((o) => o._id)).toEqual([placed._id]);
    // Another e-mail is not theirs to list.
    expect((await as(fresh, 'GET', `/api/orders?email=${customerA.email}`)).status).toBe(403);
  });

  it('pages them by uid with a next link that names the e-mail, not the uid', async () => {
    const pager: TokenClaims = { uid: 'uid-pager', email: 'pager@example.test', name: 'Pager' };
    for (let i = 0; i < 3; i += 1) await as(pager, 'POST', '/api/orders', await orderBody(t, pager));
    const res = await as(pager, 'GET', `/api/orders?email=${pager.email}&limit=2`);
    const link = res.headers.get('Link') ?? '';
    expect(link).toContain(`email=${encodeURIComponent(pager.email)}`);
    expect(link).not.toContain('uid-pager');
    const next = /<([^>]+)>/.exec(link)?.[1] ?? '';
    const second = (await (await as(pager, 'GET', next)).json()) as Order[];
    expect(second).toHaveLength(1);
  });
});
