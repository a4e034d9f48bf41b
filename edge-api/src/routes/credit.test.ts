/**
 * Store credit (DESIGN.md §19) on a real libSQL file through the real app: `GET
 * /api/users/me/credit`, credit spent on an order up to its lines' subtotal (the cash a rider
 * collects and the cash report lowered by it; the bKash stand-in, scripts/bkash-standin.ts, and a
 * stand-in for Stripe's API on 127.0.0.1 asked for the charge less it), two orders at once never
 * spending the same credit, an Idempotency-Key retry spending once, a cancel (retried too) giving
 * it back once, packing below the credit giving the difference back, and the sales report's
 * creditUsed/creditGiven and the CSV's column against sums made by hand. Credit is given as a
 * credited problem gives it: a 'problem' entry in the ledger (db/credit.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBkashStandin, type BkashStandin } from '../../../scripts/bkash-standin';
import type { Product } from '../contract/catalogue';
import type { CreditAnswer } from '../contract/credit';
import { orderSchema, type Order } from '../contract/order';
import { addShopDays, shopDate, shopDayStartMs, type SalesDay } from '../contract/report';
import type { CashReportRow, RunStop } from '../contract/rider';
import { creditEntryStatement } from '../db/credit';
import { insertProduct } from '../db/products';
import { orderInput } from '../testing/order-fixture';
import { paidCheckoutEvent, sendStripeWebhook } from '../testing/stripe-events';
import { checkoutSessionAnswer, startStripeStandin, type StripeStandin } from '../testing/stripe-standin';
import { createTestApp, type Role, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';
import type { TokenClaims } from '../testing/tokens';
import { approveOnStandin, bkashClientFor } from '../testing/bkash-standin-client';

const WEBHOOK_SECRET = 'whsec_test_credit';
let t: TestApp;
let standin: BkashStandin;
let stripeStandin: StripeStandin;
/** What the Stripe stand-in was asked: each request's path and form. */
let stripeCalls: Array<{ path: string; form: URLSearchParams }> = [];

let rice: Product; // 100 Tk/kg, not weighed: maxAmount = totalAmount
let lemon: Product; // 10 Tk a piece, counted

