/**
 * Delivery areas as the shopper finds them (DESIGN.md §15): by their English or Bangla name (or
 * thana), grouped by thana, named in the language shown. Pure functions, no React.
 */
import type { DeliveryArea } from '@contract/delivery-area';
import type { Locale } from '../../lib/i18n/i18n';
import { productName } from '../../lib/i18n/product-name';

export type { DeliveryArea };

/** An area's name in `locale`: its Bangla name in Bangla, else its English name. */
export const areaName = (area: Pick<DeliveryArea, 'name' | 'nameBn'>, locale: Locale): string =>
  productName(area, locale);

/** `text` as a search compares it: lower case, Unicode NFC, without spaces, hyphens, dots or commas ("Mirpur-10" ≈ "mirpur 10"). */
const searchable = (text: string): string =>
  text
    .normalize('NFC')
    .toLocaleLowerCase('en')
    .replace(/[\s\-.,/()]+/g, '');

/**
 * The areas whose English name, Bangla name or thana contains `query` (ignoring case, spaces and
 * hyphens), in their order; every area for an empty query.
 */
export function filterAreas<A extends Pick<DeliveryArea, 'name' | 'nameBn' | 'thana'>>(
  areas: readonly A[],
  query: string,
): A[] {
  const wanted = searchable(query);
  if (!wanted) return [...areas];
  return areas.filter((area) => [area.name, area.nameBn, area.thana].some((text) => searchable(text).includes(wanted)));
}

/** `areas` grouped by thana, thanas in the order they first appear (the API sorts by thana, then name). */
export function groupByThana<A extends Pick<DeliveryArea, 'thana'>>(
  areas: readonly A[],
): Array<{ thana: string; areas: A[] }> {
  const groups = new Map<string, A[]>();
  for (const area of areas) groups.set(area.thana, [...(groups.get(area.thana) ?? []), area]);
  return [...groups].map(([thana, list]) => ({ thana, areas: list }));
}

/** The area of id `id` among `areas`, or undefined (none chosen, not loaded, or no longer delivered to). */
export const areaById = (
  areas: readonly DeliveryArea[] | undefined,
  id: string | null | undefined,
): DeliveryArea | undefined => (id ? areas?.find((area) => area.id === id) : undefined);
