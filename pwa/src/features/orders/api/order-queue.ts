/**
 * The admin's order queue (DESIGN.md §3): `GET /api/orders` a page at a time, newest first,
 * filtered by the server (`status`, `slot`, `q`); a page's `Link: <…>; rel="next"` header holds
 * the next page's cursor. Two queries per filter: the pages loaded so far (infinite), and the
 * first page on its own, polled every 5 s while the tab is visible — the API's ETag makes an
 * unchanged poll a 304 from the browser's HTTP cache, under 1 KB.
 */
import { useCallback, useEffect } from 'react';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import type { Order } from '@contract/order';
import { api, readResponse } from '../../../lib/api-client';
import { orderKeys, type OrderQueueFilter } from '../../../lib/query-keys';

/** One page of orders, newest first, and the cursor of the next one (none on the last page). */
export type OrderPage = { orders: Order[]; next: string | undefined };

/** How often the first page is asked for again while the tab is visible. */
const QUEUE_POLL_MS = 5000;

const NEXT_LINK = /<([^>]*)>\s*;\s*rel="?next"?/;

/** Takes a `Link` header and returns the `cursor` of its `rel="next"` URL, or undefined when it has none. */
export function nextCursor(link: string | null): string | undefined {
  const url = link ? NEXT_LINK.exec(link)?.[1] : undefined;
  return url === undefined ? undefined : (new URL(url, 'http://link.invalid').searchParams.get('cursor') ?? undefined);
}

/**
 * Fetches the page of `filter`'s orders after `cursor` (the first page without one).
 * @throws ApiRequestError on a non-2xx answer, TypeError when offline.
 */
async function fetchOrderPage(filter: OrderQueueFilter, cursor?: string): Promise<OrderPage> {
  const res = await api.orders.$get({ query: cursor === undefined ? filter : { ...filter, cursor } });
  return { orders: await readResponse(res), next: nextCursor(res.headers.get('Link')) };
}

/** `a` sorts after `b` in the queue (older): by `createdAt`, then id, as the server pages them. */
const isOlder = (a: Order, b: Order) => a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a._id < b._id);

/**
 * Takes the polled first page and the pages loaded so far and returns the queue to show: the
 * first page as polled (new orders, changed states), then the loaded orders older than its last.
 * `gap` is true when more orders arrived since the pages were loaded than the first page holds:
 * the loaded ones no longer join it, and only the first page is shown until they are reloaded.
 */
export function mergeQueue(
  head: OrderPage | undefined,
  pages: readonly OrderPage[],
): { orders: Order[]; gap: boolean } {
  const loaded = pages.flatMap((page) => page.orders);
  if (!head) return { orders: loaded, gap: false };
  if (!head.next) return { orders: head.orders, gap: false };
  const last = head.orders.at(-1);
  // A search's first page may hold no match and still have a next page: the loaded ones follow it.
  if (!last) return { orders: loaded, gap: false };
  const newestLoaded = loaded[0];
  if (!newestLoaded) return { orders: head.orders, gap: false };
  if (isOlder(newestLoaded, last)) return { orders: head.orders, gap: true };
  return { orders: [...head.orders, ...loaded.filter((order) => isOlder(order, last))], gap: false };
}

/** The polled first page of `filter`'s queue. */
export const orderQueueHeadOptions = (filter: OrderQueueFilter) =>
  queryOptions({
    queryKey: orderKeys.queueHead(filter),
    queryFn: () => fetchOrderPage(filter),
    refetchInterval: QUEUE_POLL_MS,
    placeholderData: keepPreviousData,
  });

/** The pages of `filter`'s queue loaded so far; the next one by the last one's cursor. */
const orderQueueOptions = (filter: OrderQueueFilter) =>
  infiniteQueryOptions({
    queryKey: orderKeys.queue(filter),
    queryFn: ({ pageParam }) => fetchOrderPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
  });

/**
 * Returns `filter`'s queue (see mergeQueue) with the polled first page (`head`, for new orders and
 * its time), whether more pages remain and `loadMore`, which loads the next. Loaded pages that no longer join
 * the first page are reloaded.
 */
export function useOrderQueue(filter: OrderQueueFilter) {
  const head = useQuery(orderQueueHeadOptions(filter));
  const pages = useInfiniteQuery(orderQueueOptions(filter));
  const { orders, gap } = mergeQueue(head.data, pages.data?.pages ?? []);
  const { refetch, fetchNextPage } = pages;
  useEffect(() => {
    if (gap) void refetch();
  }, [gap, refetch]);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  return {
    orders: head.data || pages.data ? orders : undefined,
    head,
    hasNextPage: Boolean(head.data?.next) && !gap && pages.hasNextPage,
    isFetchingNextPage: pages.isFetchingNextPage,
    loadMore,
  };
}
