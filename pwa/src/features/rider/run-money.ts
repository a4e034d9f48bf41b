/**
 * The money of one stop of a rider's run (DESIGN.md §18), pure: what to collect at the door and
 * the change to bring for the note the shopper said they will pay with ("pays with 1,000 — bring
 * 653 Tk"). Amounts are whole Tk as the API gives them (`finalAmount` is rounded up to whole Tk).
 */

/** The notes a cash checkout offers to pay with (the contract's `payWith`): none given is `null`. */
export type PayWith = 'exact' | '500' | '1000';

/**
 * What the rider is told about one stop's money:
 * - `prepaid`: nothing to collect (bKash or card);
 * - `exact`: collect `amount`, the shopper has it exactly (or said nothing of a note);
 * - `change`: collect `amount`; the shopper pays with `notes` × `note`, so bring `change`.
 */
export type StopMoney =
  | { kind: 'prepaid' }
  | { kind: 'exact'; amount: number }
  | { kind: 'change'; amount: number; note: number; notes: number; change: number };

/**
 * Takes a stop's `amountToCollect` (Tk, 0 for a prepaid order) and the shopper's `payWith`, and
 * returns what the rider collects and the change to bring. A note smaller than the amount is
 * paid as several of it (653 Tk with 500s: 2 × 500, bring 347 Tk). A note that is exactly the
 * amount needs no change.
 */
export function stopMoney(amountToCollect: number, payWith: PayWith | null | undefined): StopMoney {
  if (!(amountToCollect > 0)) return { kind: 'prepaid' };
  const amount = Math.ceil(amountToCollect);
  const note = payWith === '500' || payWith === '1000' ? Number(payWith) : undefined;
  if (note === undefined) return { kind: 'exact', amount };
  const notes = Math.ceil(amount / note);
  const change = notes * note - amount;
  return change === 0 ? { kind: 'exact', amount } : { kind: 'change', amount, note, notes, change };
}

/** The change the whole run needs before it sets out (Tk): the sum over its stops not yet done. */
export const changeForRun = (stops: ReadonlyArray<StopMoney>): number =>
  stops.reduce((sum, money) => sum + (money.kind === 'change' ? money.change : 0), 0);

/** The cash a run brings back (Tk) when every one of `stops` is delivered. */
export const cashForRun = (stops: ReadonlyArray<StopMoney>): number =>
  stops.reduce((sum, money) => sum + (money.kind === 'prepaid' ? 0 : money.amount), 0);

/**
 * Reads the cash the rider typed (`text`, English or Bangla digits, commas allowed) as whole Tk.
 * @returns the amount, or undefined when it is empty, not a whole number, or negative.
 */
export function parseCash(text: string): number | undefined {
  const digits = text
    .trim()
    .replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6))
    .replace(/[,\s]/g, '');
  if (!/^\d{1,7}$/.test(digits)) return undefined;
  return Number(digits);
}

/** Reads a 4-digit delivery code the rider typed (English or Bangla digits); undefined unless it is 4 digits. */
export function parseDeliveryCode(text: string): string | undefined {
  const digits = text.trim().replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - 0x09e6));
  return /^\d{4}$/.test(digits) ? digits : undefined;
}
