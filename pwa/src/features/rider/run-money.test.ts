import { describe, expect, it } from 'vitest';
import { cashForRun, changeForRun, parseCash, parseDeliveryCode, stopMoney } from './run-money';

describe('stopMoney', () => {
  it('says a prepaid order collects nothing', () => {
    expect(stopMoney(0, null)).toEqual({ kind: 'prepaid' });
    expect(stopMoney(0, '1000')).toEqual({ kind: 'prepaid' });
  });

  it('brings the change for a 1,000 Tk note: 347 Tk to collect, 653 Tk to bring', () => {
    expect(stopMoney(347, '1000')).toEqual({ kind: 'change', amount: 347, note: 1000, notes: 1, change: 653 });
  });

  it('pays a larger amount with several of a smaller note', () => {
    expect(stopMoney(653, '500')).toEqual({ kind: 'change', amount: 653, note: 500, notes: 2, change: 347 });
  });

  it('needs no change for an exact payment, no note given, or a note that is the amount', () => {
    expect(stopMoney(347, 'exact')).toEqual({ kind: 'exact', amount: 347 });
    expect(stopMoney(347, null)).toEqual({ kind: 'exact', amount: 347 });
    expect(stopMoney(347, undefined)).toEqual({ kind: 'exact', amount: 347 });
    expect(stopMoney(500, '500')).toEqual({ kind: 'exact', amount: 500 });
    expect(stopMoney(1000, '500')).toEqual({ kind: 'exact', amount: 1000 });
  });

  it('rounds a fractional amount up to whole Tk', () => {
    expect(stopMoney(346.2, '1000')).toMatchObject({ amount: 347, change: 653 });
  });
});

describe('a run', () => {
  const stops = [stopMoney(347, '1000'), stopMoney(653, '500'), stopMoney(0, null), stopMoney(120, 'exact')];

  it('adds up the change to bring', () => {
    expect(changeForRun(stops)).toBe(653 + 347);
  });

  it('adds up the cash to bring back', () => {
    expect(cashForRun(stops)).toBe(347 + 653 + 120);
  });
});

describe('parseCash', () => {
  it('reads whole Tk in English or Bangla digits, commas allowed', () => {
    expect(parseCash('1,000')).toBe(1000);
    expect(parseCash(' ৩৪৭ ')).toBe(347);
    expect(parseCash('0')).toBe(0);
  });

  it('refuses what is not a whole, non-negative number', () => {
    expect(parseCash('')).toBeUndefined();
    expect(parseCash('-5')).toBeUndefined();
    expect(parseCash('12.5')).toBeUndefined();
    expect(parseCash('abc')).toBeUndefined();
  });
});

describe('parseDeliveryCode', () => {
  it('takes exactly 4 digits, English or Bangla', () => {
    expect(parseDeliveryCode('0427')).toBe('0427');
    expect(parseDeliveryCode('০৪২৭')).toBe('0427');
    expect(parseDeliveryCode(' 1234 ')).toBe('1234');
  });

  it('refuses anything else', () => {
    expect(parseDeliveryCode('123')).toBeUndefined();
    expect(parseDeliveryCode('12345')).toBeUndefined();
    expect(parseDeliveryCode('12a4')).toBeUndefined();
  });
});