beforeAll(async () => {
  standin = await startBkashStandin();
  stripeStandin = await startStripeStandin('sk_test_credit', (req, form, res) => {
    stripeCalls.push({ path: req.url ?? '', form });
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${stripeCalls.length}` });
    res.end(JSON.stringify(checkoutSessionAnswer(`cs_test_${stripeCalls.length}`, form)));
  });
  const bkash = bkashClientFor(standin, { executeTimeoutMs: 400, queryTimeoutMs: 400 });
  t = await createTestApp(
    { ...standin.env, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    { bkash, stripe: stripeStandin.stripe },
  );
  const image = '/products/potato.webp';
  rice = await insertProduct(t.db, { name: 'Rice', price: 100, image, category: 'vegetable', unit: 'kg', unitSize: 1 });
  lemon = await insertProduct(t.db, {
    name: 'Lemon',
    price: 10,
    image,
    category: 'fruit',
    stock: 5000,
    unit: 'piece',
    unitSize: 1,
  });
});
afterAll(async () => {
  t.cleanup();
  await standin.stop();
  await stripeStandin.close();
});

/** Each test's own shopper (a fresh uid: a balance of its own), signed in as the emulator signs. */
let shoppers = 0;
const newShopper = (): TokenClaims => {
  shoppers += 1;
  return { uid: `uid-credit-${shoppers}`, email: `credit${shoppers}@example.test`, name: `Shopper ${shoppers}` };
};

/** A JSON request as `who` (a role of the test app, or a shopper's claims). */
function as(
  who: Role | TokenClaims,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  if (typeof who === 'string') return t.call(method, path, { role: who, body, headers });
  return t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${emulatorToken(who, t.config.firebaseProjectId)}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Gives `who` `tk` of store credit at `atMs`, as a credited problem does. */
async function giveCredit(who: TokenClaims, tk: number, atMs = Date.now()): Promise<void> {
  await t.db.execute(
    creditEntryStatement({
      userId: who.uid,
      amountPoisha: Math.round(tk * 100),
      reason: 'problem',
      problemId: crypto.randomUUID(),
      atMs,
    }),
  );
}

const creditOf = async (who: Role | TokenClaims): Promise<CreditAnswer> => {
  const res = await as(who, 'GET', '/api/users/me/credit');
  expect(res.status).toBe(200);
  return (await res.json()) as CreditAnswer;
};

/** The sum of every ledger entry of `who`, Tk: what the balance is, read straight from the table. */
const ledgerSum = async (who: TokenClaims) =>
  Number(
    (
      await t.db.execute({
        sql: 'SELECT coalesce(sum(amount_poisha), 0) AS s FROM credit_ledger WHERE user_id = ?',
        args: [who.uid],
      })
    ).rows[0]?.s,
  ) / 100;

/**
 * The body of `who`'s order of `riceKg` kg of rice (100 Tk each: the lines' subtotal is
 * 100 × riceKg) and `lemons` lemons, paid as `paymentMethod`, spending credit.
 */
const body = (who: TokenClaims, paymentMethod: 'cod' | 'bkash' | 'card', riceKg = 3, lemons = 0) =>
  orderInput({
    email: who.email ?? '',
    customerName: who.name ?? 'Shopper',
    paymentMethod,
    useCredit: true,
    orderedProduct: [
      { _id: rice._id, cartQuantity: riceKg },
      ...(lemons > 0 ? [{ _id: lemon._id, cartQuantity: lemons }] : []),
    ],
  });

async function place(who: TokenClaims, paymentMethod: 'cod' | 'bkash' | 'card' = 'cod', riceKg = 3, lemons = 0) {
  const res = await as(who, 'POST', '/api/orders', body(who, paymentMethod, riceKg, lemons), {
    'Idempotency-Key': crypto.randomUUID(),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return orderSchema.parse(await res.json());
}

const asAdmin = async (id: string) => orderSchema.parse(await (await as('admin', 'GET', `/api/orders/${id}`)).json());
const move = async (id: string, orderStatus: string) =>
  expect((await as('admin', 'PUT', `/api/orders/update/${id}`, { orderStatus })).status).toBe(200);

/** Packs `order` with its rice not found and its lemons as ordered. @returns the packed order's finalAmount, Tk. */
async function packWithoutRice(order: Order): Promise<number> {
  const packed = await as('admin', 'PUT', `/api/orders/${order._id}/packing`, {
    lines: [
      { _id: rice._id, found: false },
      { _id: lemon._id, found: true },
    ],
  });
  expect(packed.status, await packed.clone().text()).toBe(200);
  return orderSchema.parse(await packed.json()).finalAmount ?? NaN;
}

/** Pays `order` with bKash through the stand-in's page and the shop's callback. @returns bKash's paymentID. */
async function payWithBkash(who: TokenClaims, order: Order): Promise<string> {
  const paymentID = await approveOnStandin(t.app, await as(who, 'POST', '/api/payments/bkash', { orderId: order._id }));
  expect((await asAdmin(order._id)).paymentStatus).toBe('paid');
  return paymentID;
}

describe('GET /api/users/me/credit', () => {
  it('answers the signed-in account’s own balance and entries, newest first, Tk to the poisha', async () => {
    const who = newShopper();
    expect(await creditOf(who)).toEqual({ balance: 0, entries: [] });
    const first = Date.parse('2026-11-20T10:00:00Z');
    await giveCredit(who, 40.5, first);
    await giveCredit(who, 12.25, first + 60_000);
    const answer = await creditOf(who);
    expect(answer.balance).toBe(52.75);
    expect(answer.entries.map(({ at, amount, reason, orderId }) => ({ at, amount, reason, orderId }))).toEqual([
      { at: '2026-11-20T10:01:00.000Z', amount: 12.25, reason: 'problem', orderId: null },
      { at: '2026-11-20T10:00:00.000Z', amount: 40.5, reason: 'problem', orderId: null },
    ]);
    // Nobody else's: another account reads its own (none), and no token is 401.
    expect(await creditOf(newShopper())).toEqual({ balance: 0, entries: [] });
    expect((await as('anonymous', 'GET', '/api/users/me/credit')).status).toBe(401);
    const res = await as(who, 'GET', '/api/users/me/credit');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
  });

  it('a repeated write of the same entry is kept once', async () => {
    const who = newShopper();
    const entry = creditEntryStatement({
      userId: who.uid,
      amountPoisha: 5000,
      reason: 'problem',
      problemId: 'problem-once',
      atMs: Date.now(),
    });
    await t.db.execute(entry);
    await t.db.execute(entry);
    expect((await creditOf(who)).balance).toBe(50);
  });
});

describe('spending credit on an order (useCredit)', () => {
  it('applies all of a smaller balance and lowers the cash the rider collects and the cash report expects', async () => {
    const who = newShopper();
    await giveCredit(who, 150.5);
    const order = await place(who); // 3 kg rice: lines 300 Tk
    expect(order.creditApplied).toBe(150.5);
    expect((await asAdmin(order._id)).creditApplied).toBe(150.5);
    const own = orderSchema.parse(await (await as(who, 'GET', `/api/orders/${order._id}`)).json());
    expect(own.creditApplied).toBe(150.5);
    const credit = await creditOf(who);
    expect(credit.balance).toBe(0);
    expect(credit.entries[0]).toMatchObject({ amount: -150.5, reason: 'order', orderId: order._id });

    // The rider's run and the cash report: totalAmount (not weighed: its final bill) less 150.50.
    const rider = { uid: `uid-rider-${who.uid}`, email: `rider-${who.uid}@example.test`, name: 'Rider' };
    expect((await as(rider, 'GET', '/api/users/me')).status).toBe(200);
    expect((await as('admin', 'PUT', '/api/users/rider', { email: rider.email })).status).toBe(200);
    await move(order._id, 'Approved');
    expect((await as('admin', 'PUT', `/api/orders/${order._id}/rider`, { riderUid: rider.uid })).status).toBe(200);
    const day = (order.deliverySlot?.id ?? '').slice(0, 10);
    expect((await as(rider, 'POST', `/api/rider/run/start?date=${day}`)).status).toBe(200);
    const run = (await (await as(rider, 'GET', `/api/rider/run?date=${day}`)).json()) as RunStop[];
    const due = order.totalAmount - 150.5;
    expect(run.find((stop) => stop._id === order._id)?.amountToCollect).toBe(due);
    const code = (await t.db.execute({ sql: 'SELECT delivery_code FROM orders WHERE id = ?', args: [order._id] }))
      .rows[0]?.delivery_code;
    const delivered = await as(rider, 'POST', `/api/orders/${order._id}/delivered`, { code: String(code) });
    expect(delivered.status).toBe(200);
    expect(orderSchema.parse(await delivered.json()).cashCollected).toBe(due);
    const report = (await (await as('admin', 'GET', `/api/reports/cash?date=${day}`)).json()) as CashReportRow[];
    expect(report.find((row) => row.riderUid === rider.uid)).toMatchObject({
      orders: 1,
      expected: due,
      collected: due,
    });
  });

  it('applies no more than the lines’ subtotal (no delivery fee), keeping the rest', async () => {
    const who = newShopper();
    await giveCredit(who, 1000);
    const order = await place(who, 'cod', 2); // lines 200 Tk
    expect(order.creditApplied).toBe(200);
    expect(order.totalAmount).toBeGreaterThan(200);
    expect((await creditOf(who)).balance).toBe(800);
  });

  it('with no balance applies nothing: no entry, no creditApplied', async () => {
    const who = newShopper();
    const order = await place(who);
    expect(order.creditApplied).toBeUndefined();
    expect((await asAdmin(order._id)).creditApplied).toBeUndefined();
    expect(await creditOf(who)).toEqual({ balance: 0, entries: [] });
  });

  it('charges a bKash order maxAmount − creditApplied (the stand-in is asked for it) and accepts that payment', async () => {
    const who = newShopper();
    await giveCredit(who, 100);
    const order = await place(who, 'bkash');
    expect(order.creditApplied).toBe(100);
    const paymentID = await payWithBkash(who, order);
    expect(standin.control.payment(paymentID)?.amount).toBe(`${order.maxAmount - 100}.00`);
  });

  it('charges a card order maxAmount − creditApplied at Stripe and takes Stripe’s payment of that amount', async () => {
    const who = newShopper();
    await giveCredit(who, 100.5);
    const order = await place(who, 'card');
    stripeCalls = [];
    const res = await as(who, 'POST', '/api/checkout', { orderId: order._id });
    expect(res.status).toBe(200);
    const charge = Math.round((order.maxAmount - 100.5) * 100);
    expect(stripeCalls.map((call) => call.path)).toEqual(['/v1/checkout/sessions']);
    expect(stripeCalls[0]?.form.get('line_items[0][price_data][unit_amount]')).toBe(String(charge));
    const event = paidCheckoutEvent({ orderId: order._id, totalAmount: charge / 100, paymentIntent: 'pi_credit_1' });
    expect((await sendStripeWebhook(t.app, event, WEBHOOK_SECRET)).status).toBe(200);
    expect((await asAdmin(order._id)).paymentStatus).toBe('paid');
  });

  it('two orders at once with credit for one spend the balance once, never below zero', async () => {
    const who = newShopper();
    await giveCredit(who, 120);
    const orders = await Promise.all([place(who), place(who), place(who)]);
    const applied = orders.map((order) => order.creditApplied ?? 0);
    expect(applied.reduce((sum, tk) => sum + tk, 0)).toBe(120);
    expect(applied.filter((tk) => tk > 0)).toEqual([120]);
    expect(await ledgerSum(who)).toBe(0);
    expect((await creditOf(who)).balance).toBe(0);
    // What each stored order says matches its answer.
    for (const order of orders) expect((await asAdmin(order._id)).creditApplied).toBe(order.creditApplied);
  });

  it('an order retried with its Idempotency-Key (at once and after) spends once', async () => {
    const who = newShopper();
    await giveCredit(who, 90);
    const key = crypto.randomUUID();
    const send = () => as(who, 'POST', '/api/orders', body(who, 'cod'), { 'Idempotency-Key': key });
    const answers = await Promise.all([send(), send()]);
    answers.push(await send());
    const ids = new Set<string>();
    for (const res of answers) {
      expect([201, 409]).toContain(res.status);
      if (res.status === 201) ids.add(orderSchema.parse(await res.json())._id);
    }
    expect(ids.size).toBe(1);
    const credit = await creditOf(who);
    expect(credit.balance).toBe(0);
    expect(credit.entries.filter((entry) => entry.reason === 'order')).toHaveLength(1);
  });
});

describe('giving credit back', () => {
  it('a Pending cash order cancelled gives back what it took, once, however often the cancel is sent', async () => {
    const who = newShopper();
    await giveCredit(who, 75.25);
    const order = await place(who);
    expect(order.creditApplied).toBe(75.25);
    expect((await creditOf(who)).balance).toBe(0);
    const cancels = await Promise.all([
      as(who, 'DELETE', `/api/orders/${order._id}`),
      as(who, 'DELETE', `/api/orders/${order._id}`),
    ]);
    cancels.push(await as(who, 'DELETE', `/api/orders/${order._id}`));
    expect(cancels.some((res) => res.status === 200)).toBe(true);
    const credit = await creditOf(who);
    expect(credit.balance).toBe(75.25);
    expect(credit.entries.filter((entry) => entry.reason === 'order_cancelled')).toEqual([
      expect.objectContaining({ amount: 75.25, orderId: order._id }),
    ]);
  });

  it('a paid bKash order cancelled is refunded its charge (not the credit) and given the credit back, once', async () => {
    const who = newShopper();
    await giveCredit(who, 100);
    const order = await place(who, 'bkash');
    const paymentID = await payWithBkash(who, order);
    const first = await as(who, 'DELETE', `/api/orders/${order._id}`);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    const again = await as('admin', 'DELETE', `/api/orders/${order._id}`);
    expect([200, 409]).toContain(again.status);
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual([
      `${order.maxAmount - 100}.00`,
    ]);
    const credit = await creditOf(who);
    expect(credit.balance).toBe(100);
    expect(credit.entries.filter((entry) => entry.reason === 'order_cancelled')).toHaveLength(1);
    expect((await asAdmin(order._id)).orderStatus).toBe('Cancelled');
  });

  it('a cash order packed below its credit gets the difference back as credit and owes nothing', async () => {
    const who = newShopper();
    await giveCredit(who, 300);
    const order = await place(who, 'cod', 3, 4); // lines 300 + 40 Tk: all the 300 Tk of credit taken
    expect(order.creditApplied).toBe(300);
    await move(order._id, 'Approved');
    // The rice is not found: the bill is the lemons' 40 Tk, their tax and the delivery fee.
    const finalAmount = await packWithoutRice(order);
    expect(finalAmount).toBe(Math.ceil(40 * 1.05) + order.shipping);
    const back = 300 - finalAmount;
    expect(back).toBeGreaterThan(0);
    // A packing request sent again gives nothing more.
    await as('admin', 'PUT', `/api/orders/${order._id}/packing`, { lines: [{ _id: rice._id, found: false }] });
    const credit = await creditOf(who);
    expect(credit.entries.filter((entry) => entry.reason === 'packing')).toEqual([
      expect.objectContaining({ amount: back, orderId: order._id }),
    ]);
    expect(credit.balance).toBe(back);
  });

  it('a bKash order packed below its credit is refunded all its charge and given the rest as credit; cancelled then, the bill comes back as credit', async () => {
    const who = newShopper();
    await giveCredit(who, 300);
    const order = await place(who, 'bkash', 3, 4);
    expect(order.creditApplied).toBe(300);
    const paymentID = await payWithBkash(who, order);
    const charge = order.maxAmount - 300;
    await move(order._id, 'Approved');
    const finalAmount = await packWithoutRice(order);
    // What the bill does not cost (maxAmount − finalAmount) is more than was charged: the charge
    // comes back whole, and the rest is credit.
    expect(standin.control.payment(paymentID)?.refunds.map((refund) => refund.refundAmount)).toEqual([`${charge}.00`]);
    expect((await creditOf(who)).balance).toBe(300 - finalAmount);
    // The admin cancels it: nothing is left of the charge, so the bill's share of the credit comes back.
    const cancelled = await as('admin', 'DELETE', `/api/orders/${order._id}`);
    expect(cancelled.status, await cancelled.clone().text()).toBe(200);
    expect(standin.control.payment(paymentID)?.refunds).toHaveLength(1);
    expect((await creditOf(who)).balance).toBe(300);
    expect((await asAdmin(order._id)).orderStatus).toBe('Cancelled');
  });
});

describe('the sales report and the CSV', () => {
  it('creditUsed sums the credit of the day’s orders not cancelled; creditGiven the day’s problem credits', async () => {
    const today = shopDate(Date.now());
    const yesterday = addShopDays(today, -1);
    const dayOf = async (date: string) =>
      ((await (await as('admin', 'GET', '/api/reports/sales?days=2')).json()) as SalesDay[]).find(
        (day) => day.date === date,
      ) as SalesDay;
    const before = await dayOf(today);
    const beforeYesterday = await dayOf(yesterday);
    const who = newShopper();
    await giveCredit(who, 120.25);
    const kept = await place(who); // takes 120.25
    await giveCredit(who, 30);
    const cancelled = await place(who); // takes 30, given back on cancel (not a problem credit)
    expect((await as(who, 'DELETE', `/api/orders/${cancelled._id}`)).status).toBe(200);
    // A problem credited at 23:59 Dhaka time yesterday is yesterday's.
    await giveCredit(who, 7.5, shopDayStartMs(today) - 60_000);
    const after = await dayOf(today);
    const afterYesterday = await dayOf(yesterday);
    expect(Math.round((after.creditUsed - before.creditUsed) * 100) / 100).toBe(120.25);
    expect(Math.round((after.creditGiven - before.creditGiven) * 100) / 100).toBe(120.25 + 30);
    expect(Math.round((afterYesterday.creditGiven - beforeYesterday.creditGiven) * 100) / 100).toBe(7.5);
    expect(afterYesterday.creditUsed).toBe(beforeYesterday.creditUsed);

    const csv = await (await as('admin', 'GET', `/api/reports/orders.csv?from=${today}&to=${today}`)).text();
    const row = csv.split('\r\n').find((line) => line.startsWith(kept._id)) ?? '';
    expect(row).toContain(`,${kept.totalAmount},120.25,`);
  });
});
