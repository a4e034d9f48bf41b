import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatShopTime, orderDateText } from './order-time';

const inLanguage = (lang: string) => vi.stubGlobal('document', { documentElement: { lang } });
afterEach(() => vi.unstubAllGlobals());

const order = { orderDate: '11/22/2026', createdAt: '2026-11-21T20:30:00Z' }; // 02:30 on 22 Nov in Dhaka

describe('order times in the language shown, in Dhaka', () => {
  it('writes Bangla times on the 24-hour clock with Bangla digits (Intl would write AM/PM in Latin letters)', () => {
    inLanguage('bn');
    expect(formatShopTime('2026-11-22T09:05:00Z')).toBe('২২ নভে, ২০২৬, ১৫:০৫');
    expect(formatShopTime('2026-11-22T09:05:00Z')).not.toMatch(/[A-Za-z]/);
  });

  it('keeps English times as before', () => {
    inLanguage('en');
    expect(formatShopTime('2026-11-22T09:05:00Z')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Dhaka' }).format(
        new Date('2026-11-22T09:05:00Z'),
      ),
    );
  });

  it("gives an order's day as the shopper's browser wrote it in English, and its Dhaka date in Bangla", () => {
    inLanguage('en');
    expect(orderDateText(order)).toBe('11/22/2026');
    inLanguage('bn');
    expect(orderDateText(order)).toBe('২২ নভে, ২০২৬');
  });
});
