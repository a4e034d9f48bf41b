import { describe, expect, it } from 'vitest';
import type { DeliverySlot } from '@contract/delivery';
import { readQueueFilter, slotChoices, withFilter } from './order-filters';

const slot = (day: string, from: string, to: string): DeliverySlot => ({
  id: `${day}T${from}:00+06:00`,
  start: `${day}T${from}:00+06:00`,
  end: `${day}T${to}:00+06:00`,
  label: `${day} ${from}–${to}`,
});

describe('the queue filter in the URL', () => {
  it('reads status, slot and search, dropping unknown states and blanks', () => {
    expect(
      readQueueFilter(
        new URLSearchParams('status=Out+for+delivery&slot=2026-11-22T09%3A00%3A00%2B06%3A00&q=%20rahim%20'),
      ),
    ).toEqual({
      status: 'Out for delivery',
      slot: '2026-11-22T09:00:00+06:00',
      q: 'rahim',
    });
    expect(readQueueFilter(new URLSearchParams('status=Lost&slot=&q=%20'))).toEqual({});
  });

  it('sets a field, and removes it when emptied', () => {
    const params = withFilter(new URLSearchParams('status=Pending'), 'q', '0171');
    expect(params.toString()).toBe('status=Pending&q=0171');
    expect(withFilter(params, 'status', '').toString()).toBe('q=0171');
  });
});

describe('the slots to filter by', () => {
  it("lists today's slots first, then the days ahead, then past days latest first, each once", () => {
    const today = [slot('2026-11-22', '15:00', '17:00'), slot('2026-11-22', '09:00', '11:00')];
    const ahead = [slot('2026-11-23', '09:00', '11:00')];
    const past = [
      slot('2026-11-20', '09:00', '11:00'),
      slot('2026-11-21', '11:00', '13:00'),
      slot('2026-11-21', '09:00', '11:00'),
    ];
    // 22 Nov 2026, 08:00 in Dhaka (02:00 UTC).
    const choices = slotChoices([...today, ...ahead], [...past, today[0]!], new Date(Date.UTC(2026, 10, 22, 2)));
    expect(choices.map((s) => s.label)).toEqual([
      '2026-11-22 09:00–11:00',
      '2026-11-22 15:00–17:00',
      '2026-11-23 09:00–11:00',
      '2026-11-21 09:00–11:00',
      '2026-11-21 11:00–13:00',
      '2026-11-20 09:00–11:00',
    ]);
  });

  it("takes today from Dhaka's clock, not UTC's", () => {
    // 21 Nov 2026, 20:00 UTC is already 22 Nov, 02:00 in Dhaka.
    const choices = slotChoices(
      [slot('2026-11-21', '09:00', '11:00'), slot('2026-11-22', '09:00', '11:00')],
      [],
      new Date(Date.UTC(2026, 10, 21, 20)),
    );
    expect(choices[0]?.id.slice(0, 10)).toBe('2026-11-22');
  });
});
