/**
 * The purchase list's arithmetic (DESIGN.md §12): how many kilograms a row of sale units weighs
 * (kg and gram packs; pieces, bundles, dozens and hali are counted, not weighed), and the order
 * the rows are read in, by the product's name in the language shown.
 */
import type { PurchaseItem } from '@contract/report';

/** The kilograms `item`'s units weigh (`quantity` × `unitSize` kg, or grams / 1000); undefined when not weighed. */
export function kilograms(item: Pick<PurchaseItem, 'unit' | 'unitSize' | 'quantity'>): number | undefined {
  if (item.unit === 'kg') return item.quantity * item.unitSize;
  if (item.unit === 'g') return (item.quantity * item.unitSize) / 1000;
  return undefined;
}

/** The kilograms of every weighed row together (0 when none is weighed). */
export const totalKilograms = (items: readonly PurchaseItem[]): number =>
  items.reduce((sum, item) => sum + (kilograms(item) ?? 0), 0);

/** `items` sorted by `nameOf` each, as `locale` (an Intl locale) orders words; ties keep the server's order. */
export function sortByName<T>(items: readonly T[], nameOf: (item: T) => string, locale: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base' });
  return [...items].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
}
