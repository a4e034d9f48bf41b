import { afterEach, describe, expect, it, vi } from 'vitest';
import { countdownState, DEFAULT_FLASH_SALE, flashSaleWindow } from './countdown';

const start = Date.parse('2022-03-30T12:00:00');
const end = Date.parse('2022-04-30T11:59:59');

afterEach(() => vi.useRealTimers());

describe('flash-sale countdown', () => {
  it('is hidden before the window opens', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2022-03-30T11:59:59'));
    expect(countdownState(Date.now(), start, end)).toEqual({ kind: 'before' });
  });

  it('counts days, hours, minutes and seconds to the end, second by second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2022-03-30T12:00:00'));
    expect(countdownState(Date.now(), start, end)).toEqual({
      kind: 'running',
      parts: { days: 30, hours: 23, minutes: 59, seconds: 59 },
    });
    vi.advanceTimersByTime(1000);
    expect(countdownState(Date.now(), start, end)).toEqual({
      kind: 'running',
      parts: { days: 30, hours: 23, minutes: 59, seconds: 58 },
    });
    vi.setSystemTime(new Date('2022-04-30T11:59:58'));
    expect(countdownState(Date.now(), start, end)).toEqual({
      kind: 'running',
      parts: { days: 0, hours: 0, minutes: 0, seconds: 1 },
    });
  });

  it('ends at zero', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2022-04-30T11:59:59'));
    expect(countdownState(Date.now(), start, end)).toEqual({ kind: 'ended' });
  });

  it('reads the configured window and falls back to the spec default on bad input', () => {
    expect(flashSaleWindow('2026-11-01T00:00:00', '2026-12-01T00:00:00')).toEqual({
      start: Date.parse('2026-11-01T00:00:00'),
      end: Date.parse('2026-12-01T00:00:00'),
    });
    const fallback = { start: Date.parse(DEFAULT_FLASH_SALE.start), end: Date.parse(DEFAULT_FLASH_SALE.end) };
    expect(flashSaleWindow(undefined, undefined)).toEqual(fallback);
    expect(flashSaleWindow('soon', 'later')).toEqual(fallback);
    expect(flashSaleWindow('2026-12-01', '2026-11-01')).toEqual(fallback);
  });
});
