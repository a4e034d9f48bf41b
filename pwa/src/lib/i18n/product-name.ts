/** Products' names by language (DESIGN.md §9). */
import type { Locale } from './i18n';

/** A product's name in `locale`: its Bangla name in Bangla when it has one, else its English name. */
export const productName = (product: { name: string; nameBn?: string | null }, locale: Locale): string => (locale === 'bn' && product.nameBn) || product.name;
