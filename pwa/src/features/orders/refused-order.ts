/**
 * What a refused order puts back in the cart (My Orders; DESIGN.md §5 "Outbox"). Once the server
 * has refused an order the outbox keeps only its lines and the reason, never the shopper's phone
 * or address, so a refused order is ordered again through the cart and checkout, not resent.
 */
import type { UnsentOrder } from './api/get-unsent-orders';

/** A line to put back in the cart: product id, name (the id when none is known) and sale units. */
export type LineBack = { _id: string; name: string; cartQuantity: number };

/**
 * Which lines go back: `all` ("Back to cart"); `atTodaysPrices` ("Order at today's prices", for an
 * order refused because prices rose: every line, on to checkout, where today's total is shown
 * before it is placed); `withoutRefused` ("Send without them": the products the server refused
 * left out); `available` ("Send 3": each refused product with units left at that many, never more
 * than asked, and those with none left out).
 */
export type LinesBack = 'all' | 'atTodaysPrices' | 'withoutRefused' | 'available';

/** Takes refused order `order` and `which` lines to put back (LinesBack); returns them, in the order's order. */
export function linesBack(order: UnsentOrder, which: LinesBack): LineBack[] {
  const left = new Map(order.refusal?.products.map((product) => [product._id, product.available ?? 0]));
  return order.lines.flatMap(({ _id, name, cartQuantity }) => {
    const line = { _id, cartQuantity, name: name ?? _id };
    const available = which === 'all' || which === 'atTodaysPrices' ? undefined : left.get(_id);
    if (available === undefined) return [line];
    const units = which === 'available' ? Math.min(available, cartQuantity) : 0;
    return units > 0 ? [{ ...line, cartQuantity: units }] : [];
  });
}
