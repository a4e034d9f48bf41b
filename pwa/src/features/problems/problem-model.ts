/**
 * What a shopper may report on a delivered order (DESIGN.md §19), as pure rules the report screen
 * and My Orders share: whether the 48 hours are still running, the lines delivered (a substitute
 * by its own name and units; a line not found has nothing to report), how many units of each are
 * left once earlier claims are counted, and the claim's lines from what the shopper ticked, with
 * each field's error as a code (the screen says it in the language shown).
 */
import type { Order } from '@contract/order';
import { reportableUntilMs, type Problem, type ProblemInput, type ProblemReason } from '@contract/problem';

/** When `order` was delivered (its Delivered entry of statusHistory, ISO 8601), or undefined. */
export const deliveredAt = (order: Pick<Order, 'statusHistory'>): string | undefined =>
  [...order.statusHistory].reverse().find((change) => change.status === 'Delivered')?.at;

/** Until when (epoch ms) the owner may report a problem on `order`; null when it is not Delivered. */
export function reportableUntil(order: Pick<Order, 'statusHistory' | 'orderStatus'>): number | null {
  return order.orderStatus === 'Delivered' ? reportableUntilMs(deliveredAt(order)) : null;
}

/** Whether `order` may be reported on at `now` (epoch ms): Delivered less than 48 h ago. */
export function canReport(order: Pick<Order, 'statusHistory' | 'orderStatus'>, now: number): boolean {
  const until = reportableUntil(order);
  return until !== null && now < until;
}

/**
 * A line as it reached the door: the ordered line's `_id` (what a claim names), the product the
 * shopper got (the substitute when one was packed: its id, name and units), the units delivered and
 * those not reported yet.
 */
export type DeliveredLine = {
  _id: string;
  name: string;
  /** The product delivered: the ordered one's id, or the substitute's (names it in Bangla). */
  productId: string;
  image: string;
  delivered: number;
  /** Units not in an earlier claim: at most this many may be reported now (0: all are). */
  left: number;
};

/**
 * The lines of `order` that reached the door, in its line order: an ordered line as packed (a
 * substitute by its name and units), a line not found left out; `problems` (the shopper's earlier
 * claims, any order) take their units off `left`.
 */
export function deliveredLines(
  order: Pick<Order, '_id' | 'orderedProduct' | 'packing'>,
  problems: readonly Pick<Problem, 'orderId' | 'lines'>[] = [],
): DeliveredLine[] {
  const packing = order.packing as Order['packing'] | undefined;
  const claimed = new Map<string, number>();
  for (const problem of problems)
    if (problem.orderId === order._id)
      for (const line of problem.lines) claimed.set(line._id, (claimed.get(line._id) ?? 0) + line.quantity);
  return order.orderedProduct.flatMap((line) => {
    const packed = packing?.lines.find((entry) => entry._id === line._id);
    if (packed && !packed.found) return [];
    const substitute = packed?.substitute;
    const delivered = substitute ? substitute.quantity : line.cartQuantity;
    return [
      {
        _id: line._id,
        name: substitute ? substitute.name : line.name,
        productId: substitute ? substitute._id : line._id,
        image: line.image,
        delivered,
        left: Math.max(0, delivered - (claimed.get(line._id) ?? 0)),
      },
    ];
  });
}

/**
 * Whether a report still in the outbox, naming `claimed` (its lines: ordered line `_id` and
 * units), waits to be sent as far as the server's list shows: every line still fits the units of
 * `lines` (deliveredLines with the server's problems) not reported. Once the server lists the
 * report its units are taken, so the order says what was decided and no longer that it waits, even
 * in the moment before the outbox has written down the server's answer.
 */
export const stillUnreported = (
  lines: readonly DeliveredLine[],
  claimed: readonly Pick<ProblemInput['lines'][number], '_id' | 'quantity'>[],
): boolean => claimed.every((claim) => claim.quantity <= (lines.find((line) => line._id === claim._id)?.left ?? 0));

/** What the shopper chose for one line: ticked or not, why, and how many (as typed). */
export type LineChoice = { ticked: boolean; reason: ProblemReason | ''; quantity: string };

/** Why a ticked line cannot be sent as it is: no reason chosen, or a quantity outside 1..left. */
export type LineError = { reason?: 'chooseReason'; quantity?: { max: number } };

/**
 * The claim's lines from the shopper's `choices` (by line `_id`) over `lines`.
 * @returns `{lines}` to send, or `{errors}` by line id (and `none` when nothing is ticked); the
 * choices are never changed, so nothing the shopper entered is lost.
 */
export function claimLines(
  lines: readonly DeliveredLine[],
  choices: Readonly<Record<string, LineChoice>>,
): { lines: ProblemInput['lines'] } | { errors: Record<string, LineError>; none: boolean } {
  const errors: Record<string, LineError> = {};
  const claim: ProblemInput['lines'] = [];
  for (const line of lines) {
    const choice = choices[line._id];
    if (!choice?.ticked) continue;
    const quantity = Number(choice.quantity.trim());
    const error: LineError = {
      ...(choice.reason === '' && { reason: 'chooseReason' as const }),
      ...(!(Number.isInteger(quantity) && quantity >= 1 && quantity <= line.left) && { quantity: { max: line.left } }),
    };
    if (error.reason || error.quantity) errors[line._id] = error;
    else if (choice.reason !== '') claim.push({ _id: line._id, reason: choice.reason, quantity });
  }
  if (Object.keys(errors).length > 0 || claim.length === 0)
    return { errors, none: claim.length === 0 && Object.keys(errors).length === 0 };
  return { lines: claim };
}

/** The problems of order `orderId` among `problems` (newest first, as the API lists them). */
export const problemsOf = <P extends Pick<Problem, 'orderId'>>(
  problems: readonly P[] | undefined,
  orderId: string,
): P[] => (problems ?? []).filter((problem) => problem.orderId === orderId);
