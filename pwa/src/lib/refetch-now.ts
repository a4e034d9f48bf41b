/** Refetching a list the moment the server is known to hold a new write. */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { orderKeys } from './query-keys';

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

/**
 * Invalidates `queryKey` (active queries fetch again; others when next shown) once every fetch of
 * it under way has settled. For news that an answer may be out of date, such as the service
 * worker's catalogue update: a fetch under way may be the one carrying the old answer, and an
 * invalidation while a query's first fetch runs is lost when that fetch's answer lands.
 * @returns a promise that settles once the invalidation has; it never rejects.
 */
export async function invalidateAfterRunning(client: QueryClient, queryKey: QueryKey): Promise<void> {
  const running = client
    .getQueryCache()
    .findAll({ queryKey, fetchStatus: 'fetching' })
    .map((query) => query.promise?.catch(() => undefined));
  await Promise.all(running);
  await client.invalidateQueries({ queryKey });
}

/**
 * Refetches the orders (refetchNow) when a key of `keys` — the outbox items a screen shows,
 * Idempotency-Keys — is gone from them since the last render: sent (by this page or the service
 * worker) or dropped, so the orders the server answers now hold what became of it.
 */
export function useRefetchOrdersWhenGone(keys: readonly string[]): void {
  const client = useQueryClient();
  // Joined, the keys compare by value between renders (a new array each render would not).
  const joined = keys.join(' ');
  const shown = useRef(joined);
  useEffect(() => {
    const now = joined.split(' ');
    const left = shown.current.split(' ').some((key) => key && !now.includes(key));
    shown.current = joined;
    if (left) void refetchNow(client, orderKeys.all);
  }, [joined, client]);
}
