/**
 * The shop's search and filters, read from and written to the URL (`?q=`, `?category=`,
 * `?season=`) so a filtered shop survives a reload and can be shared. Search finds a product by
 * its English name, its Bangla name or that name in Latin letters (romanisation.ts), in any case.
 */
import { categories, seasons, type Category, type Product, type Season } from '@contract/catalogue';
import { normalise, romanisations } from './romanisation';

export type CatalogueFilters = { q: string; category: Category | undefined; season: Season | undefined };

const isCategory = (value: string | null): value is Category => categories.includes(value as Category);
const isSeason = (value: string | null): value is Season => seasons.includes(value as Season);

/** Reads the filters from URL search params; unknown values are ignored. */
export function readFilters(params: URLSearchParams): CatalogueFilters {
  const category = params.get('category');
  const season = params.get('season');
  return {
    q: (params.get('q') ?? '').trim(),
    category: isCategory(category) ? category : undefined,
    season: isSeason(season) ? season : undefined,
  };
}

/** The texts search looks in: the English name, the Bangla name and its romanisations. */
const searchTexts = (product: Product): string[] => [
  normalise(product.name),
  ...(product.nameBn ? [normalise(product.nameBn), ...romanisations(product.nameBn)] : []),
];

/** Products whose English or Bangla name (or its romanisation) contains `q`, in any case, and that match the category and season. */
export function filterProducts(products: readonly Product[], filters: CatalogueFilters): Product[] {
  const q = normalise(filters.q);
  return products.filter(
    (p) =>
      (!q || searchTexts(p).some((text) => text.includes(q))) &&
      (!filters.category || p.category === filters.category) &&
      (!filters.season || p.season === filters.season),
  );
}
