/**
 * The open-orders limit of `POST /api/orders` (DESIGN.md §3) at its default,
 * OPEN_ORDERS_PER_ACCOUNT=3: an account's open (Pending) orders, however they are paid, are
 * counted at commit time, so neither a 4th order nor ten at once get past it; an idempotent replay
 * still answers what it answered; the outbox fails the refusal rather than retrying it. An unpaid
 * card or bKash order holds counted stock as a cash one does, so it counts too (it used not to).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAnswer } from '../contract/outbox-answer';
import type { Order } from '../contract/order';
import { admin, createTestApp, customerA, customerB, orderBody, type TestApp } from '../testing/test-app';
import { startBkashStandin, type BkashStandin } from '../../../scripts/bkash-standin';
import { createStripe } from '../payments/stripe';
import type { TokenClaims } from '../testing/tokens';

const LIMIT = 3;

let t: TestApp;
let bkash: BkashStandin;
beforeAll(async () => {
  bkash = await startBkashStandin();
  // '' is unset: the default of config.ts, not the raised value of createTestApp. Card and bKash
  // are offered (a Stripe client that is never called, the bKash stand-in).
  t = await createTestApp({ OPEN_ORDERS_PER_ACCOUNT: '', ...bkash.env }, { stripe: createStripe('sk_test_unused') });
  expect(t.config.openOrdersPerAccount).toBe(LIMIT);
});
afterAll(async () => {
  t.cleanup();
  await bkash.stop();
});

const roleOf = (user: TokenClaims) => (user === customerA ? 'customerA' : user === customerB ? 'customerB' : 'admin');
const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const place = async (user: TokenClaims, headers = key(), paymentMethod: 'cod' | 'card' | 'bkash' = 'cod') =>
  t.call('POST', '/api/orders', {
    role: roleOf(user),
    body: { ...(await orderBody(t, user, 1)), paymentMethod },
    headers,
  });
const openOrdersOf = async (user: TokenClaims) =>
  Number(
    (
      await t.db.execute({
        sql: "SELECT count(*) AS n FROM orders WHERE user_id = ? AND order_status = 'Pending'",
        args: [user.uid],
      })
    ).rows[0]?.n,
  );

describe(`at most ${LIMIT} open orders per account, however they are paid`, () => {
  it(`refuses the ${LIMIT + 1}th with 409 too_many_open_orders; replays still answer as first answered`, async () => {
    const firstKey = key();
    const first = await place(customerA, firstKey);
    expect(first.status).toBe(201);
    const firstOrder = (await first.json()) as Order;
    for (let i = 1; i < LIMIT; i += 1) expect((await place(customerA)).status).toBe(201);

    const refusedKey = key();
    const refused = await place(customerA, refusedKey);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: {
        code: 'too_many_open_orders',
        message: expect.stringContaining(`You have ${LIMIT} open orders already`),
        details: { limit: LIMIT },
      },
    });
    expect(await openOrdersOf(customerA)).toBe(LIMIT);

    // The first order's key replays its order; the refused one's replays the refusal.
    const replayed = await place(customerA, firstKey);
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replayed.json()) as Order)._id).toBe(firstOrder._id);
    const again = await place(customerA, refusedKey);
    expect(again.status).toBe(409);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');

    // Another account has its own limit.
    expect((await place(customerB)).status).toBe(201);
  });

  it('makes room when an open order is approved or cancelled', async () => {
    const user = customerA;
    const pending = (
      await t.db.execute({
        sql: "SELECT id FROM orders WHERE user_id = ? AND order_status = 'Pending' ORDER BY created_at",
        args: [user.uid],
      })
    ).rows.map((row) => String(row.id));
    expect(pending).toHaveLength(LIMIT);
    const [approve, cancel] = pending;
    const approved = await t.call('PUT', `/api/orders/update/${approve}`, {
      role: 'admin',
      body: { orderStatus: 'Approved' },
    });
    expect(approved.status).toBe(200);
    expect((await place(user)).status).toBe(201);
    expect((await place(user)).status).toBe(409);
    expect((await t.call('DELETE', `/api/orders/${cancel}`, { role: 'customerA' })).status).toBe(200);
    expect((await place(user)).status).toBe(201);
    expect(await openOrdersOf(user)).toBe(LIMIT);
  });

  it('refuses a card or bKash order past the limit too', async () => {
    expect(await openOrdersOf(customerA)).toBe(LIMIT);
    for (const method of ['card', 'bkash'] as const) {
      const refused = await place(customerA, key(), method);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: { code: 'too_many_open_orders' } });
    }
    expect(await openOrdersOf(customerA)).toBe(LIMIT);
  });

  it('counts unpaid card and bKash orders: with one of each open, a 3rd order is the last one', async () => {
    expect(await openOrdersOf(customerB)).toBe(1);
    expect((await place(customerB, key(), 'card')).status).toBe(201);
    expect((await place(customerB, key(), 'bkash')).status).toBe(201);
    expect(await openOrdersOf(customerB)).toBe(LIMIT);
    expect((await place(customerB)).status).toBe(409);
  });

  it(`holds when ten orders of one account arrive at once: ${LIMIT} placed, the rest refused`, async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => place(admin)));
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(LIMIT).fill(201), ...Array(10 - LIMIT).fill(409)]);
    expect(await openOrdersOf(admin)).toBe(LIMIT);
  });

  it('is a refusal the outbox fails and shows, never retries', () => {
    expect(classifyAnswer(409, 'too_many_open_orders')).toBe('failed');
  });
});
