/**
 * Orders through the API (spec §7): the signed-in account's own list, moving an
 * order to its next state (admin, DESIGN.md §8) and delete/cancel. Mutations refresh every
 * cached order query.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliveryStep } from '@contract/delivery';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';

/**
 * Returns the query options of the signed-in account's own orders, `GET /api/users/me/orders`
 * (by account, whatever its sign-in: e-mail, Google or phone number; DESIGN.md §3), kept under
 * `account` (its e-mail, or phone number) so one account's list is never shown to another;
 * newest first. The query fails with ApiRequestError on a non-2xx answer.
 */
const ordersQueryOptions = (account: string | undefined) =>
  queryOptions({
    queryKey: orderKeys.list(account),
    queryFn: () => readResponse(api.users.me.orders.$get({ query: {} })),
  });

/** Returns the orders query (see ordersQueryOptions); `enabled: false` holds it back. */
export const useOrders = (account: string | undefined, enabled = true) =>
  useQuery({ ...ordersQueryOptions(account), enabled: enabled && Boolean(account) });

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
