/**
 * Riders for the admin's order screens (DESIGN.md §18 "Assigning"): the riders named
 * (`GET /api/riders`) to choose from, and giving an order to a rider at a stop of their run
 * (`PUT /api/orders/:id/rider`). Never through the outbox: the admin assigns online.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';
import { riderKeys } from '../../../lib/rider-keys';

/** The riders, named by the admin; the query fails with ApiRequestError (403 for a non-admin). */
const ridersQueryOptions = () =>
  queryOptions({
    queryKey: riderKeys.all,
    queryFn: () => readResponse(api.riders.$get()),
    staleTime: 60_000,
  });

/** Returns the riders query (see ridersQueryOptions). */
export const useRiders = () => useQuery(ridersQueryOptions());

/**
 * `PUT /api/orders/:id/rider {riderUid, stop?}` → the order as assigned: gives order `id` to
 * rider `riderUid`, at `stop` of their run (without: last). Fails with ApiRequestError (409
 * `not_assignable` for an order that is Pending, Delivered or Cancelled). Every order query is
 * refreshed afterwards, the runs' stops with them.
 */
export function useAssignRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, riderUid, stop }: { id: string; riderUid: string; stop?: number }) =>
      readResponse(
        api.orders[':id'].rider.$put({ param: { id }, json: { riderUid, ...(stop !== undefined && { stop }) } }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
