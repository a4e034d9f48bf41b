/** Products' names by language (DESIGN.md §9). */
import type { Locale } from './i18n';

type Named = { name: string; nameBn?: string | null | undefined };

/** A product's name in `locale`: its Bangla name in Bangla when it has one, else its English name. */
export const productName = (product: Named, locale: Locale): string =>
  (locale === 'bn' && product.nameBn) || product.name;

/** A product as an order or a refusal keeps it: its id and the English name it had then. */
export type StoredProduct = { _id: string; name: string };

/**
 * How a product kept in an order (or named by the server) is named in `locale`: orders store the
 * English name, so in Bangla the catalogue's Bangla name of the product with that id, while the
 * product still exists and has one; else the stored name.
 */
export function storedProductNames(
  catalogue: readonly (Named & { _id: string })[] | undefined,
  locale: Locale,
): (product: StoredProduct) => string {
  if (locale !== 'bn' || !catalogue) return (product) => product.name;
  const byId = new Map(catalogue.map((product) => [product._id, product]));
  return (product) => {
    const current = byId.get(product._id);
    return current ? productName({ name: product.name, nameBn: current.nameBn }, locale) : product.name;
  };
}
