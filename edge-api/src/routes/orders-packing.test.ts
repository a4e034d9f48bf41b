/**
 * Packing an order (DESIGN.md §17): `PUT /api/orders/:id/packing` on a real libSQL file through
 * the real app — the final bill at the tolerance edges, every refusal naming its line with nothing
 * changed, stock given back and taken, Approved → Out for delivery packing as ordered, and the
 * partial refund of a prepaid order through the bKash stand-in (scripts/bkash-standin.ts) and a
 * stand-in for Stripe's API on 127.0.0.1, made exactly once however the request is retried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBkashStandin, type BkashStandin } from '../../../scripts/bkash-standin';
import type { Product } from '../contract/catalogue';
import { orderSchema, type Order, type PackingInput } from '../contract/order';
import { insertProduct } from '../db/products';
import { REFUND_CLAIM_MS } from '../db/refunds';
import { paidCheckoutEvent, sendStripeWebhook } from '../testing/stripe-events';
import { startStripeStandin, type StripeStandin } from '../testing/stripe-standin';
import { createTestApp, customerA, logsOf, type Role, type TestApp } from '../testing/test-app';
import { orderInput } from '../testing/order-fixture';
import { insertPackingProducts } from '../testing/product-fixture';
import { approveOnStandin, bkashClientFor } from '../testing/bkash-standin-client';

const WEBHOOK_SECRET = 'whsec_test_packing';
let t: TestApp;
let standin: BkashStandin;
let stripeStandin: StripeStandin;

/** What the Stripe stand-in was asked to refund: the form and the idempotency key, per call. */
type StripeRefundCall = { key: string; form: URLSearchParams };
let stripeRefundCalls: StripeRefundCall[] = [];
/** The refunds it made, by idempotency key (a repeated key answers the same refund, as Stripe does). */
const stripeRefunds = new Map<string, { id: string; amount: number }>();
/** While set, Stripe answers 503 (its own outage: the outcome unknown to the shop). */
let stripeDown = false;

/** The catalogue of these tests: weighed, packed and counted products (DESIGN.md §4, §17). */
let pumpkin: Product; // 120 Tk/kg, ± 100 g a kilo, counted
let beans: Product; // 250 g packs at 55 Tk, ± 20 g a pack, not counted
let lemon: Product; // pieces at 10 Tk, counted
let gourd: Product; // a substitute: 100 Tk/kg, counted
let scarce: Product; // a substitute with 3 counted units
let gone: Product; // out of stock

