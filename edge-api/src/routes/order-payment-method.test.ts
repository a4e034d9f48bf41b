/**
 * `PUT /api/orders/:id/payment-method` on a real libSQL file: the owner of an unpaid, Pending
 * bKash order pays on delivery instead (My Orders' "Pay on delivery instead"); every
 * other case is refused and leaves the order as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order, type PaymentMethod } from '../contract/order';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  // bKash configured (its API is never called here): a bKash order can be placed.
  t = await createTestApp({
    BKASH_BASE_URL: 'http://127.0.0.1:9/v1.2.0-beta',
    BKASH_APP_KEY: 'app-key',
    BKASH_APP_SECRET: 'app-secret',
    BKASH_USERNAME: 'merchant',
    BKASH_PASSWORD: 'password',
  });
});
afterAll(() => t.cleanup());

/** Places an order for customer A, paid with `paymentMethod`. */
const placeForA = async (paymentMethod: PaymentMethod = 'bkash'): Promise<Order> => {
  const res = await t.call('POST', '/api/orders', {
    role: 'customerA',
    body: { ...(await orderBody(t, customerA)), paymentMethod },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
};

const switchToCod = (
  id: string,
  role: 'customerA' | 'customerB' | 'admin' | 'anonymous' = 'customerA',
  body: unknown = { paymentMethod: 'cod' },
) => t.call('PUT', `/api/orders/${id}/payment-method`, { role, body });

const readAsA = async (id: string): Promise<Order> =>
  orderSchema.parse(await (await t.call('GET', `/api/orders/${id}`, { role: 'customerA' })).json());

describe('PUT /api/orders/:id/payment-method', () => {
  it('switches an unpaid, Pending bKash order to cash on delivery and answers the order', async () => {
    const placed = await placeForA();
    const res = await switchToCod(placed._id);
    expect(res.status).toBe(200);
    const answered = orderSchema.parse(await res.json());
    expect(answered).toMatchObject({
      _id: placed._id,
      paymentMethod: 'cod',
      paymentStatus: 'unpaid',
      orderStatus: 'Pending',
    });
    expect(await readAsA(placed._id)).toEqual(answered);
  });

  it('refuses a paid bKash order (409 already_paid) and keeps it paid', async () => {
    const placed = await placeForA();
    await t.db.execute({
      sql: "UPDATE orders SET payment_status = 'paid', payment_ref = 'TRX1' WHERE id = ?",
      args: [placed._id],
    });
    const res = await switchToCod(placed._id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('already_paid');
    expect(await readAsA(placed._id)).toMatchObject({
      paymentMethod: 'bkash',
      paymentStatus: 'paid',
      paymentRef: 'TRX1',
    });
  });

  it('refuses an order already approved (409 not_pending, naming its state)', async () => {
    const placed = await placeForA();
    expect(
      (await t.call('PUT', `/api/orders/update/${placed._id}`, { role: 'admin', body: { orderStatus: 'Approved' } }))
        .status,
    ).toBe(200);
    const res = await switchToCod(placed._id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'not_pending', details: { current: 'Approved' } } });
    expect((await readAsA(placed._id)).paymentMethod).toBe('bkash');
  });

  it('refuses an order not paid with bKash (409 not_bkash_order)', async () => {
    for (const method of ['cod', 'card'] as const) {
      const placed = await placeForA('cod');
      // Without Stripe keys a card order cannot be placed: it is made one in the database.
      await t.db.execute({ sql: 'UPDATE orders SET payment_method = ? WHERE id = ?', args: [method, placed._id] });
      const res = await switchToCod(placed._id);
      expect(res.status, method).toBe(409);
      expect(((await res.json()) as { error: { code: string } }).error.code, method).toBe('not_bkash_order');
      expect((await readAsA(placed._id)).paymentMethod, method).toBe(method);
    }
  });

  it("answers another account's order (the admin's too) as missing, and a signed-out caller with 401", async () => {
    const placed = await placeForA();
    for (const role of ['customerB', 'admin'] as const) {
      const res = await switchToCod(placed._id, role);
      expect(res.status, role).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code, role).toBe('not_found');
    }
    expect((await switchToCod(placed._id, 'anonymous')).status).toBe(401);
    expect((await readAsA(placed._id)).paymentMethod).toBe('bkash');
  });

  it('refuses any other method with a field-level 400', async () => {
    const placed = await placeForA();
    for (const body of [{ paymentMethod: 'card' }, { paymentMethod: 'bkash' }, {}]) {
      const res = await switchToCod(placed._id, 'customerA', body);
      expect(res.status).toBe(400);
      const { error } = (await res.json()) as {
        error: { code: string; details: { fields: Record<string, string[]> } };
      };
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.details.fields)).toEqual(['paymentMethod']);
    }
    expect((await readAsA(placed._id)).paymentMethod).toBe('bkash');
  });
});
