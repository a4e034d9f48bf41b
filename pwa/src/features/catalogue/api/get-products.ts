/** The catalogue query: `GET /api/products` (spec §7), cached by TanStack Query. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '../../../../../edge-api/src/contract/product';
import { api, readJson } from '../../../lib/api-client';

/** Fetches every product, in the shop's order. */
export async function getProducts(): Promise<Product[]> {
  return readJson<Product[]>(await api.products.$get());
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: getProducts, staleTime: 60_000 });

/** The products list with TanStack Query's loading and error state. */
export const useProducts = () => useQuery(productsQueryOptions());