beforeAll(async () => {
  standin = await startBkashStandin();
  stripeStandin = await startStripeStandin('sk_test_packing', (req, form, res) => {
    if (req.url !== '/v1/refunds') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not here' } }));
    }
    const key = String(req.headers['idempotency-key']);
    stripeRefundCalls.push({ key, form });
    if (stripeDown) {
      res.writeHead(503, { 'content-type': 'application/json', 'stripe-should-retry': 'false' });
      return res.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe stand-in is down' } }));
    }
    const refund = stripeRefunds.get(key) ?? {
      id: `re_test_${stripeRefunds.size + 1}`,
      amount: Number(form.get('amount')),
    };
    stripeRefunds.set(key, refund);
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${stripeRefundCalls.length}` });
    res.end(JSON.stringify({ object: 'refund', status: 'succeeded', currency: 'bdt', ...refund }));
  });
  const bkash = bkashClientFor(standin, { executeTimeoutMs: 400, queryTimeoutMs: 400 });
  t = await createTestApp(
    { ...standin.env, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { bkash, stripe: stripeStandin.stripe },
  );
  ({ pumpkin, beans, lemon, gourd } = await insertPackingProducts(t.db, 5000));
  const add = (fields: Parameters<typeof insertProduct>[1]) => insertProduct(t.db, fields);
  const image = '/products/potato.webp';
  scarce = await add({ name: 'Ash gourd', price: 80, image, category: 'vegetable', stock: 3 });
  gone = await add({ name: 'Gone gourd', price: 90, image, category: 'vegetable', inStock: false });
});
afterAll(async () => {
  t.cleanup();
  await standin.stop();
  await stripeStandin.close();
});

/**
 * Places customer A's order of 2 kg pumpkin (similar), 3 × 250 g beans (none) and 4 lemons
 * (similar, with a note), paid as `paymentMethod`. cartTotal 445 Tk → 80 Tk delivery; totalAmount
 * ceil(467.25) + 80 = 548; maxAmount ceil((264 + 179 + 40) × 1.05) + 80 = 588.
 */
async function placeOrder(paymentMethod: 'cod' | 'bkash' | 'card' = 'cod'): Promise<Order> {
  const res = await t.call('POST', '/api/orders', {
    role: 'customerA',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: orderInput({
      email: customerA.email,
      paymentMethod,
      orderedProduct: [
        { _id: pumpkin._id, cartQuantity: 2, substitution: 'similar' },
        { _id: beans._id, cartQuantity: 3 },
        { _id: lemon._id, cartQuantity: 4, substitution: 'similar', note: 'ripe ones' },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
}

const move = (id: string, orderStatus: string) =>
  t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus } });

/** An order of {@link placeOrder}, Approved. */
async function approvedOrder(paymentMethod: 'cod' | 'bkash' | 'card' = 'cod'): Promise<Order> {
  const order = await placeOrder(paymentMethod);
  expect((await move(order._id, 'Approved')).status).toBe(200);
  return order;
}

/** Pays `order` with bKash through the stand-in's page and the shop's callback. @returns bKash's paymentID. */
async function payWithBkash(order: Order): Promise<string> {
  const started = await t.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: order._id } });
  const paymentID = await approveOnStandin(t.app, started);
  expect((await read(order._id)).paymentStatus).toBe('paid');
  return paymentID;
}

/** Pays `order` by card: Stripe's signed webhook of a completed checkout of its maxAmount. */
async function payByCard(order: Order): Promise<string> {
  const paymentIntent = `pi_test_${order._id.slice(0, 8)}`;
  const event = paidCheckoutEvent({ orderId: order._id, totalAmount: order.maxAmount, paymentIntent });
  expect((await sendStripeWebhook(t.app, event, WEBHOOK_SECRET)).status).toBe(200);
  expect((await read(order._id)).paymentStatus).toBe('paid');
  return paymentIntent;
}

const read = async (id: string) =>
  orderSchema.parse(await (await t.call('GET', `/api/orders/${id}`, { role: 'admin' })).json());

const pack = (id: string, body: PackingInput | Record<string, unknown>, opts: { role?: Role; key?: string } = {}) =>
  t.call('PUT', `/api/orders/${id}/packing`, {
    role: opts.role ?? 'admin',
    body,
    headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
  });

const stockOf = async (product: Product) =>
  (await t.db.execute({ sql: 'SELECT stock FROM products WHERE id = ?', args: [product._id] })).rows[0]?.stock;

/** Every counted product's stock now. */
const stocks = async () => ({
  pumpkin: await stockOf(pumpkin),
  lemon: await stockOf(lemon),
  gourd: await stockOf(gourd),
});

/** All found: pumpkin at `pumpkinGrams`, beans at `beansGrams`. */
const allFound = (pumpkinGrams: number, beansGrams: number): PackingInput => ({
  lines: [
    { _id: pumpkin._id, found: true, packedGrams: pumpkinGrams },
    { _id: beans._id, found: true, packedGrams: beansGrams },
    { _id: lemon._id, found: true },
  ],
});

/**
 * Pumpkin found at 2 kg (240 Tk), beans not found (0), the lemons not found and 1 kg of bottle
 * gourd packed instead (100 Tk, capped at the lemons' 40): 280 Tk → ceil(294) + 80 = 374 Tk.
 */
const withSubstitute = (): PackingInput => ({
  lines: [
    { _id: pumpkin._id, found: true, packedGrams: 2000 },
    { _id: beans._id, found: false },
    { _id: lemon._id, found: false, substituteId: gourd._id, substituteQuantity: 1 },
  ],
});

describe('placing: the ceiling and the line choices (DESIGN.md §17)', () => {
  it('stores each line’s tolerance and choice and answers totalAmount 548 and maxAmount 588', async () => {
    const order = await placeOrder();
    expect(order).toMatchObject({ totalAmount: 548, maxAmount: 588, shipping: 80 });
    expect(order.finalAmount).toBeUndefined();
    expect(
      order.orderedProduct.map(({ weightTolerance, substitution, note }) => ({ weightTolerance, substitution, note })),
    ).toEqual([
      { weightTolerance: 100, substitution: 'similar', note: undefined },
      { weightTolerance: 20, substitution: 'none', note: undefined },
      { weightTolerance: null, substitution: 'similar', note: 'ripe ones' },
    ]);
    expect(await read(order._id)).toMatchObject({ maxAmount: 588, orderedProduct: order.orderedProduct });
  });

  it('reads an order stored before packing as maxAmount = totalAmount, tolerance null, substitution none', async () => {
    const order = await placeOrder();
    const oldLines = order.orderedProduct.map(({ weightTolerance: _w, substitution: _s, note: _n, ...line }) => line);
    await t.db.execute({
      sql: 'UPDATE orders SET max_amount = NULL, ordered_product = ? WHERE id = ?',
      args: [JSON.stringify(oldLines), order._id],
    });
    const old = await read(order._id);
    expect(old.maxAmount).toBe(548);
    expect(old.orderedProduct.every((line) => line.weightTolerance === null && line.substitution === 'none')).toBe(
      true,
    );
  });

  it('charges a bKash order its maxAmount', async () => {
    const order = await placeOrder('bkash');
    const paymentID = await payWithBkash(order);
    expect(standin.control.payment(paymentID)?.amount).toBe('588.00');
  });
});

describe('PUT /api/orders/:id/packing: the final bill (DESIGN.md §17)', () => {
  it.each([
    ['the bottom of both tolerances', 1800, 690, 216 + 151.8 + 40, 509],
    ['nominal weights', 2000, 750, 240 + 165 + 40, 548],
    ['the top of both tolerances: the ceiling itself', 2200, 810, 264 + 178.2 + 40, 587],
  ])('bills %s by the grams packed', async (_edge, pumpkinGrams, beansGrams, packedTotal, finalAmount) => {
    expect(Math.ceil(packedTotal * 1.05 - 1e-9) + 80).toBe(finalAmount);
    const order = await approvedOrder();
    const res = await pack(order._id, allFound(pumpkinGrams, beansGrams));
    expect(res.status).toBe(200);
    const packed = orderSchema.parse(await res.json());
    expect(packed).toMatchObject({ orderStatus: 'Packed', finalAmount, maxAmount: 588, totalAmount: 548 });
    expect(packed.refundedAmount).toBeUndefined(); // cash: nothing to refund
    expect(packed.packing?.lines).toEqual([
      { _id: pumpkin._id, found: true, packedGrams: pumpkinGrams, finalPrice: (120 * pumpkinGrams) / 1000 },
      {
        _id: beans._id,
        found: true,
        packedGrams: beansGrams,
        finalPrice: Math.round((16500 * beansGrams) / 750) / 100,
      },
      { _id: lemon._id, found: true, packedGrams: null, finalPrice: 40 },
    ]);
    expect(packed.statusHistory.map((change) => change.status)).toEqual(['Pending', 'Approved', 'Packed']);
    expect(await read(order._id)).toEqual(packed);
  });

  it('gives back the units not found, takes the substitute’s, and bills the substitute at most the line', async () => {
    const order = await approvedOrder();
    const before = await stocks();
    const res = await pack(order._id, withSubstitute());
    expect(res.status).toBe(200);
    const packed = orderSchema.parse(await res.json());
    expect(packed.finalAmount).toBe(374);
    expect(packed.packing?.lines[1]).toEqual({ _id: beans._id, found: false, packedGrams: null, finalPrice: 0 });
    expect(packed.packing?.lines[2]).toEqual({
      _id: lemon._id,
      found: false,
      packedGrams: null,
      finalPrice: 40,
      substitute: { _id: gourd._id, name: 'Bottle gourd', price: 100, unit: 'kg', unitSize: 1, quantity: 1 },
    });
    expect(await stocks()).toEqual({
      pumpkin: before.pumpkin,
      lemon: Number(before.lemon) + 4,
      gourd: Number(before.gourd) - 1,
    });
    // Cancelling the packed order gives back what was packed: the pumpkin and the gourd, not the lemons again.
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' })).status).toBe(200);
    expect(await stocks()).toEqual({
      pumpkin: Number(before.pumpkin) + 2,
      lemon: Number(before.lemon) + 4,
      gourd: before.gourd,
    });
  });

  it('refuses a second packing with 409 already_packed, changing nothing', async () => {
    const order = await approvedOrder();
    expect((await pack(order._id, allFound(2000, 750))).status).toBe(200);
    const first = await read(order._id);
    const res = await pack(order._id, allFound(1800, 690));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'already_packed' } });
    expect(await read(order._id)).toEqual(first);
  });

  it('answers a replay of the same Idempotency-Key with the same 200, packing once', async () => {
    const order = await approvedOrder();
    const key = crypto.randomUUID();
    const first = await pack(order._id, withSubstitute(), { key });
    expect(first.status).toBe(200);
    const afterFirst = await stocks();
    const again = await pack(order._id, withSubstitute(), { key });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await stocks()).toEqual(afterFirst);
    expect((await read(order._id)).statusHistory.filter((change) => change.status === 'Packed')).toHaveLength(1);
  });

  it('lets one of two packings at once win; the other is 409 already_packed', async () => {
    const order = await approvedOrder();
    const before = await stocks();
    const answers = await Promise.all([
      pack(order._id, withSubstitute(), { key: crypto.randomUUID() }),
      pack(order._id, withSubstitute(), { key: crypto.randomUUID() }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await stocks()).toEqual({ ...before, lemon: Number(before.lemon) + 4, gourd: Number(before.gourd) - 1 });
  });

  it('packs an Approved order moved straight to Out for delivery as ordered: all found, nominal grams, the estimate', async () => {
    const order = await approvedOrder();
    const before = await stocks();
    expect((await move(order._id, 'Out for delivery')).status).toBe(200);
    const moved = await read(order._id);
    expect(moved).toMatchObject({ orderStatus: 'Out for delivery', finalAmount: 548 });
    expect(moved.packing?.lines.map(({ found, packedGrams }) => ({ found, packedGrams }))).toEqual([
      { found: true, packedGrams: 2000 },
      { found: true, packedGrams: 750 },
      { found: true, packedGrams: null },
    ]);
    expect(moved.statusHistory.map((change) => change.status)).toEqual([
      'Pending',
      'Approved',
      'Packed',
      'Out for delivery',
    ]);
    expect(await stocks()).toEqual(before);
    // Packed is not a status update's step: only packing enters it.
    const order2 = await approvedOrder();
    expect((await move(order2._id, 'Packed')).status).toBe(409);
    // A Packed order goes on to Out for delivery as the next step.
    expect((await pack(order2._id, allFound(2000, 750))).status).toBe(200);
    expect((await move(order2._id, 'Out for delivery')).status).toBe(200);
    expect((await read(order2._id)).statusHistory.filter((change) => change.status === 'Packed')).toHaveLength(1);
  });
});

describe('PUT /api/orders/:id/packing: refusals name the line and change nothing', () => {
  const cases: Array<[string, () => PackingInput | Record<string, unknown>, number, Record<string, unknown>]> = [
    [
      'a line not in the order',
      () => ({ lines: [...allFound(2000, 750).lines, { _id: gourd._id, found: true }] }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<gourd>', reason: 'not_in_order' }] } },
    ],
    [
      'a line sent twice',
      () => ({ lines: [...allFound(2000, 750).lines, { _id: lemon._id, found: true }] }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'duplicate' }] } },
    ],
    [
      'a missing line',
      () => ({ lines: allFound(2000, 750).lines.slice(0, 2) }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'missing' }] } },
    ],
    [
      'a found weighed line without grams',
      () => ({ lines: [{ _id: pumpkin._id, found: true }, ...allFound(2000, 750).lines.slice(1)] }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<pumpkin>', reason: 'grams_required' }] } },
    ],
    [
      'grams 1 g below the tolerance',
      () => allFound(1799, 750),
      400,
      {
        code: 'packing_invalid',
        details: { lines: [{ _id: '<pumpkin>', reason: 'grams_out_of_range', min: 1800, max: 2200 }] },
      },
    ],
    [
      'grams 1 g above the tolerance',
      () => allFound(2000, 811),
      400,
      {
        code: 'packing_invalid',
        details: { lines: [{ _id: '<beans>', reason: 'grams_out_of_range', min: 690, max: 810 }] },
      },
    ],
    [
      'grams not a whole number',
      () => allFound(1900.5, 750),
      400,
      { code: 'validation_failed', details: { fields: { 'lines.0.packedGrams': ['Enter whole grams'] } } },
    ],
    [
      'grams on a line that is not weighed',
      () => ({ lines: [...allFound(2000, 750).lines.slice(0, 2), { _id: lemon._id, found: true, packedGrams: 400 }] }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'grams_not_weighed' }] } },
    ],
    [
      'a substitute on a line whose shopper chose none',
      () => ({
        lines: [
          allFound(2000, 750).lines[0],
          { _id: beans._id, found: false, substituteId: gourd._id, substituteQuantity: 1 },
          { _id: lemon._id, found: true },
        ],
      }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<beans>', reason: 'substitute_not_allowed' }] } },
    ],
    [
      'a substitute not in the catalogue',
      () => ({
        lines: [
          ...allFound(2000, 750).lines.slice(0, 2),
          { _id: lemon._id, found: false, substituteId: crypto.randomUUID(), substituteQuantity: 1 },
        ],
      }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'substitute_unknown' }] } },
    ],
    [
      'a substitute out of stock',
      () => ({
        lines: [
          ...allFound(2000, 750).lines.slice(0, 2),
          { _id: lemon._id, found: false, substituteId: gone._id, substituteQuantity: 1 },
        ],
      }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'substitute_unknown' }] } },
    ],
    [
      'a substitute without a quantity',
      () => ({
        lines: [...allFound(2000, 750).lines.slice(0, 2), { _id: lemon._id, found: false, substituteId: gourd._id }],
      }),
      400,
      { code: 'packing_invalid', details: { lines: [{ _id: '<lemon>', reason: 'substitute_quantity_required' }] } },
    ],
    [
      'a substitute with fewer counted units than packed',
      () => ({
        lines: [
          ...allFound(2000, 750).lines.slice(0, 2),
          { _id: lemon._id, found: false, substituteId: scarce._id, substituteQuantity: 4 },
        ],
      }),
      409,
      { code: 'out_of_stock', details: { products: [{ _id: '<scarce>', name: 'Ash gourd', available: 3 }] } },
    ],
  ];

  /** `expected` with the products' placeholders replaced by their ids. */
  const withIds = (expected: Record<string, unknown>) =>
    JSON.parse(
      JSON.stringify(expected)
        .replaceAll('<pumpkin>', pumpkin._id)
        .replaceAll('<beans>', beans._id)
        .replaceAll('<lemon>', lemon._id)
        .replaceAll('<gourd>', gourd._id)
        .replaceAll('<scarce>', scarce._id),
    ) as Record<string, unknown>;

  it.each(cases)('%s', async (_name, body, status, error) => {
    const order = await approvedOrder();
    const before = await stocks();
    const res = await pack(order._id, body(), { key: crypto.randomUUID() });
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({ error: withIds(error) });
    const after = await read(order._id);
    expect(after.orderStatus).toBe('Approved');
    expect(after.packing).toBeUndefined();
    expect(after.finalAmount).toBeUndefined();
    expect(await stocks()).toEqual(before);
  });

  it('refuses a shopper with 403 and an order not Approved with 409 invalid_transition, changing nothing', async () => {
    const order = await placeOrder();
    const forbidden = await pack(order._id, allFound(2000, 750), { role: 'customerA' });
    expect(forbidden.status).toBe(403);
    const pending = await pack(order._id, allFound(2000, 750));
    expect(pending.status).toBe(409);
    expect(await pending.json()).toMatchObject({
      error: { code: 'invalid_transition', details: { current: 'Pending', next: 'Approved' } },
    });
    expect(await read(order._id)).toMatchObject({ orderStatus: 'Pending' });
    expect((await read(order._id)).packing).toBeUndefined();
    expect((await pack(crypto.randomUUID(), allFound(2000, 750))).status).toBe(404);
  });
});

describe('the partial refund of a prepaid order (DESIGN.md §17, §14: once)', () => {
  it('bKash: refunds maxAmount − finalAmount (588 − 374 = 214 Tk) with refundAmount, once, even when the packing is retried', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    const key = crypto.randomUUID();
    const res = await pack(order._id, withSubstitute(), { key });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ finalAmount: 374, refundedAmount: 214, paymentStatus: 'paid' });
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual(['214.00']);
    // The outbox's retry and a second packing: no second refund.
    expect((await pack(order._id, withSubstitute(), { key })).status).toBe(200);
    expect((await pack(order._id, withSubstitute(), { key: crypto.randomUUID() })).status).toBe(409);
    expect(standin.control.payment(paymentID)?.refunds).toHaveLength(1);
    // Cancelling refunds what is left, never more than was charged: 588 in all.
    expect(await (await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' })).json()).toEqual({
      deletedCount: 0,
      cancelledCount: 1,
    });
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual([
      '214.00',
      '374.00',
    ]);
    expect(await read(order._id)).toMatchObject({
      orderStatus: 'Cancelled',
      paymentStatus: 'refunded',
      refundedAmount: 588,
    });
  });

  it('bKash: two packings at once refund once', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    const answers = await Promise.all([
      pack(order._id, withSubstitute(), { key: crypto.randomUUID() }),
      pack(order._id, withSubstitute(), { key: crypto.randomUUID() }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual(['214.00']);
    expect((await read(order._id)).refundedAmount).toBe(214);
  });

  it('bKash out of service: 503, the packing stands with its refund claimed; the outbox’s retry refunds once', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    const key = crypto.randomUUID();
    standin.control.setOutOfService(true);
    let failed;
    try {
      failed = await pack(order._id, withSubstitute(), { key });
    } finally {
      standin.control.setOutOfService(false);
    }
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
    const packed = await read(order._id);
    expect(packed).toMatchObject({ orderStatus: 'Packed', finalAmount: 374 });
    expect(packed.refundedAmount).toBeUndefined();
    expect(standin.control.payment(paymentID)?.refunds).toHaveLength(0);
    const retried = await pack(order._id, withSubstitute(), { key });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ finalAmount: 374, refundedAmount: 214 });
    expect((await pack(order._id, withSubstitute(), { key })).status).toBe(200);
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual(['214.00']);
  });

  it('bKash refunds but its answer is lost: the retry finds the refund made and records it, refunding once', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    const key = crypto.randomUUID();
    standin.control.stallNextRefund(1_500);
    const lost = await pack(order._id, withSubstitute(), { key });
    expect(lost.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(standin.control.payment(paymentID)?.refunds).toHaveLength(1);
    const retried = await pack(order._id, withSubstitute(), { key });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ refundedAmount: 214 });
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual(['214.00']);
  });

  it('a packing retried while another request holds its refund is told to ask again (503 busy, Retry-After), refunding nothing', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    const key = crypto.randomUUID();
    standin.control.setOutOfService(true);
    try {
      expect((await pack(order._id, withSubstitute(), { key })).status).toBe(503);
    } finally {
      standin.control.setOutOfService(false);
    }
    // Another request (another admin's retry) has just taken the refund over and is asking bKash.
    const holdClaim = (claimedMs: number) =>
      t.db.execute({
        sql: 'UPDATE refunds SET claimed_ms = ? WHERE id = ?',
        args: [claimedMs, `packing-${order._id}`],
      });
    await holdClaim(Date.now());
    const busy = await pack(order._id, withSubstitute(), { key });
    expect(busy.status).toBe(503);
    expect(busy.headers.get('Retry-After')).toBe('2');
    expect(await busy.json()).toMatchObject({ error: { code: 'busy', details: { operation: 'refund' } } });
    expect(standin.control.payment(paymentID)?.refunds).toHaveLength(0);
    // That request died: once its claim has expired the retry makes the refund, once.
    await holdClaim(Date.now() - REFUND_CLAIM_MS - 1);
    const retried = await pack(order._id, withSubstitute(), { key });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ finalAmount: 374, refundedAmount: 214 });
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual(['214.00']);
  });

  it('a cancel finishes a packing refund left unfinished first, then refunds the rest: 588 in all, once each', async () => {
    const order = await approvedOrder('bkash');
    const paymentID = await payWithBkash(order);
    standin.control.setOutOfService(true);
    try {
      expect((await pack(order._id, withSubstitute())).status).toBe(503);
    } finally {
      standin.control.setOutOfService(false);
    }
    expect((await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' })).status).toBe(200);
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual([
      '214.00',
      '374.00',
    ]);
    expect(await read(order._id)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 588 });
  });

  it('card: refunds 21,400 poisha at Stripe under the ledger id, once even when retried or sent twice at once', async () => {
    const order = await approvedOrder('card');
    const paymentIntent = await payByCard(order);
    stripeRefundCalls = [];
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      pack(order._id, withSubstitute(), { key }),
      pack(order._id, withSubstitute(), { key: crypto.randomUUID() }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect((await pack(order._id, withSubstitute(), { key })).status).toBe(first.status === 200 ? 200 : 409);
    expect(stripeRefundCalls).toHaveLength(1);
    const call = stripeRefundCalls[0] as StripeRefundCall;
    expect(call.form.get('amount')).toBe('21400');
    expect(call.form.get('payment_intent')).toBe(paymentIntent);
    expect(call.key).toBe(`packing-${order._id}`);
    expect(await read(order._id)).toMatchObject({ finalAmount: 374, refundedAmount: 214, paymentStatus: 'paid' });

    // Stripe's charge.refunded for that refund is known as the shop's own; a larger one is not.
    const refundedEvent = (amountRefunded: number) => ({
      id: `evt_${crypto.randomUUID()}`,
      object: 'event',
      type: 'charge.refunded',
      livemode: false,
      data: {
        object: { id: 'ch_test', payment_intent: paymentIntent, refunded: false, amount_refunded: amountRefunded },
      },
    });
    const levels = async (res: Response) => {
      expect(res.status).toBe(200);
      return logsOf(res).filter((line) => String(line.message).startsWith('stripe partial refund'));
    };
    expect(await levels(await sendStripeWebhook(t.app, refundedEvent(21_400), WEBHOOK_SECRET))).toEqual([
      expect.objectContaining({ level: 'INFO', message: 'stripe partial refund already recorded' }),
    ]);
    expect(await levels(await sendStripeWebhook(t.app, refundedEvent(21_500), WEBHOOK_SECRET))).toEqual([
      expect.objectContaining({ level: 'WARN', message: 'stripe partial refund not recorded' }),
    ]);
    expect(await read(order._id)).toMatchObject({ refundedAmount: 214, paymentStatus: 'paid' });
  });

  it('card: Stripe down then back: the retry asks again under the same key and records one refund', async () => {
    const order = await approvedOrder('card');
    await payByCard(order);
    stripeRefundCalls = [];
    const key = crypto.randomUUID();
    stripeDown = true;
    let failed;
    try {
      failed = await pack(order._id, withSubstitute(), { key });
    } finally {
      stripeDown = false;
    }
    expect(failed.status).toBe(503);
    expect((await read(order._id)).refundedAmount).toBeUndefined();
    const retried = await pack(order._id, withSubstitute(), { key });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toMatchObject({ refundedAmount: 214 });
    expect(new Set(stripeRefundCalls.map((call) => call.key))).toEqual(new Set([`packing-${order._id}`]));
    expect(stripeRefunds.get(`packing-${order._id}`)).toMatchObject({ amount: 21400 });
    // Once recorded, a further retry asks Stripe nothing more.
    const calls = stripeRefundCalls.length;
    expect((await pack(order._id, withSubstitute(), { key })).status).toBe(200);
    expect(stripeRefundCalls).toHaveLength(calls);
    expect((await read(order._id)).refundedAmount).toBe(214);
  });

  it('card paid only after packing: the next status update claims and makes the partial refund, once', async () => {
    const order = await approvedOrder('card');
    expect((await pack(order._id, withSubstitute())).status).toBe(200);
    stripeRefundCalls = [];
    await payByCard(order);
    expect((await move(order._id, 'Out for delivery')).status).toBe(200);
    expect((await move(order._id, 'Delivered')).status).toBe(200);
    expect(stripeRefundCalls.map((call) => [call.key, call.form.get('amount')])).toEqual([
      [`packing-${order._id}`, '21400'],
    ]);
    expect(await read(order._id)).toMatchObject({ orderStatus: 'Delivered', refundedAmount: 214 });
  });

  it('a cash order is refunded nothing and collects its finalAmount', async () => {
    const order = await approvedOrder('cod');
    stripeRefundCalls = [];
    const res = await pack(order._id, withSubstitute());
    expect(await res.json()).toMatchObject({ finalAmount: 374, paymentMethod: 'cod' });
    expect(stripeRefundCalls).toHaveLength(0);
    const ledger = await t.db.execute({
      sql: 'SELECT count(*) AS n FROM refunds WHERE order_id = ?',
      args: [order._id],
    });
    expect(ledger.rows[0]?.n).toBe(0);
  });
});

describe('reports count the final bill (DESIGN.md §12, §17)', () => {
  it('sums finalAmount for packed orders in the sales and the CSV', async () => {
    const sales = async () => {
      const res = await t.call('GET', '/api/reports/sales?days=1', { role: 'admin' });
      expect(res.status).toBe(200);
      const days = (await res.json()) as Array<{ revenue: number; orders: number }>;
      return days.at(-1) as { revenue: number; orders: number };
    };
    const order = await approvedOrder();
    const before = await sales();
    expect((await pack(order._id, withSubstitute())).status).toBe(200);
    const after = await sales();
    expect(after.orders).toBe(before.orders);
    expect(before.revenue - after.revenue).toBe(548 - 374);
    const today = new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10);
    const csv = await (
      await t.call('GET', `/api/reports/orders.csv?from=${today}&to=${today}`, { role: 'admin' })
    ).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(order._id));
    expect(row).toContain(',374,');
  });
});
