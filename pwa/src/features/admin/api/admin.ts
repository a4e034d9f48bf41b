/**
 * Admin writes through the API (spec §7, DESIGN.md §3): add, update and delete products, grant
 * admin rights. The server refuses non-admins; these never go through the offline outbox.
 * Product changes refresh the catalogue query.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductInput } from '@contract/product';
import { api, readResponse } from '../../../lib/api-client';
import { productKeys } from '../../../lib/query-keys';

/** `POST /api/products` → the new product; the mutation fails with ApiRequestError. */
export function useAddProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: ProductInput) => readResponse(api.products.$post({ json: input })),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `PUT /api/products/update/:id` with the edited fields → `{modifiedCount, product}`; fails with ApiRequestError. */
export function useUpdateProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, edit }: { id: string; edit: Partial<ProductInput> }) =>
      readResponse(api.products.update[':id'].$put({ param: { id }, json: edit })),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/**
 * `PATCH /api/products/:id/stock {delta}` → `{stock, product}`: adds `delta` units (negative:
 * takes them away) to the stock the server has, so orders taken meanwhile are not overwritten;
 * fails with ApiRequestError (409 `stock_below_zero`). Resolves once the catalogue is refreshed.
 */
export function useChangeStock() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, delta }: { id: string; delta: number }) =>
      readResponse(api.products[':id'].stock.$patch({ param: { id }, json: { delta } })),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/**
 * `DELETE /api/products/:id` → `{deletedCount}`: exactly the product `id` (the old app's
 * filter-by-undefined defect is gone); fails with ApiRequestError.
 */
export function useDeleteProduct() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readResponse(api.products[':id'].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: productKeys.all }),
  });
}

/** `PUT /api/users/admin` → `{modifiedCount}` (0: unknown user or already an admin); fails with ApiRequestError. */
export function useGrantAdmin() {
  return useMutation({
    mutationFn: (email: string) => readResponse(api.users.admin.$put({ json: { email } })),
  });
}
