/**
 * What the shoppers asked of the lines behind a day's purchase list (DESIGN.md §17): per product,
 * how many lines allow a similar product or want a call, and their notes. The purchase list itself
 * (`GET /reports/purchase-list`) sums units only; these come from the day's orders, read slot by
 * slot from the admin's queue (`GET /orders?slot=`). Orders without a slot are not among them.
 */
import type { Substitution } from '@contract/line-choice';
import type { Order } from '@contract/order';

/** The choices on one product's lines: lines per substitution other than none, and the notes in order. */
export type ProductChoices = { substitutions: Partial<Record<Exclude<Substitution, 'none'>, number>>; notes: string[] };

/**
 * Takes `orders` (a day's, any order of them) and returns each product's choices by product id,
 * for products with at least one; cancelled orders and lines without a choice or note count for nothing.
 */
export function choicesByProduct(orders: readonly Order[]): Map<string, ProductChoices> {
  const byProduct = new Map<string, ProductChoices>();
  for (const order of orders) {
    if (order.orderStatus === 'Cancelled') continue;
    for (const line of order.orderedProduct) {
      const substitution = line.substitution ?? 'none';
      const note = line.note?.trim();
      if (substitution === 'none' && !note) continue;
      const choices = byProduct.get(line._id) ?? { substitutions: {}, notes: [] };
      if (substitution !== 'none') choices.substitutions[substitution] = (choices.substitutions[substitution] ?? 0) + 1;
      if (note) choices.notes.push(note);
      byProduct.set(line._id, choices);
    }
  }
  return byProduct;
}
