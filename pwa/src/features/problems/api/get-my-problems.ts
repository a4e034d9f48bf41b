/**
 * The shopper's reported problems (DESIGN.md §19), `GET /api/users/me/problems` → `{problems}`,
 * newest first: My Orders says each order's problem and its decision from it, offline too (the
 * query is kept with the orders, lib/query-keys.ts myProblemKeys).
 */
import type { Problem } from '@contract/problem';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';

/**
 * The key of `account`'s problems (its e-mail, or phone number): under `orderKeys.all`, so kept
 * offline with the orders (persist-queries.ts), refreshed when an order changes and forgotten on
 * sign-out. Here, the only reader: lib's keys are in the shop's first load.
 */
export const myProblemKeys = {
  mine: (account: string | undefined) => [...orderKeys.all, 'problems', account ?? 'none'] as const,
};

/** The query options of `account`'s problems; the query fails with ApiRequestError on a non-2xx answer. */
const myProblemsQueryOptions = (account: string | undefined) =>
  queryOptions({
    queryKey: myProblemKeys.mine(account),
    queryFn: async (): Promise<Problem[]> => (await readResponse(api.users.me.problems.$get())).problems,
  });

/** `account`'s problems, newest first (undefined while unknown); nothing is asked while signed out. */
export const useMyProblems = (account: string | undefined) =>
  useQuery({ ...myProblemsQueryOptions(account), enabled: Boolean(account) });
