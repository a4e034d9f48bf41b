/**
 * The catalogue: `GET /api/products` (spec §7) through TanStack Query, mirrored into IndexedDB;
 * screens read the mirror, so the shop shows at once, online or offline.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../../edge-api/src/contract/catalogue';
import { api, readJson } from '../../../lib/api-client';
import { mirror, useMirrored } from '../../../lib/offline/catalogue-mirror';

/** Fetches every product, in the shop's order, and refreshes the IndexedDB mirror. */
export async function getProducts(): Promise<Product[]> {
  const products = await readJson<Product[]>(await api.products.$get());
  await mirror('products', products);
  return products;
}

export const productsQueryOptions = () => queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 60_000 });

/** The products (mirror first, else the fetch), with loading and error state. */
export function useProducts(): { data: Product[] | undefined; isPending: boolean; isError: boolean } {
  const query = useQuery(productsQueryOptions());
  const mirrored = useMirrored<Product>('products');
  // After a fetch the mirror holds the same list; before it (or offline) the mirror is all there is.
  const data = query.data ?? mirrored;
  return { data, isPending: data === undefined && query.isPending, isError: data === undefined && query.isError };
}
