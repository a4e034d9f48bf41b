import { describe, expect, it } from 'vitest';
import type { DeliverySlotOffer } from '@contract/delivery';
import { slotToOrder } from './get-delivery-slots';

const slot = (hour: number, remaining: number): DeliverySlotOffer => {
  const start = `2026-11-22T${String(hour).padStart(2, '0')}:00:00+06:00`;
  return {
    id: start,
    start,
    end: start.replace(`T${String(hour).padStart(2, '0')}`, `T${String(hour + 2).padStart(2, '0')}`),
    label: `Sun 22 Nov, ${hour}:00`,
    remaining,
  };
};

describe('slotToOrder', () => {
  const slots = [slot(9, 0), slot(11, 3), slot(15, 1)];

  it('orders with the earliest slot that has room until the shopper picks another', () => {
    expect(slotToOrder(slots, undefined)).toBe(slots[1]?.id);
    expect(slotToOrder(slots, slots[2]?.id)).toBe(slots[2]?.id);
  });

  it('never orders with a full slot, nor with one no longer offered', () => {
    expect(slotToOrder(slots, slots[0]?.id)).toBe(slots[1]?.id);
    expect(slotToOrder(slots, '2026-11-21T09:00:00+06:00')).toBe(slots[1]?.id);
  });

  it('orders without a slot when there are none, or every one is full (the server gives the earliest free)', () => {
    expect(slotToOrder(undefined, undefined)).toBeUndefined();
    expect(slotToOrder([slot(9, 0)], undefined)).toBeUndefined();
  });
});
