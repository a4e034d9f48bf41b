import { describe, expect, it } from 'vitest';
import { outboxRequest } from './request';

describe("outboxRequest: a rider's run (DESIGN.md §18)", () => {
  it('sets out on the run of a date with ?date= and an empty body', () => {
    expect(outboxRequest({ kind: 'runStart', payload: { date: '2026-11-28' } })).toEqual({
      method: 'POST',
      url: '/api/rider/run/start?date=2026-11-28',
      body: {},
    });
  });

  it("sends a delivery and an attempt to the order's own path, the body alone", () => {
    expect(
      outboxRequest({ kind: 'delivered', payload: { orderId: 'a/b', delivery: { code: '0427', cashCollected: 347 } } }),
    ).toEqual({ method: 'POST', url: '/api/orders/a%2Fb/delivered', body: { code: '0427', cashCollected: 347 } });
    expect(
      outboxRequest({ kind: 'deliveryAttempt', payload: { orderId: 'o1', attempt: { reason: 'no_answer' } } }),
    ).toEqual({ method: 'POST', url: '/api/orders/o1/attempt', body: { reason: 'no_answer' } });
  });
});
