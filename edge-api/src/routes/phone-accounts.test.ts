/**
 * Accounts signed in with a phone number (DESIGN.md §3): their token has `phone_number` and no
 * `email`; they order with an empty e-mail, are never admins, and read their own orders, like
 * every account, from `GET /users/me/orders` (by uid, paged like `GET /orders`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import { createTestApp, customerA, customerB, orderBody, type TestApp } from '../testing/test-app';
import { emulatorToken, type TokenClaims } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  // The phone account's number is in ADMIN_EMAILS' place too: it still must not make an admin.
  t = await createTestApp({ ADMIN_EMAILS: 'owner@tazahaat.test' });
});
afterAll(() => t.cleanup());

const PHONE = '+8801711223344';
const phoneUser: TokenClaims = { uid: 'uid-phone-shopper', email: '' };

/** An emulator token as Firebase issues it for a phone sign-in: `phone_number`, no `email`. */
const phoneToken = (uid = phoneUser.uid, phone = PHONE) =>
  emulatorToken({ uid, email: '' }, t.config.firebaseProjectId, {
    email: undefined,
    email_verified: undefined,
    phone_number: phone,
    firebase: { identities: { phone: [phone] }, sign_in_provider: 'phone' },
  });

function send(token: string, method: string, path: string, body?: unknown) {
  return t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}
const asA = (method: string, path: string, body?: unknown) =>
  send(emulatorToken(customerA, t.config.firebaseProjectId), method, path, body);

async function placePhoneOrder(token = phoneToken(), email: string | undefined = ''): Promise<Order> {
  const body = { ...(await orderBody(t, phoneUser)), email };
  const res = await send(token, 'POST', '/api/orders', body);
  expect(res.status, await res.clone().text()).toBe(201);
  return orderSchema.parse(await res.json());
}

describe('a phone-number account', () => {
  it('is signed in by a token with phone_number and no email, and refused with neither', async () => {
    expect((await send(phoneToken(), 'GET', '/api/users/me/orders')).status).toBe(200);
    const neither = emulatorToken({ uid: 'uid-nobody', email: '' }, t.config.firebaseProjectId, { email: undefined });
    expect((await send(neither, 'GET', '/api/users/me/orders')).status).toBe(401);
    const badPhone = emulatorToken({ uid: 'uid-nobody', email: '' }, t.config.firebaseProjectId, {
      email: undefined,
      phone_number: '01711223344',
    });
    expect((await send(badPhone, 'GET', '/api/users/me/orders')).status).toBe(401);
  });

  it('places an order with an empty e-mail, or none, and the order stores email ""', async () => {
    const order = await placePhoneOrder();
    expect(order.email).toBe('');
    expect((await placePhoneOrder(phoneToken(), undefined)).email).toBe('');
    const read = await send(phoneToken(), 'GET', `/api/orders/${order._id}`);
    expect(await read.json()).toMatchObject({ _id: order._id, email: '' });
  });

  it("may not put someone's e-mail on its order (403 on the email field)", async () => {
    const body = { ...(await orderBody(t, phoneUser)), email: customerA.email };
    const res = await send(phoneToken(), 'POST', '/api/orders', body);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: { code: 'forbidden', details: { fields: { email: [expect.any(String)] } } },
    });
  });

  it('leaves the e-mail required for an account that has one', async () => {
    const body = { ...(await orderBody(t, customerA)), email: '' };
    expect((await asA('POST', '/api/orders', body)).status).toBe(403);
    const malformed = { ...(await orderBody(t, customerA)), email: 'not-an-address' };
    const res = await asA('POST', '/api/orders', malformed);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { details: { fields: { email: [expect.any(String)] } } } });
  });

  it('is never an admin, whatever its token claims about an e-mail', async () => {
    const claimsVerified = emulatorToken({ uid: 'uid-phone-2', email: '' }, t.config.firebaseProjectId, {
      email: undefined,
      email_verified: true,
      phone_number: '+8801811223344',
    });
    expect((await send(claimsVerified, 'GET', '/api/orders')).status).toBe(403);
    expect((await send(phoneToken(), 'PUT', '/api/users/admin', { email: customerB.email })).status).toBe(403);
  });

  it('sees no orders of e-mail-less accounts but its own in GET /users/me/orders', async () => {
    const other = await placePhoneOrder(phoneToken('uid-phone-other', '+8801911223344'));
    const mine = await placePhoneOrder();
    const res = await send(phoneToken(), 'GET', '/api/users/me/orders');
    const ids = ((await res.json()) as Order[]).map((o) => o._id);
    expect(ids).toContain(mine._id);
    expect(ids).not.toContain(other._id);
  });
});

describe('GET /users/me/orders', () => {
  it("answers the account's own orders by uid, newest first, paged with Link rel=next", async () => {
    const placed: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await asA('POST', '/api/orders', await orderBody(t, customerA));
      placed.push(((await res.json()) as Order)._id);
    }
    const seen: string[] = [];
    let path: string | undefined = '/api/users/me/orders?limit=2';
    while (path) {
      const res = await asA('GET', path);
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
      const page = (await res.json()) as Order[];
      expect(page.length).toBeLessThanOrEqual(2);
      expect(page.every((o) => o.email === customerA.email)).toBe(true);
      seen.push(...page.map((o) => o._id));
      path = /<([^>]+)>; rel="next"/.exec(res.headers.get('Link') ?? '')?.[1];
      if (path) expect(path).toMatch(/^\/api\/users\/me\/orders\?/);
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of placed) expect(seen).toContain(id);
    // Customer B's list holds none of them.
    const b = await send(emulatorToken(customerB, t.config.firebaseProjectId), 'GET', '/api/users/me/orders');
    const bIds = ((await b.json()) as Order[]).map((o) => o._id);
    for (const id of placed) expect(bIds).not.toContain(id);
  });

  it('answers 304 to a current ETag, 400 to a cursor it did not give and to a bad limit', async () => {
    const first = await asA('GET', '/api/users/me/orders');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).not.toBe('');
    const again = await t.app.request('/api/users/me/orders', {
      headers: {
        Authorization: `Bearer ${emulatorToken(customerA, t.config.firebaseProjectId)}`,
        'If-None-Match': etag,
      },
    });
    expect(again.status).toBe(304);
    const badCursor = await asA('GET', '/api/users/me/orders?cursor=nonsense');
    expect(badCursor.status).toBe(400);
    expect(await badCursor.json()).toMatchObject({ error: { details: { fields: { cursor: [expect.any(String)] } } } });
    expect((await asA('GET', '/api/users/me/orders?limit=0')).status).toBe(400);
  });

  it('is 401 without a token', async () => {
    expect((await t.app.request('/api/users/me/orders')).status).toBe(401);
  });
});
