/** Refetching a list the moment the server is known to hold a new write or a newer answer. */
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { orderKeys } from './query-keys';

/**
 * Invalidates `queryKey` (active queries fetch again; others when next shown) once every fetch of
 * it under way has settled. For news that an answer may be out of date — a write the server now
 * holds (an order, a review, a rider's step) or the service worker's catalogue update: a fetch
 * under way may have begun before that news and carry the old answer, and an invalidation while
 * a query's first fetch runs is lost when that fetch's answer lands (TanStack Query reuses it).
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
 * Refetches the orders (invalidateAfterRunning) when a key of `keys` — the outbox items a screen shows,
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
    if (left) void invalidateAfterRunning(client, orderKeys.all);
  }, [joined, client]);
}
