/**
 * The dawn board's read of the open problems (DESIGN.md §19): `GET /api/problems?status=open`,
 * its first page (oldest first, the most a page holds), asked for again every minute. Types only
 * from the contract: the board's chunk carries no schema.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Problem } from '@contract/problem';
import { api, readResponse } from '../../../lib/api-client';
import { problemKeys } from '../../../lib/query-keys';

/** The most open problems the board lists (the API's largest page). */
const BOARD_PAGE = '200';

/** The open problems (up to {@link BOARD_PAGE}) and whether there are more than that. */
export type OpenProblems = { problems: Problem[]; more: boolean };

/** The open problems' query: fails with ApiRequestError (403 for non-admins) or TypeError (offline). */
export const openProblemsOptions = () =>
  queryOptions({
    queryKey: problemKeys.openBoard(),
    queryFn: async (): Promise<OpenProblems> => {
      const res = await api.problems.$get({ query: { status: 'open', limit: BOARD_PAGE } });
      const problems: Problem[] = await readResponse(res);
      return { problems, more: /rel="?next"?/.test(res.headers.get('Link') ?? '') };
    },
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
