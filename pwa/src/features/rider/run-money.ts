/**
 * The money of a rider's run (DESIGN.md §18), pure: what to collect at each door, the note the
 * shopper pays with and the change to bring for it (the server's `changeToBring`, by the
 * contract's rule), the run's totals, and the cash and code the rider types. Money is whole Tk.
 */
import type { PayWith, RunStop } from '@contract/rider';

/**
 * What the rider is told about one stop's money:
 * - `prepaid`: nothing to collect (bKash or card);
 * - `cash`: collect `amount`; `note` is the note the shopper said they pay with (500 or 1,000 Tk;
 *   absent for the exact amount or none said), `change` what to bring for it (0 when the note does
 *   not cover the amount: the shopper pays with more than one), `exact` whether they said exact.
 */
export type StopMoney =
  { kind: 'prepaid' } | { kind: 'cash'; amount: number; exact: boolean; note?: number; change: number };

/** The Tk value of a note the shopper pays with; undefined for `exact` or none. */
const noteTk = (payWith: PayWith | null): number | undefined =>
  payWith === '500' || payWith === '1000' ? Number(payWith) : undefined;

/** Takes a stop of the run and returns what the rider collects there and the change to bring. */
export function stopMoney(stop: Pick<RunStop, 'amountToCollect' | 'payWith' | 'changeToBring'>): StopMoney {
  if (!(stop.amountToCollect > 0)) return { kind: 'prepaid' };
  const note = noteTk(stop.payWith);
  return {
    kind: 'cash',
    amount: stop.amountToCollect,
    exact: stop.payWith === 'exact',
    ...(note === undefined ? {} : { note }),
    change: stop.changeToBring,
  };
}

/**
 * The totals of the stops still to deliver: the cash they bring back (Tk, when each pays its
 * amount) and the change the rider should set out with (Tk, the sum of each stop's change).
 */
export function runTotals(stops: ReadonlyArray<StopMoney>): { cash: number; change: number } {
  let cash = 0;
  let change = 0;
  for (const money of stops)
    if (money.kind === 'cash') {
      cash += money.amount;
      change += money.change;
    }
  return { cash, change };
}

/** `text` with Bangla digits (০–৯) written as ASCII ones. */
const asciiDigits = (text: string): string => text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));

/**
 * Reads the cash the rider typed (`text`, English or Bangla digits, commas allowed) as whole Tk.
 * @returns the amount, or undefined when it is empty, not a whole number, or negative.
 */
export function parseCash(text: string): number | undefined {
  const digits = asciiDigits(text.trim()).replace(/[,\s]/g, '');
  return /^\d{1,7}$/.test(digits) ? Number(digits) : undefined;
}

/** Reads a 4-digit delivery code the rider typed (English or Bangla digits); undefined unless it is 4 digits. */
export function parseDeliveryCode(text: string): string | undefined {
  const digits = asciiDigits(text.trim());
  return /^\d{4}$/.test(digits) ? digits : undefined;
}
