/**
 * The admin's side of reported problems (DESIGN.md §19) on a real libSQL file through the real
 * app: the queue (open ones oldest first, paged with `Link: rel=next`), credit within the claim's
 * worth, decline with a note, refund of a bKash order through the bKash stand-in
 * (scripts/bkash-standin.ts) exactly once however the PUT is retried or doubled — an outage
 * included — refused on a cash order, a decided problem not decided again, and the shopper told by
 * push through the stand-in push service (testing/push-service.ts), which decrypts what a phone reads.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBkashStandin, type BkashStandin } from '../../../scripts/bkash-standin';
import type { Product } from '../contract/catalogue';
import { orderSchema, type Order } from '../contract/order';
import { problemSchema, type Problem } from '../contract/problem';
import { shopperOrderUrl } from '../contract/push';
import { insertProduct } from '../db/products';
import { createWebCryptoSender } from '../push/webcrypto-sender';
import { startPushService, type PushService, type TestSubscriber } from '../testing/push-service';
import { orderInput } from '../testing/order-fixture';
import { createTestApp, customerA, testLogs, type Role, type TestApp } from '../testing/test-app';
import { approveOnStandin, bkashClientFor } from '../testing/bkash-standin-client';

let t: TestApp;
let standin: BkashStandin;
let service: PushService;
let phone: TestSubscriber;
let lemon: Product; // pieces at 10 Tk

beforeAll(async () => {
  standin = await startBkashStandin();
  service = await startPushService();
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    ...standin.env,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:shop@tazahaat.test',
    PUSH_SERVICE_ORIGINS: service.origin,
  };
  const bkash = bkashClientFor(standin, { executeTimeoutMs: 400, queryTimeoutMs: 400 });
  const config = (await createTestApp(env)).config;
  const pushSender = createWebCryptoSender(config.push!, { fetch: service.fetch, timeoutMs: 3000 });
  t = await createTestApp(env, { bkash, pushSender });
  lemon = await insertProduct(t.db, {
    name: 'Lemon',
    price: 10,
    image: '/products/potato.webp',
    category: 'fruit',
    unit: 'piece',
    unitSize: 1,
  });
  phone = service.subscribe('customerA');
  const subscribed = await t.call('POST', '/api/push/subscriptions', {
    role: 'customerA',
    body: { endpoint: phone.endpoint, keys: phone.keys, locale: 'bn' },
  });
  expect(subscribed.status).toBe(201);
});
afterAll(async () => {
  t.cleanup();
  await standin.stop();
  await service.close();
});

const move = (id: string, orderStatus: string) =>
  t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus } });

const readOrder = async (id: string) =>
  orderSchema.parse(await (await t.call('GET', `/api/orders/${id}`, { role: 'admin' })).json());

/** Pays `order` with bKash through the stand-in's page and the shop's callback. @returns bKash's paymentID. */
async function payWithBkash(order: Order): Promise<string> {
  const started = await t.call('POST', '/api/payments/bkash', { role: 'customerA', body: { orderId: order._id } });
  const paymentID = await approveOnStandin(t.app, started);
  expect((await readOrder(order._id)).paymentStatus).toBe('paid');
  return paymentID;
}

/**
 * Customer A's order of 20 lemons (200 Tk of goods), paid as `paymentMethod` and delivered
 * (packed as ordered on its way), with an open claim of 15 of them: worth 150 Tk, above the
 * 100 Tk credited at once. @returns the order, its bKash paymentID when paid so, and the problem.
 */
async function openProblem(
  paymentMethod: 'cod' | 'bkash' = 'cod',
): Promise<{ order: Order; problem: Problem; paymentID?: string }> {
  const placed = await t.call('POST', '/api/orders', {
    role: 'customerA',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: orderInput({ email: customerA.email, paymentMethod, orderedProduct: [{ _id: lemon._id, cartQuantity: 20 }] }),
  });
  expect(placed.status).toBe(201);
  const order = orderSchema.parse(await placed.json());
  const paymentID = paymentMethod === 'bkash' ? await payWithBkash(order) : undefined;
  for (const status of ['Approved', 'Out for delivery', 'Delivered'])
    expect((await move(order._id, status)).status).toBe(200);
  const res = await t.call('POST', `/api/orders/${order._id}/problems`, {
    role: 'customerA',
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 15 }] },
  });
  expect(res.status).toBe(201);
  const problem = problemSchema.parse(await res.json());
  expect(problem).toMatchObject({ status: 'open', worth: 150, refundable: paymentMethod === 'bkash' });
  return { order, problem, ...(paymentID ? { paymentID } : {}) };
}

const decide = (id: string, body: unknown, opts: { key?: string; role?: Role } = {}) =>
  t.call('PUT', `/api/problems/${id}`, {
    role: opts.role ?? 'admin',
    body,
    headers: opts.key ? { 'Idempotency-Key': opts.key } : {},
  });

async function decided(res: Response): Promise<Problem> {
  expect(res.status).toBe(200);
  return problemSchema.parse(await res.json());
}

