/**
 * The cash card's arithmetic (DESIGN.md §18 "Cash"), pure: per rider, the cash that should come
 * back for a day's deliveries (`expected`) against what was collected, the difference and
 * whether it is short, over or even; and the day's totals. Amounts are whole Tk as the API gives them.
 */

/** One rider's line of `GET /api/reports/cash?date=` (the fields the card reads). */
export type CashLine = { riderUid: string; name: string; orders: number; expected: number; collected: number };

/** How the collected cash compares with what was expected. */
export type CashBalance = 'short' | 'over' | 'even';

/** A rider's line with its difference (collected − expected, Tk) and its balance. */
export type CashRow = CashLine & { difference: number; balance: CashBalance };

/** The balance of a difference (Tk): below 0 short, above 0 over. */
const balanceOf = (difference: number): CashBalance => (difference < 0 ? 'short' : difference > 0 ? 'over' : 'even');

/** `line` with its difference and balance. */
export function cashRow(line: CashLine): CashRow {
  const difference = line.collected - line.expected;
  return { ...line, difference, balance: balanceOf(difference) };
}

/** The day's totals over `lines`: orders, expected, collected, their difference and balance. */
export function cashTotals(lines: readonly CashLine[]): Omit<CashRow, 'riderUid' | 'name'> {
  const sum = (pick: (line: CashLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  const expected = sum((line) => line.expected);
  const collected = sum((line) => line.collected);
  return { orders: sum((line) => line.orders), expected, collected, ...balanceParts(collected - expected) };
}

/** The difference and its balance. */
const balanceParts = (difference: number) => ({ difference, balance: balanceOf(difference) });
