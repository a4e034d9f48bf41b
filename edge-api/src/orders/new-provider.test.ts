/**
 * A new way to pay is one file (DESIGN.md §14): a provider written here, in the test, and
 * registered with the app drives an order through place → pay → refund without the order code
 * knowing it — the shop offers it, places orders paid with it, charges through it, takes its
 * completed payment (orders/settle.ts) and refunds through it, claimed once in the ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../contract/order';
import type { ChargeStart, PaymentProvider, RefundRequest } from '../payments/provider';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';
import { settlePayment } from './settle';

/** A wallet that is not Stripe: it records what the shop asked of it. */
const asked: { charges: string[]; refunds: RefundRequest[] } = { charges: [], refunds: [] };
const wallet: PaymentProvider = {
  method: 'card',
  async charge(order): Promise<ChargeStart> {
    asked.charges.push(order._id);
    return { kind: 'embedded', sessionId: `wallet-session-${order._id}`, clientSecret: `wallet-secret-${order._id}` };
  },
  async refund(request) {
    asked.refunds.push(request);
    return { providerRef: `wallet-refund-${asked.refunds.length}` };
  },
};

let t: TestApp;
beforeAll(async () => {
  // No Stripe keys: the card payments are the wallet's alone.
  t = await createTestApp({}, { providers: { card: wallet } });
});
afterAll(() => t.cleanup());

describe('a payment provider registered with the app', () => {
  it('is offered, charges, settles and refunds an order through the one interface', async () => {
    const methods = await t.call('GET', '/api/payments/methods');
    expect(await methods.json()).toEqual({ methods: ['cod', 'card'] });

    const placed = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body: { ...(await orderBody(t, customerA, 2, 1)), paymentMethod: 'card' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(placed.status).toBe(201);
    const order = (await placed.json()) as Order;

    const started = await t.call('POST', '/api/checkout', { role: 'customerA', body: { orderId: order._id } });
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({
      sessionId: `wallet-session-${order._id}`,
      clientSecret: `wallet-secret-${order._id}`,
    });
    expect(asked.charges).toEqual([order._id]);

    // The wallet's word that the payment completed, as its webhook would bring it: taken once.
    const payment = { orderId: order._id, method: 'card' as const, paymentRef: 'wallet-payment-1' };
    expect(await settlePayment(t.db, payment)).toBe('paid');
    expect(await settlePayment(t.db, payment)).toBe('kept');
    const paid = (await (await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' })).json()) as Order;
    expect(paid).toMatchObject({ paymentStatus: 'paid', paymentRef: 'wallet-payment-1' });

    const cancelled = await t.call('DELETE', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(await cancelled.json()).toEqual({ deletedCount: 0, cancelledCount: 1 });
    expect(asked.refunds).toEqual([
      {
        refundId: `refund-${order._id}`,
        orderId: order._id,
        paymentRef: 'wallet-payment-1',
        amountPoisha: order.totalAmount * 100,
        reason: 'cancel',
        retry: false,
      },
    ]);
    const refunded = (await (await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' })).json()) as Order;
    expect(refunded).toMatchObject({ orderStatus: 'Cancelled', paymentStatus: 'refunded' });
    const { rows } = await t.db.execute({
      sql: 'SELECT status, provider_ref FROM refunds WHERE order_id = ?',
      args: [order._id],
    });
    expect(rows.map((row) => [row.status, row.provider_ref])).toEqual([['done', 'wallet-refund-1']]);

    // Cancelled again: nothing more is asked of the wallet.
    await t.call('DELETE', `/api/orders/${order._id}`, { role: 'admin' });
    expect(asked.refunds).toHaveLength(1);
  });
});
