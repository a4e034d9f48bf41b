/**
 * The authorization matrix of DESIGN.md §3: every route × {anonymous, customer A, customer B,
 * admin} → expected status, from one table. A route the app serves without a row here fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../db/cursor';
import { insertReviewStatement } from '../db/reviews';
import { admin, createTestApp, customerA, customerB, orderBody, type Role, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const roles: Role[] = ['anonymous', 'customerA', 'customerB', 'admin'];
const emailOf = (role: Role) =>
  ({ anonymous: 'nobody@example.test', customerA: customerA.email, customerB: customerB.email, admin: admin.email })[
    role
  ];
const userOf = (role: Role) => ({ anonymous: customerA, customerA, customerB, admin })[role];

/** Fixtures made fresh for each request, so one role's write never changes another's case. */
async function newProduct(): Promise<string> {
  const res = await t.call('POST', '/api/products', {
    role: 'admin',
    body: { name: 'Test Okra (Dherosh)', price: 60, image: '/products/okra.webp', category: 'vegetable' },
  });
  return ((await res.json()) as { _id: string })._id;
}
async function newOrderOfA(): Promise<string> {
  const res = await t.call('POST', '/api/orders', {
    role: 'customerA',
    body: await orderBody(t, customerA),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  return ((await res.json()) as { _id: string })._id;
}

/** A review by customer A, stored directly (posting it would count towards A's reviews a day). */
async function newReviewOfA(): Promise<string> {
  const review = {
    _id: crypto.randomUUID(),
    name: 'Asha',
    review: 'Fresh!',
    rating: 5,
    customerImage: null,
    createdAt: new Date().toISOString(),
  };
  await t.db.execute(insertReviewStatement(review, customerA.uid, customerA.email));
  return review._id;
}

type Case = {
  route: string; // "METHOD /api/path" exactly as registered
  name?: string;
  request: (role: Role) => Promise<{ path: string; body?: unknown; headers?: Record<string, string> }>;
  expect: Record<Role, number>;
};

const all = (status: number): Record<Role, number> => ({
  anonymous: status,
  customerA: status,
  customerB: status,
  admin: status,
});
const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });

