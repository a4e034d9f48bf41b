/**
 * The rider's run sheet (DESIGN.md §18): `GET /api/rider/run?date=` — their stops of a shop date
 * in stop order. The query lives under `orderKeys.all`, so the dashboard's kept queries
 * (lib/persist-queries.ts) keep its last copy for reading without a connection, a change to any
 * order refetches it, and a sign-out forgets it. A signed-in account that is not a rider is
 * answered 403: the page says so, and the dashboard shows the run's link only to riders.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RunStop } from '@contract/rider';
import { api, ApiRequestError, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';

/** The run's query keys: under `orderKeys.all` (kept offline, refreshed with every order). */
export const runKeys = {
  all: [...orderKeys.all, 'rider-run'] as const,
  /** The run of `account` (its e-mail or phone number) on shop date `date` (`YYYY-MM-DD`). */
  run: (account: string, date: string) => [...runKeys.all, account, date] as const,
};

/** True when `error` says the signed-in account is not a rider (403): not worth retrying. */
export const isNotRider = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 403;

/**
 * The query options of `account`'s run on `date`: fresh for a minute, retried twice unless the
 * account is not a rider.
 * @throws (through the query) ApiRequestError for a non-2xx answer; TypeError offline with no copy.
 */
const runQueryOptions = (account: string, date: string) =>
  queryOptions({
    queryKey: runKeys.run(account, date),
    queryFn: (): Promise<RunStop[]> => readResponse(api.rider.run.$get({ query: { date } })),
    staleTime: 60_000,
    retry: (failures, error) => !isNotRider(error) && failures < 2,
  });

/** Returns the run query of `account` on shop date `date` (its last copy when offline). */
export const useRun = (account: string, date: string) => useQuery(runQueryOptions(account, date));

/**
 * Whether `account` is a rider, for the dashboard's link to the run: true once a run (even an
 * empty one) was answered, false on a 403 or while unknown. Asked at most once an hour per
 * account; the answer is kept offline with the run (its query).
 */
export function useIsRider(account: string | undefined, date: string): boolean {
  const query = useQuery({
    ...runQueryOptions(account ?? '', date),
    enabled: Boolean(account),
    staleTime: 60 * 60_000,
    // A shopper's 403 is not asked again on every dashboard page.
    retryOnMount: false,
  });
  return query.data !== undefined && !isNotRider(query.error);
}
