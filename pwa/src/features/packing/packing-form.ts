/**
 * The packing screen's rules (DESIGN.md §17), apart from the screen so they are tested as they
 * run: what the packer has entered per ordered line (found or not, the grams packed, a
 * substitute and its units), what is wrong with an entry before anything is sent (grams required
 * on a found weighed line, whole and within the line's range; a substitute only where the shopper
 * allowed one, with its units), the `PUT /orders/:id/packing` body it makes, and the final bill it
 * comes to — by the contract's one pricing module, as the server will charge it.
 */
import { MAX_LINE_QUANTITY } from '@contract/catalogue';
import { allowsSubstitute } from '@contract/line-choice';
import type { Order, PackingInput } from '@contract/order';
import type { PackingProblem } from '@contract/packing-problems';
import { finalAmountOf, packedGramsRange, packedLinePrice, substitutePrice } from '@contract/weighed-pricing';

/** One ordered line of an order. */
export type OrderLine = Order['orderedProduct'][number];

/** What the packer entered for one line, as typed: found or not, grams, a substitute's id and units. */
export type LineEntry = { found: boolean; grams: string; substituteId: string | null; substituteQuantity: string };

/** Every ordered line's entry, by product id. */
export type PackingDraft = Record<string, LineEntry>;

/** A product that may be packed as a substitute: its id and price per sale unit (Tk). */
export type SubstituteProduct = { _id: string; price: number };

/** Why an entry cannot be sent: one of the server's reasons, or grams that are not a whole number. */
export type EntryProblem = { reason: PackingProblem | 'grams_not_whole'; min?: number; max?: number };

/** A line as the packer first sees it: found, no grams yet, no substitute (one unit when one is chosen). */
export const blankEntry = (): LineEntry => ({ found: true, grams: '', substituteId: null, substituteQuantity: '1' });

/** The draft a packing starts from: every line of `order` blank. */
export const initialDraft = (order: Pick<Order, 'orderedProduct'>): PackingDraft =>
  Object.fromEntries(order.orderedProduct.map((line) => [line._id, blankEntry()]));

const BANGLA_ZERO = '০'.charCodeAt(0);

/**
 * A whole number as typed, in Latin or Bangla digits (a Bangla keyboard's numeric pad types ০–৯),
 * spaces and thousands separators ignored; NaN when it is empty or not a whole number.
 */
export function parseWhole(text: string): number {
  const latin = text.replace(/[০-৯]/g, (digit) => String(digit.charCodeAt(0) - BANGLA_ZERO)).replace(/[\s,]/g, '');
  if (latin === '') return Number.NaN;
  return /^\d+$/.test(latin) ? Number(latin) : Number.NaN;
}

/** True when `text` holds nothing but spaces. */
const blank = (text: string) => text.trim() === '';

/**
 * What is wrong with `entry` for `line`, checked before sending as the server checks it
 * (contract/order.ts packingProblems); undefined when it may be sent. A found weighed line needs
 * whole grams within packedGramsRange; a line not found may carry a substitute only when its
 * substitution allows one, with 1–100 units.
 */
export function entryProblem(line: OrderLine, entry: LineEntry): EntryProblem | undefined {
  if (entry.found) {
    const range = packedGramsRange(line);
    if (!range) return undefined;
    if (blank(entry.grams)) return { reason: 'grams_required' };
    const grams = parseWhole(entry.grams);
    if (!Number.isInteger(grams)) return { reason: 'grams_not_whole' };
    return grams < range.min || grams > range.max
      ? { reason: 'grams_out_of_range', min: range.min, max: range.max }
      : undefined;
  }
  if (entry.substituteId === null) return undefined;
  if (!allowsSubstitute(line.substitution)) return { reason: 'substitute_not_allowed' };
  const quantity = parseWhole(entry.substituteQuantity);
  return Number.isInteger(quantity) && quantity >= 1 && quantity <= MAX_LINE_QUANTITY
    ? undefined
    : { reason: 'substitute_quantity_required' };
}

/**
 * The packing of `order` as `draft` has it: the `PUT /orders/:id/packing` body (one entry per
 * ordered line, in the order's order), or the problem of every line that cannot be sent yet.
 */
export function packingOf(
  order: Pick<Order, 'orderedProduct'>,
  draft: PackingDraft,
): { input: PackingInput } | { problems: Record<string, EntryProblem> } {
  const problems: Record<string, EntryProblem> = {};
  const lines = order.orderedProduct.map((line) => {
    const entry = draft[line._id] ?? blankEntry();
    const problem = entryProblem(line, entry);
    if (problem) problems[line._id] = problem;
    if (entry.found) {
      const weighed = packedGramsRange(line) !== undefined;
      return { _id: line._id, found: true, ...(weighed && { packedGrams: parseWhole(entry.grams) }) };
    }
    return {
      _id: line._id,
      found: false,
      ...(entry.substituteId !== null && {
        substituteId: entry.substituteId,
        substituteQuantity: parseWhole(entry.substituteQuantity),
      }),
    };
  });
  return Object.keys(problems).length > 0 ? { problems } : { input: { lines } };
}

/**
 * What `line` costs as `entry` has it (Tk, to the poisha), as the server will charge it: a found
 * weighed line for the grams packed (at nominal weight until valid grams are entered), another
 * found line at its price; a substitute at most what the line cost; a line not found nothing.
 * `products` are the catalogue's, for a substitute's price (a substitute not among them: nothing).
 */
function linePrice(line: OrderLine, entry: LineEntry, products: ReadonlyMap<string, SubstituteProduct>): number {
  if (entry.found) {
    const grams = parseWhole(entry.grams);
    const range = packedGramsRange(line);
    const valid = range && Number.isInteger(grams) && grams >= range.min && grams <= range.max;
    return valid ? packedLinePrice(line, grams) : packedLinePrice(line, range?.nominal ?? 0);
  }
  const substitute = entry.substituteId === null ? undefined : products.get(entry.substituteId);
  const quantity = parseWhole(entry.substituteQuantity);
  if (!substitute || !Number.isInteger(quantity) || quantity < 1) return 0;
  return substitutePrice(line, substitute.price, quantity);
}

/**
 * The final bill `draft` comes to (DESIGN.md §17): each line's price, their sum, and
 * finalAmountOf(sum, the shipping charged, maxAmount) — never above the order's ceiling.
 */
export function billPreview(
  order: Pick<Order, 'orderedProduct' | 'shipping' | 'maxAmount'>,
  draft: PackingDraft,
  products: ReadonlyMap<string, SubstituteProduct>,
): { lines: Record<string, number>; packedTotal: number; finalAmount: number } {
  const lines = Object.fromEntries(
    order.orderedProduct.map((line) => [line._id, linePrice(line, draft[line._id] ?? blankEntry(), products)]),
  );
  const packedTotal = Math.round(Object.values(lines).reduce((sum, price) => sum + price * 100, 0)) / 100;
  return { lines, packedTotal, finalAmount: finalAmountOf(packedTotal, order.shipping, order.maxAmount) };
}