/** Account `uid`'s credit-ledger entries for problem `problemId`, in poisha. */
const ledgerOf = async (problemId: string) =>
  (
    await t.db.execute({
      sql: 'SELECT amount_poisha, reason, order_id, user_id FROM credit_ledger WHERE problem_id = ?',
      args: [problemId],
    })
  ).rows.map((row) => ({ ...row }));

/** The push messages of type problem-decided for `orderId` the shopper's phone got, waiting for `count`. */
async function decisionsPushed(orderId: string, count: number) {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = service.received
      .map((message) => message.payload as { type?: string; orderId?: string })
      .filter((payload) => payload.type === 'problem-decided' && payload.orderId === orderId);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the admin’s queue (GET /api/problems)', () => {
  it('lists open problems oldest first, a page at a time with Link rel=next, to admins only', async () => {
    const first = await openProblem();
    const second = await openProblem();
    const all = (await (await t.call('GET', '/api/problems?limit=200', { role: 'admin' })).json()) as Problem[];
    const ids = all.map((p) => p._id);
    expect(ids.indexOf(first.problem._id)).toBeLessThan(ids.indexOf(second.problem._id));
    expect(all.every((p) => p.status === 'open')).toBe(true);
    const createdAt = all.map((p) => Date.parse(p.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => a - b));
    expect(all.find((p) => p._id === first.problem._id)).toEqual(first.problem);

    const page = await t.call('GET', '/api/problems?status=open&limit=1', { role: 'admin' });
    expect(page.status).toBe(200);
    expect(page.headers.get('Cache-Control')).toBe('private, no-cache');
    expect((await page.json()) as Problem[]).toEqual(all.slice(0, 1));
    const next = /^<([^>]+)>; rel="next"$/.exec(page.headers.get('Link') ?? '')?.[1] ?? '';
    expect(next).toMatch(/^\/api\/problems\?status=open&limit=1&cursor=/);
    expect((await (await t.call('GET', next, { role: 'admin' })).json()) as Problem[]).toEqual(all.slice(1, 2));

    expect((await t.call('GET', '/api/problems', { role: 'customerA' })).status).toBe(403);
    expect((await t.call('GET', '/api/problems?status=lost', { role: 'admin' })).status).toBe(400);
    expect((await t.call('GET', '/api/problems?cursor=nonsense', { role: 'admin' })).status).toBe(400);
  });
});

describe('credit and decline', () => {
  it('credits at most the claim’s worth (400 amount above it), in the shopper’s ledger once; the decision stands and a replay answers it again', async () => {
    const { order, problem } = await openProblem();
    const tooMuch = await decide(problem._id, { decision: 'credit', amount: 150.01 });
    expect(tooMuch.status).toBe(400);
    expect(await tooMuch.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { amount: [expect.stringContaining('150')] } } },
    });
    expect(await ledgerOf(problem._id)).toEqual([]);

    const key = crypto.randomUUID();
    const credited = await decided(await decide(problem._id, { decision: 'credit', amount: 120.5 }, { key }));
    expect(credited).toMatchObject({ status: 'credited', amount: 120.5, worth: 150 });
    expect(credited.decidedAt).not.toBeNull();
    expect(await ledgerOf(problem._id)).toEqual([
      { amount_poisha: 12050, reason: 'problem', order_id: order._id, user_id: customerA.uid },
    ]);

    const replay = await decide(problem._id, { decision: 'credit', amount: 120.5 }, { key });
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await decided(replay)).toEqual(credited);
    const again = await decide(
      problem._id,
      { decision: 'decline', note: 'Changed my mind' },
      { key: crypto.randomUUID() },
    );
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'already_decided', details: { current: 'credited' } } });
    expect((await decide(problem._id, { decision: 'credit' })).status).toBe(409);
    expect(await ledgerOf(problem._id)).toHaveLength(1);

    const pushed = await decisionsPushed(order._id, 1);
    expect(pushed).toEqual([
      expect.objectContaining({
        type: 'problem-decided',
        orderId: order._id,
        problem: { decision: 'credit', amount: 120.5 },
        url: shopperOrderUrl(order._id),
        locale: 'bn',
      }),
    ]);
    const logged = testLogs.filter((line) => line.message === 'problem decided' && line.problemId === problem._id);
    expect(logged).toEqual([expect.objectContaining({ decision: 'credit', amountPoisha: 12050, orderId: order._id })]);
    expect(JSON.stringify(logged)).not.toContain(customerA.email);
  });

  it('credits the whole worth when no amount is given', async () => {
    const { problem } = await openProblem();
    expect(await decided(await decide(problem._id, { decision: 'credit' }))).toMatchObject({
      status: 'credited',
      amount: 150,
    });
    expect((await ledgerOf(problem._id)).map((row) => row.amount_poisha)).toEqual([15000]);
  });

  it('declines only with a note, which the shopper reads in their problems; no money moves', async () => {
    const { order, problem } = await openProblem();
    const noNote = await decide(problem._id, { decision: 'decline' });
    expect(noNote.status).toBe(400);
    expect(await noNote.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { note: [expect.any(String)] } } },
    });
    const withMoney = await decide(problem._id, {
      decision: 'decline',
      note: 'The photo shows fresh lemons',
      amount: 5,
    });
    expect(withMoney.status).toBe(400);
    const declined = await decided(
      await decide(problem._id, { decision: 'decline', note: 'The photo shows fresh lemons' }),
    );
    expect(declined).toMatchObject({ status: 'declined', amount: 0, note: 'The photo shows fresh lemons' });
    expect(await ledgerOf(problem._id)).toEqual([]);
    const mine = (await (await t.call('GET', '/api/users/me/problems', { role: 'customerA' })).json()) as {
      problems: Problem[];
    };
    expect(mine.problems.find((p) => p._id === problem._id)).toEqual(declined);
    expect(await decisionsPushed(order._id, 1)).toEqual([
      expect.objectContaining({ problem: { decision: 'decline', amount: 0 } }),
    ]);
  });

  it('answers 404 for an unknown problem and 403 to a shopper', async () => {
    const { problem } = await openProblem();
    expect((await decide(crypto.randomUUID(), { decision: 'credit' })).status).toBe(404);
    expect((await decide(problem._id, { decision: 'credit' }, { role: 'customerA' })).status).toBe(403);
  });
});

