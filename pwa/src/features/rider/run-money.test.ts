import { changeToBring, type PayWith } from '@contract/rider';
import { describe, expect, it } from 'vitest';
import { parseCash, parseDeliveryCode, runTotals, stopMoney } from './run-money';

/** A stop's money fields as the API gives them (changeToBring by the contract's rule). */
const stop = (amountToCollect: number, payWith: PayWith | null) => ({
  amountToCollect,
  payWith,
  changeToBring: changeToBring(amountToCollect, payWith),
});

describe('stopMoney', () => {
  it('says a prepaid order collects nothing', () => {
    expect(stopMoney(stop(0, null))).toEqual({ kind: 'prepaid' });
  });

  it('brings the change for a 1,000 Tk note: 347 Tk to collect, 653 Tk to bring', () => {
    expect(stopMoney(stop(347, '1000'))).toEqual({ kind: 'cash', amount: 347, exact: false, note: 1000, change: 653 });
  });

  it('brings no change for a note that does not cover the amount (the shopper pays with more than one)', () => {
    expect(stopMoney(stop(653, '500'))).toEqual({ kind: 'cash', amount: 653, exact: false, note: 500, change: 0 });
  });

  it('needs no change for an exact payment or no note given', () => {
    expect(stopMoney(stop(347, 'exact'))).toEqual({ kind: 'cash', amount: 347, exact: true, change: 0 });
    expect(stopMoney(stop(347, null))).toEqual({ kind: 'cash', amount: 347, exact: false, change: 0 });
  });
});

describe('runTotals', () => {
  it('adds up the cash to bring back and the change to set out with', () => {
    const stops = [stop(347, '1000'), stop(653, '500'), stop(0, null), stop(120, 'exact'), stop(420, '500')];
    expect(runTotals(stops.map(stopMoney))).toEqual({ cash: 347 + 653 + 120 + 420, change: 653 + 80 });
  });

  it('is nothing for no stops', () => {
    expect(runTotals([])).toEqual({ cash: 0, change: 0 });
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
