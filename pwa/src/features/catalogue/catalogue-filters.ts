/**
 * The shop's search and filters, read from and written to the URL (`?q=`, `?category=`,
 * `?season=`) so a filtered shop survives a reload and can be shared.
 */
import { categories, seasons, type Category, type Product, type Season } from '@contract/catalogue';

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

/** Products whose name contains `q` (any case) and that match the category and season. */
export function filterProducts(products: readonly Product[], filters: CatalogueFilters): Product[] {
  const q = filters.q.toLocaleLowerCase();
  return products.filter(
    (p) =>
      (!q || p.name.toLocaleLowerCase().includes(q)) &&
      (!filters.category || p.category === filters.category) &&
      (!filters.season || p.season === filters.season),
  );
}