const matrix: Case[] = [
  { route: 'GET /api/health', request: async () => ({ path: '/api/health' }), expect: all(200) },
  { route: 'GET /api/products', request: async () => ({ path: '/api/products' }), expect: all(200) },
  {
    route: 'POST /api/products',
    request: async () => ({
      path: '/api/products',
      body: { name: 'Okra', price: '55.5', image: 'https://example.test/okra.webp', category: 'vegetable' },
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    route: 'PUT /api/products/update/:id',
    request: async () => ({ path: `/api/products/update/${await newProduct()}`, body: { price: 65 } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PATCH /api/products/:id/stock',
    request: async () => ({ path: `/api/products/${await newProduct()}/stock`, body: { delta: 3 } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/products/:id',
    request: async () => ({ path: `/api/products/${await newProduct()}` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders',
    name: 'all orders',
    request: async () => ({ path: '/api/orders' }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders',
    name: 'the queue filtered and searched',
    request: async () => ({
      path: '/api/orders?status=Pending&slot=2026-11-22T09%3A00%3A00%2B06%3A00&q=asha&limit=10',
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders',
    name: "customer A's orders, a later page",
    request: async () => ({
      path: `/api/orders?email=${encodeURIComponent(customerA.email)}&limit=1&cursor=${encodeCursor({ createdAt: Date.now(), id: 'z' })}`,
    }),
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders',
    name: "customer A's orders",
    request: async () => ({ path: `/api/orders?email=${encodeURIComponent(customerA.email)}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/orders/:id',
    name: "customer A's order",
    request: async () => ({ path: `/api/orders/${await newOrderOfA()}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    route: 'POST /api/orders',
    name: 'with own e-mail',
    request: async (role) => ({ path: '/api/orders', body: await orderBody(t, userOf(role)), headers: key() }),
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    route: 'POST /api/orders',
    name: "with customer A's e-mail",
    request: async () => ({ path: '/api/orders', body: await orderBody(t, customerA), headers: key() }),
    expect: { anonymous: 401, customerA: 201, customerB: 403, admin: 403 },
  },
  {
    route: 'PUT /api/orders/update/:id',
    request: async () => ({ path: `/api/orders/update/${await newOrderOfA()}`, body: { orderStatus: 'Approved' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/orders/:id/packing',
    name: "customer A's Approved order, packed as ordered",
    request: async () => {
      const id = await newOrderOfA();
      await t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus: 'Approved' } });
      const order = (await (await t.call('GET', `/api/orders/${id}`, { role: 'admin' })).json()) as {
        orderedProduct: Array<{ _id: string }>;
      };
      const lines = order.orderedProduct.map((line) => ({ _id: line._id, found: true }));
      return { path: `/api/orders/${id}/packing`, body: { lines }, headers: key() };
    },
    // Only the shop packs (DESIGN.md §17); the owner may not pack their own order.
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/orders/:id',
    request: async () => ({ path: `/api/orders/${await newOrderOfA()}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 200 },
  },
  {
    route: 'PUT /api/orders/:id/payment-method',
    name: "customer A's unpaid bKash order",
    request: async () => {
      // bKash is not configured here: A's order is made a bKash one in the database.
      const id = await newOrderOfA();
      await t.db.execute({ sql: "UPDATE orders SET payment_method = 'bkash' WHERE id = ?", args: [id] });
      return { path: `/api/orders/${id}/payment-method`, body: { paymentMethod: 'cod' } };
    },
    // Only the owner: the admin does not choose how a customer pays.
    expect: { anonymous: 401, customerA: 200, customerB: 404, admin: 404 },
  },
  { route: 'GET /api/reviews', request: async () => ({ path: '/api/reviews' }), expect: all(200) },
  {
    route: 'POST /api/reviews',
    request: async () => ({ path: '/api/reviews', body: { review: 'Fresh and cheap!', rating: 4.5 }, headers: key() }),
    expect: { anonymous: 401, customerA: 201, customerB: 201, admin: 201 },
  },
  {
    route: 'DELETE /api/reviews/:id',
    request: async () => ({ path: `/api/reviews/${await newReviewOfA()}` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/users',
    request: async (role) => ({ path: '/api/users', body: { email: emailOf(role), displayName: 'Someone' } }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'POST /api/users',
    request: async () => ({ path: '/api/users', body: { email: customerA.email, displayName: 'Asha' } }),
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 403 },
  },
  {
    route: 'GET /api/users/:email',
    request: async () => ({ path: `/api/users/${encodeURIComponent(customerA.email)}` }),
    expect: { anonymous: 401, customerA: 200, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/users/me',
    request: async () => ({ path: '/api/users/me' }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'PUT /api/users/me',
    request: async () => ({ path: '/api/users/me', body: { phone: '01711-223344' } }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/users/me/orders',
    request: async () => ({ path: '/api/users/me/orders' }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  // Riders (DESIGN.md §18), before customer B is made an admin. None of these roles is a rider:
  // the rider's own routes refuse them all; routes/riders.test.ts covers riders.
  {
    route: 'PUT /api/users/rider',
    request: async () => ({ path: '/api/users/rider', body: { email: customerA.email } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'DELETE /api/users/rider',
    request: async () => ({ path: '/api/users/rider', body: { email: customerA.email } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/riders',
    request: async () => ({ path: '/api/riders' }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'GET /api/rider/run',
    request: async () => ({ path: '/api/rider/run' }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 403 },
  },
  {
    route: 'POST /api/rider/run/start',
    request: async () => ({ path: '/api/rider/run/start' }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 403 },
  },
  {
    route: 'PUT /api/orders/:id/rider',
    name: "customer A's Approved order to a rider",
    request: async () => {
      await t.db.execute(
        `INSERT OR IGNORE INTO accounts (uid, phone_number, display_name, rider, seen_at)
         VALUES ('uid-matrix-rider', '+8801811000009', 'Matrix Rider', 1, 0)`,
      );
      const id = await newOrderOfA();
      await t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus: 'Approved' } });
      return { path: `/api/orders/${id}/rider`, body: { riderUid: 'uid-matrix-rider' } };
    },
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'POST /api/orders/:id/delivered',
    name: "customer A's Pending order: not out for delivery",
    request: async () => ({ path: `/api/orders/${await newOrderOfA()}/delivered`, body: { code: '1234' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 409 },
  },
  {
    route: 'POST /api/orders/:id/attempt',
    name: "customer A's Pending order: not out for delivery",
    request: async () => ({ path: `/api/orders/${await newOrderOfA()}/attempt`, body: { reason: 'no_answer' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 409 },
  },
  // The reports (DESIGN.md §12): admins only (before customer B is made one, below).
  ...[
    '/cash?date=2026-11-24',
    '/sales',
    '/purchase-list?date=2026-11-24',
    '/slots?date=2026-11-24',
    '/orders.csv?from=2026-11-24&to=2026-11-24',
  ].map((path) => ({
    route: `GET /api/reports/${path.slice(1).split('?')[0] ?? ''}`,
    request: async () => ({ path: `/api/reports${path}` }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  })),
  // Before customer B is made an admin (PUT /api/users/admin below).
  { route: 'GET /api/delivery-areas', request: async () => ({ path: '/api/delivery-areas' }), expect: all(200) },
  {
    route: 'GET /api/delivery-areas',
    name: 'every area, inactive ones too',
    request: async () => ({ path: '/api/delivery-areas?all=1' }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'POST /api/delivery-areas',
    request: async () => ({
      path: '/api/delivery-areas',
      body: { name: 'Mirpur 12', nameBn: 'মিরপুর ১২', thana: 'Pallabi' },
    }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 201 },
  },
  {
    route: 'PUT /api/delivery-areas/:id',
    request: async () => ({ path: '/api/delivery-areas/wari', body: { fee: 50 } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  {
    route: 'PUT /api/users/admin',
    request: async () => ({ path: '/api/users/admin', body: { email: customerB.email } }),
    expect: { anonymous: 401, customerA: 403, customerB: 403, admin: 200 },
  },
  // Without Stripe keys (this app), card payment is switched off: 404; payments/stripe.test.ts covers it with keys.
  {
    route: 'POST /api/checkout',
    request: async () => ({ path: '/api/checkout', body: { orderId: 'any' } }),
    expect: { anonymous: 401, customerA: 404, customerB: 404, admin: 404 },
  },
  {
    route: 'POST /api/stripe/webhook',
    request: async () => ({ path: '/api/stripe/webhook', body: {} }),
    expect: all(404),
  },
  // Without bKash settings (this app) bKash is switched off: 404; payments/bkash.test.ts covers it against the stand-in.
  { route: 'GET /api/payments/methods', request: async () => ({ path: '/api/payments/methods' }), expect: all(200) },
  {
    route: 'POST /api/payments/bkash',
    request: async () => ({ path: '/api/payments/bkash', body: { orderId: await newOrderOfA() } }),
    expect: { anonymous: 401, customerA: 404, customerB: 404, admin: 404 },
  },
  {
    route: 'GET /api/payments/bkash/callback',
    request: async () => ({ path: '/api/payments/bkash/callback?paymentID=TR0011x&status=success' }),
    expect: all(303),
  },
  {
    route: 'POST /api/payments/bkash/callback',
    request: async () => ({
      path: '/api/payments/bkash/callback',
      body: { paymentID: 'TR0011x', status: 'success', state: 'some-state' },
    }),
    expect: all(404),
  },
  { route: 'GET /api/openapi.json', request: async () => ({ path: '/api/openapi.json' }), expect: all(200) },
  // Without VAPID keys (this app), push is switched off for everyone: 404; routes/push.test.ts covers it with keys.
  { route: 'GET /api/push/public-key', request: async () => ({ path: '/api/push/public-key' }), expect: all(404) },
  {
    route: 'POST /api/push/subscriptions',
    request: async () => ({ path: '/api/push/subscriptions', body: {} }),
    expect: all(404),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    request: async () => ({ path: '/api/push/subscriptions', body: {} }),
    expect: all(404),
  },
  { route: 'GET /api/delivery-slots', request: async () => ({ path: '/api/delivery-slots' }), expect: all(200) },
  // Problems after delivery (DESIGN.md §19); routes/problems*.test.ts cover what each answers.
  {
    route: 'POST /api/problem-photos',
    name: 'a JSON body is no photo',
    request: async () => ({ path: '/api/problem-photos', body: {} }),
    expect: { anonymous: 401, customerA: 415, customerB: 415, admin: 415 },
  },
  {
    route: 'GET /api/problem-photos/:id',
    request: async () => ({ path: `/api/problem-photos/${crypto.randomUUID()}` }),
    // Customer B is an admin by now (PUT /api/users/admin above).
    expect: { anonymous: 401, customerA: 403, customerB: 404, admin: 404 },
  },
  {
    route: 'POST /api/orders/:id/problems',
    name: "customer A's order, not delivered yet",
    request: async () => ({
      path: `/api/orders/${await newOrderOfA()}/problems`,
      body: { lines: [{ _id: 'any', reason: 'spoiled', quantity: 1 }] },
      headers: key(),
    }),
    expect: { anonymous: 401, customerA: 409, customerB: 404, admin: 404 },
  },
  {
    route: 'GET /api/users/me/problems',
    request: async () => ({ path: '/api/users/me/problems' }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/users/me/credit',
    request: async () => ({ path: '/api/users/me/credit' }),
    expect: { anonymous: 401, customerA: 200, customerB: 200, admin: 200 },
  },
  {
    route: 'GET /api/problems',
    request: async () => ({ path: '/api/problems?status=open' }),
    expect: { anonymous: 401, customerA: 403, customerB: 200, admin: 200 },
  },
  {
    route: 'PUT /api/problems/:id',
    request: async () => ({ path: `/api/problems/${crypto.randomUUID()}`, body: { decision: 'credit' } }),
    expect: { anonymous: 401, customerA: 403, customerB: 404, admin: 404 },
  },
  { route: 'ALL /api/*', name: 'unknown path', request: async () => ({ path: '/api/nope' }), expect: all(404) },
];

describe('authorization matrix', () => {
  it('has a row for every route the API serves', () => {
    const served = new Set(
      t.app.routes.filter((r) => r.method !== 'ALL' || r.path === '/api/*').map((r) => `${r.method} ${r.path}`),
    );
    // Middleware (.use) also shows up as "ALL /api/*"; the catch-all 404 is that same pattern.
    expect([...served].sort()).toEqual([...new Set(matrix.map((c) => c.route))].sort());
  });

  const cases = matrix.flatMap((c) =>
    roles.map((role) => ({ ...c, role, label: `${c.route}${c.name ? ` (${c.name})` : ''} as ${role}` })),
  );
  it.each(cases)('$label → $expect.$role', async (c) => {
    const { path, body, headers } = await c.request(c.role);
    const method = c.route.split(' ')[0] === 'ALL' ? 'GET' : (c.route.split(' ')[0] as string);
    const res = await t.call(method, path, { role: c.role, body, headers });
    expect(res.status, await res.clone().text()).toBe(c.expect[c.role]);
  });
});
