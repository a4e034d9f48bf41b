/**
 * Applies a catalogue delta (`GET /api/products?since=N`, DESIGN.md §5) to the shop's list:
 * deleted ids leave, edited products are replaced where they stand, new ones are appended —
 * the server sends changes in shop order, and a new product always sorts last (created_at
 * only grows), so the result is the order a full fetch would give.
 */
import type { CatalogueDelta, Product } from '@contract/catalogue';

/** The list after `delta`; `products` is not modified. */
export function applyCatalogueDelta(products: readonly Product[], delta: CatalogueDelta): Product[] {
  const deleted = new Set(delta.deleted);
  const changed = new Map(delta.changed.map((product) => [product._id, product]));
  const kept = products
    .filter((product) => !deleted.has(product._id))
    .map((product) => changed.get(product._id) ?? product);
  const known = new Set(kept.map((product) => product._id));
  return [...kept, ...delta.changed.filter((product) => !known.has(product._id))];
}
