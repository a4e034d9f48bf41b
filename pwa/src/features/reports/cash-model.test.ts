import { describe, expect, it } from 'vitest';
import { cashRow, cashTotals } from './cash-model';

const karim = { riderUid: 'u1', name: 'Karim', orders: 3, expected: 1960, collected: 1900 };
const rahim = { riderUid: 'u2', name: 'Rahim', orders: 2, expected: 700, collected: 750 };
const salma = { riderUid: 'u3', name: 'Salma', orders: 1, expected: 0, collected: 0 };

describe('the cash card', () => {
  it("says each rider's difference: short, over or even", () => {
    expect(cashRow(karim)).toMatchObject({ difference: -60, balance: 'short' });
    expect(cashRow(rahim)).toMatchObject({ difference: 50, balance: 'over' });
    expect(cashRow(salma)).toMatchObject({ difference: 0, balance: 'even' });
  });

  it("adds up the day's orders, cash expected and collected", () => {
    expect(cashTotals([karim, rahim, salma])).toEqual({
      orders: 6,
      expected: 2660,
      collected: 2650,
      difference: -10,
      balance: 'short',
    });
    expect(cashTotals([])).toEqual({ orders: 0, expected: 0, collected: 0, difference: 0, balance: 'even' });
  });
});
