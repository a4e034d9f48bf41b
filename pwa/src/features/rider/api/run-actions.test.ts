import { shopDayStartMs } from '@contract/shop-day';
import { describe, expect, it } from 'vitest';
import type { OutboxItem } from '../../../lib/offline/outbox/protocol';
import { runOutboxOf } from './run-actions';

const TODAY = '2026-11-28';
const at = (date: string, hour = 10) => shopDayStartMs(date) + hour * 3_600_000;
const base = (seq: number, createdAt = at(TODAY)) => ({
  seq,
  key: `k${seq}`,
  userEmail: 'rider@example.test',
  createdAt,
  attempts: 0,
  nextAttemptAt: createdAt,
});

describe('runOutboxOf', () => {
  it("keeps today's run items: the newest Set out, and each stop's newest delivery and attempt", () => {
    const items: OutboxItem[] = [
      { ...base(1), kind: 'runStart', status: 'waiting', payload: { date: TODAY } },
      {
        ...base(2),
        kind: 'deliveryAttempt',
        status: 'waiting',
        payload: { orderId: 'o1', attempt: { reason: 'no_answer' } },
      },
      {
        ...base(3),
        kind: 'delivered',
        status: 'failed',
        note: 'refused',
        code: 'wrong_delivery_code',
        payload: { orderId: 'o1', delivery: { code: '1111' } },
      },
      { ...base(4), kind: 'delivered', status: 'waiting', payload: { orderId: 'o1', delivery: { code: '0427' } } },
      // A sent one is a receipt: its order is the answer's _id.
      { ...base(5), kind: 'delivered', status: 'sent', result: { _id: 'o2' } },
    ];
    const outbox = runOutboxOf(items, TODAY);
    expect(outbox.start?.key).toBe('k1');
    expect(outbox.stops.get('o1')?.delivered?.key).toBe('k4');
    expect(outbox.stops.get('o1')?.attempt?.key).toBe('k2');
    expect(outbox.stops.get('o2')?.delivered?.status).toBe('sent');
  });

  it("leaves out other days' items and other kinds", () => {
    const items: OutboxItem[] = [
      {
        ...base(1, at('2026-11-27', 23)),
        kind: 'delivered',
        status: 'waiting',
        payload: { orderId: 'o1', delivery: { code: '0427' } },
      },
      { ...base(2), kind: 'review', status: 'sent', result: { _id: 'r1' } },
    ];
    const outbox = runOutboxOf(items, TODAY);
    expect(outbox.start).toBeUndefined();
    expect(outbox.stops.size).toBe(0);
  });
});
