/**
 * Orders through the API (spec §7): a customer's own list, the admin's full list, approve
 * (admin) and delete/cancel. Mutations refresh every cached order list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/order';
import { api, readJson } from '../../../lib/api-client';

export const orderKeys = {
  all: ['orders'] as const,
  list: (email: string | undefined) => ['orders', email ?? 'all'] as const,
};

/** Orders of `email`, or every order (admins) when `email` is undefined; newest first. */
export const ordersQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: orderKeys.list(email),
    queryFn: async (): Promise<Order[]> => readJson<Order[]>(await api.orders.$get({ query: email ? { email } : {} })),
  });

export const useOrders = (email: string | undefined, enabled = true) => useQuery({ ...ordersQueryOptions(email), enabled });

/** `PUT /api/orders/update/:id` → `{modifiedCount}`. */
export function useApproveOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson<{ modifiedCount: number }>(await api.orders.update[':id'].$put({ param: { id }, json: { orderStatus: 'Approved' } })),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/** `DELETE /api/orders/:id` → `{deletedCount}` (admins any order; customers their Pending ones). */
export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => readJson<{ deletedCount: number }>(await api.orders[':id'].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
