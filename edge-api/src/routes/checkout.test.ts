/** Card payment switched off (no Stripe keys): a feature that is not there, not a failure. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

describe('card payment without Stripe keys', () => {
  it('answers POST /api/checkout 404 payments_not_configured, saying to pay cash on delivery', async () => {
    const res = await t.call('POST', '/api/checkout', { role: 'customerA', body: { orderId: 'any' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: {
        code: 'payments_not_configured',
        message: 'Card payment is not configured; choose cash on delivery.',
        details: { paymentMethod: 'card' },
      },
    });
  });

  it('answers POST /api/stripe/webhook 404 payments_not_configured', async () => {
    const res = await t.call('POST', '/api/stripe/webhook', { body: {}, headers: { 'Stripe-Signature': 't=1,v1=00' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'payments_not_configured' } });
  });
});
