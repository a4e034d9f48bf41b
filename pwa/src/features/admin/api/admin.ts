/**
 * Admin writes through the API (spec §7, DESIGN.md §3): add, update and delete products, grant
 * admin rights. The server refuses non-admins; these never go through the offline outbox.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@contract/catalogue';
import type { ProductInput } from '@contract/product';
import { api, readJson } from '../../../lib/api-client';

const PRODUCTS = ['products'] as const;

export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProductInput) => readJson<Product>(await api.products.$post({ json: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, edit }: { id: string; edit: Partial<ProductInput> }) =>
      readJson<{ modifiedCount: number; product: Product }>(await api.products.update[':id'].$put({ param: { id }, json: edit })),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

/** Deletes exactly the product `id` (the old app's filter-by-undefined defect is gone). */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson<{ deletedCount: number }>(await api.products[':id'].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS }),
  });
}

/** `PUT /api/users/admin` → `{modifiedCount}` (0: unknown user or already an admin). */
export function useGrantAdmin() {
  return useMutation({
    mutationFn: async (email: string) => readJson<{ modifiedCount: number }>(await api.users.admin.$put({ json: { email } })),
  });
}
