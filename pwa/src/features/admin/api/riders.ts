/**
 * Riders through the API (DESIGN.md §18): the riders named (`GET /api/riders`), naming one
 * (`PUT /api/users/rider`) and removing one (`DELETE /api/users/rider`), by e-mail or phone
 * number. Admin writes need the connection: never through the outbox. A change refreshes the list.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, readResponse } from '../../../lib/api-client';
import { riderKeys } from '../../../lib/rider-keys';
import type { RiderTarget } from '../rider-target';

/** A rider as `GET /api/riders` lists them. */
export type Rider = Awaited<ReturnType<typeof fetchRiders>>[number];

/** `GET /api/riders` → the riders. @throws ApiRequestError (403 for a non-admin), TypeError offline. */
const fetchRiders = () => readResponse(api.riders.$get());

/** Returns the riders query. */
export const useRiders = () =>
  useQuery(queryOptions({ queryKey: riderKeys.all, queryFn: fetchRiders, staleTime: 60_000 }));

/** `PUT /api/users/rider {email}|{phoneNumber}` → `{modifiedCount}` (0: no such account, or not verified); fails with ApiRequestError. */
export function useGrantRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: RiderTarget) => readResponse(api.users.rider.$put({ json: target })),
    onSuccess: () => client.invalidateQueries({ queryKey: riderKeys.all }),
  });
}

/** `DELETE /api/users/rider {email}|{phoneNumber}` → `{modifiedCount}` (0: was not a rider); fails with ApiRequestError. */
export function useRevokeRider() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (target: RiderTarget) => readResponse(api.users.rider.$delete({ json: target })),
    onSuccess: () => client.invalidateQueries({ queryKey: riderKeys.all }),
  });
}
