/** Refetching a list the moment the server is known to hold a new write. */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Cancels the fetches of `queryKey` that are running, then invalidates it (active queries fetch
 * again). A fetch already running may have started before the server had the new order or
 * review, and an invalidation alone reuses that fetch's (stale) answer.
 * @returns a promise that settles once the refetch does; it never rejects (cancelling a fetch does not).
 */
export async function refetchNow(client: QueryClient, queryKey: QueryKey): Promise<void> {
  await client.cancelQueries({ queryKey });
  await client.invalidateQueries({ queryKey });
}
