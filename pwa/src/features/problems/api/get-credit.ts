/**
 * The account's store credit (DESIGN.md §19), `GET /api/users/me/credit` → `{balance, entries}`:
 * the profile lists it, checkout offers to use it. Kept offline with the orders (myProblemKeys' note).
 */
import type { CreditAnswer } from '@contract/credit';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';

/** The key of `account`'s credit, kept and refreshed with the orders (as get-my-problems.ts's). */
const creditKeys = {
  mine: (account: string | undefined) => [...orderKeys.all, 'credit', account ?? 'none'] as const,
};

/** The query options of `account`'s credit; the query fails with ApiRequestError on a non-2xx answer. */
const creditQueryOptions = (account: string | undefined) =>
  queryOptions({
    queryKey: creditKeys.mine(account),
    queryFn: async (): Promise<CreditAnswer> => readResponse(api.users.me.credit.$get()),
  });

/** `account`'s store credit (undefined while unknown); nothing is asked while signed out. */
export const useStoreCredit = (account: string | undefined) =>
  useQuery({ ...creditQueryOptions(account), enabled: Boolean(account) });
