/**
 * The admin's problems through the API (DESIGN.md §19): `GET /api/problems?status=` a page at a
 * time (the `Link: <…>; rel="next"` header holds the next page's cursor, as `GET /orders`), the
 * decision `PUT /api/problems/:id`, and a problem's photo `GET /api/problem-photos/:id`, which
 * needs the bearer header (an <img src> cannot carry it: its bytes are fetched by the typed
 * client, then shown through an object URL). Admin writes need a connection; they never go through the outbox.
 */
import {
  infiniteQueryOptions,
  type InfiniteData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Problem, ProblemStatus } from '@contract/problem';
import { api, apiRequestError, readResponse } from '../../../lib/api-client';
import { problemKeys } from '../../../lib/query-keys';
import type { DecisionBody } from '../decision-form';

/** One page of problems and the cursor of the next one (none on the last page). */
export type ProblemPage = { problems: Problem[]; next: string | undefined };

/** How often the open queue is asked for again while shown (new claims arrive any time). */
const OPEN_POLL_MS = 30_000;

/** Problems per page. */
const PAGE_SIZE = '50';

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="?next"?/;

/** Fetches the page of `status`'s problems after `cursor` (the first page without one). */
async function fetchProblemPage(status: ProblemStatus, cursor?: string): Promise<ProblemPage> {
  const res = await api.problems.$get({
    query: { status, limit: PAGE_SIZE, ...(cursor !== undefined && { cursor }) },
  });
  const problems = await readResponse(res);
  const link = res.headers.get('Link');
  const url = link ? NEXT_LINK.exec(link)?.[1] : undefined;
  const next = url === undefined ? undefined : (new URL(url, location.origin).searchParams.get('cursor') ?? undefined);
  return { problems, next };
}

/** The pages of `status`'s problems loaded so far (open ones oldest first, others newest decided first). */
const problemsOptions = (status: ProblemStatus) =>
  infiniteQueryOptions({
    queryKey: problemKeys.list(status),
    queryFn: ({ pageParam }) => fetchProblemPage(status, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    refetchInterval: status === 'open' ? OPEN_POLL_MS : false,
  });

/** Returns `status`'s problems loaded so far (undefined until the first page), and the query to load more. */
export function useProblems(status: ProblemStatus) {
  const query = useInfiniteQuery(problemsOptions(status));
  return { problems: query.data?.pages.flatMap((page) => page.problems), query };
}

/**
 * Decides problem `id` (`PUT /api/problems/:id`): resolves with the problem as stored; fails with
 * ApiRequestError (400 `validation_failed` with `details.fields`, 409 `already_decided`, 409
 * `not_prepaid`). Every problems query is refreshed after, answered or refused.
 */
export function useDecideProblem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: DecisionBody }) =>
      // The route answers through decideProblem (a plain Response to the RPC types): its body is the contract's Problem.
      (await readResponse(api.problems[':id'].$put({ param: { id }, json: body }))) as unknown as Problem,
    onSuccess: (decided) =>
      // It leaves the Open list at once, before the lists are fetched again.
      client.setQueryData(
        problemKeys.list('open'),
        (data: InfiniteData<ProblemPage> | undefined) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              problems: page.problems.filter((p) => p._id !== decided._id),
            })),
          },
      ),
    onSettled: () => client.invalidateQueries({ queryKey: problemKeys.all }),
  });
}

/**
 * Returns an object URL of photo `photoId` to show (undefined while it loads, or when it failed:
 * `failed` then). The URL is made once per photo and kept for the session, like the bytes
 * (at most 150 KB each), so every card and the enlarged view share it.
 */
export function useProblemPhoto(photoId: string | null) {
  const photo = useQuery({
    queryKey: problemKeys.photo(photoId ?? ''),
    queryFn: async () => {
      const res = await api['problem-photos'][':id'].$get({ param: { id: photoId ?? '' } });
      if (!res.ok) throw await apiRequestError(res);
      return URL.createObjectURL(await res.blob());
    },
    enabled: photoId !== null,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return { url: photo.data, failed: photo.isError };
}
