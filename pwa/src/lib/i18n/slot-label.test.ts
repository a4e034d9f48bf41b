import { describe, expect, it } from 'vitest';
import { switchableLanguages } from '../../testing/languages';
import { chooseLocale } from './i18n';
import { shopDay, slotDay, slotLabel, slotTimes } from './slot-label';

// A slot as the server describes it: Sunday 22 November 2026, 09:00–11:00 in Dhaka.
const slot = {
  id: '2026-11-22T09:00:00+06:00',
  start: '2026-11-22T09:00:00+06:00',
  end: '2026-11-22T11:00:00+06:00',
  label: 'Sun 22 Nov, 09:00–11:00',
};
// The same slot's times in UTC: read in Dhaka all the same.
const utc = { ...slot, start: '2026-11-22T03:00:00Z', end: '2026-11-22T05:00:00Z' };

switchableLanguages();

describe('slot labels (one rule for every screen)', () => {
  it("are the server's English label in English, and its day and times as the server writes them", async () => {
    await chooseLocale('en');
    expect(slotLabel(slot)).toBe('Sun 22 Nov, 09:00–11:00');
    expect(slotDay(slot.start)).toBe('Sun 22 Nov');
    expect(slotTimes(utc)).toBe('09:00–11:00');
  });

  it("are written from the slot's start and end in Bangla, with Bangla digits, in Dhaka time", async () => {
    await chooseLocale('bn');
    expect(slotLabel(slot)).toBe('রবি ২২ নভে, ০৯:০০–১১:০০');
    expect(slotLabel(utc)).toBe('রবি ২২ নভে, ০৯:০০–১১:০০');
    expect(slotLabel({ ...slot, start: '2026-11-22T18:00:00+06:00', end: '2026-11-22T20:00:00+06:00' })).toBe(
      'রবি ২২ নভে, ১৮:০০–২০:০০',
    );
    expect(slotLabel(slot)).not.toMatch(/[A-Za-z0-9]/);
  });

  it("write an order's date in Dhaka, day first like a slot's day, in either language", async () => {
    // 20:30 UTC on 21 Nov is 02:30 on 22 Nov in Dhaka.
    await chooseLocale('en');
    expect(shopDay('2026-11-21T20:30:00Z')).toBe('22 Nov 2026');
    await chooseLocale('bn');
    expect(shopDay('2026-11-21T20:30:00Z')).toBe('২২ নভে, ২০২৬');
  });
});
