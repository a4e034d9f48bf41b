/**
 * Orders through the API (spec §7): a customer's own list, the admin's full list, moving an
 * order to its next state (admin, DESIGN.md §8) and delete/cancel. Mutations refresh every
 * cached order query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryStep } from '@contract/delivery';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';

/**
 * Returns the query options of `email`'s orders, or of every order (admins) when `email` is
 * undefined; newest first. The query fails with ApiRequestError on a non-2xx answer.
 */
export const ordersQueryOptions = (email: string | undefined) =>
  queryOptions({
    queryKey: orderKeys.list(email),
    queryFn: () => readResponse(api.orders.$get({ query: email ? { email } : {} })),
  });

/** Returns the orders query (see ordersQueryOptions); `enabled: false` holds it back. */
export const useOrders = (email: string | undefined, enabled = true) =>
  useQuery({ ...ordersQueryOptions(email), enabled });

/**
 * `PUT /api/orders/update/:id` `{orderStatus: to}` → `{modifiedCount}`: moves an order to its next
 * state. The mutation fails with ApiRequestError (409 `invalid_transition` when it has moved on
 * meanwhile); either way every order query is refreshed.
 */
export function useAdvanceOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: string; to: DeliveryStep }) =>
      readResponse(api.orders.update[':id'].$put({ param: { id }, json: { orderStatus: to } })),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}

/**
 * `DELETE /api/orders/:id` → `{deletedCount, cancelledCount}` (admins any order; customers their
 * Pending ones): an unpaid order is deleted, a paid one refunded and kept as Cancelled
 * (DESIGN.md §6); the mutation fails with ApiRequestError.
 */
export function useDeleteOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => readResponse(api.orders[':id'].$delete({ param: { id } })),
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