describe('refund (a bKash order, through its provider)', () => {
  it('refuses a cash order with 409 not_prepaid; the problem stays open', async () => {
    const { problem } = await openProblem('cod');
    const res = await decide(problem._id, { decision: 'refund' });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'not_prepaid' } });
    expect((await (await t.call('GET', '/api/problems?limit=200', { role: 'admin' })).json()) as Problem[]).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: problem._id, status: 'open' })]),
    );
  });

  it('refunds through bKash once, even when the PUT is sent twice at once and retried', async () => {
    const { order, problem, paymentID } = await openProblem('bkash');
    const tooMuch = await decide(problem._id, { decision: 'refund', amount: 151 });
    expect(tooMuch.status).toBe(400);
    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      decide(problem._id, { decision: 'refund', amount: 100 }, { key }),
      decide(problem._id, { decision: 'refund', amount: 100 }, { key: crypto.randomUUID() }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses[0]).toBe(200);
    expect([409, 503]).toContain(statuses[1]);
    expect(standin.control.payment(paymentID ?? '')?.refunds.map((refund) => refund.refundAmount)).toEqual(['100.00']);
    const retried = await decided(await decide(problem._id, { decision: 'refund', amount: 100 }, { key }));
    expect(retried).toMatchObject({ status: 'refunded', amount: 100, refundable: true });
    expect(standin.control.payment(paymentID ?? '')?.refunds).toHaveLength(1);
    expect(await readOrder(order._id)).toMatchObject({ refundedAmount: 100, paymentStatus: 'paid' });
    expect(await ledgerOf(problem._id)).toEqual([]);
    expect(await decisionsPushed(order._id, 1)).toEqual([
      expect.objectContaining({ problem: { decision: 'refund', amount: 100 } }),
    ]);
  });

  it('bKash out of service: 503 and nothing refunded; the retry of the same PUT refunds once', async () => {
    const { order, problem, paymentID } = await openProblem('bkash');
    const key = crypto.randomUUID();
    standin.control.setOutOfService(true);
    let failed;
    try {
      failed = await decide(problem._id, { decision: 'refund' }, { key });
    } finally {
      standin.control.setOutOfService(false);
    }
    expect(failed.status).toBe(503);
    expect(await failed.json()).toMatchObject({ error: { code: 'payment_provider_unavailable' } });
    expect(standin.control.payment(paymentID ?? '')?.refunds).toHaveLength(0);
    expect((await readOrder(order._id)).refundedAmount).toBeUndefined();

    const retried = await decided(await decide(problem._id, { decision: 'refund' }, { key }));
    expect(retried).toMatchObject({ status: 'refunded', amount: 150 });
    expect(await decided(await decide(problem._id, { decision: 'refund' }, { key }))).toEqual(retried);
    expect(standin.control.payment(paymentID ?? '')?.refunds.map((refund) => refund.refundAmount)).toEqual(['150.00']);
    expect((await readOrder(order._id)).refundedAmount).toBe(150);
    expect(await decisionsPushed(order._id, 1)).toHaveLength(1);
  });

  it('bKash refunds but its answer is lost: the retry finds the refund made and records it, refunding once', async () => {
    const { order, problem, paymentID } = await openProblem('bkash');
    const key = crypto.randomUUID();
    standin.control.stallNextRefund(1_500);
    const lost = await decide(problem._id, { decision: 'refund', amount: 80 }, { key });
    expect(lost.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect(standin.control.payment(paymentID ?? '')?.refunds).toHaveLength(1);
    const retried = await decided(await decide(problem._id, { decision: 'refund', amount: 80 }, { key }));
    expect(retried).toMatchObject({ status: 'refunded', amount: 80 });
    expect(standin.control.payment(paymentID ?? '')?.refunds.map((refund) => refund.refundAmount)).toEqual(['80.00']);
    expect((await readOrder(order._id)).refundedAmount).toBe(80);
  });
});
