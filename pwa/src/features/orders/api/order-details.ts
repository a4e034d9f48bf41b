/**
 * One order for its details page. The API has no `GET /orders/:id`: the order is taken from the
 * queue already loaded (a row tapped in Manage Orders), and otherwise looked for in the newest
 * pages of `GET /api/orders` — the first of which is the queue's own polled page, a 304.
 */
import { useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/order';
import { ApiRequestError } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';
import { fetchOrderPage, type OrderPage } from './order-queue';

/** How many of the newest pages (50 orders each) are searched for an order not in the cache. */
const SEARCHED_PAGES = 20;

/**
 * Returns order `id` from the newest pages of every order.
 * @throws ApiRequestError 404 when it is not among them (deleted, or older), or what fetchOrderPage throws.
 */
async function findOrder(id: string): Promise<Order> {
  let cursor: string | undefined;
  for (let searched = 0; searched < SEARCHED_PAGES; searched += 1) {
    const page = await fetchOrderPage({}, cursor);
    const found = page.orders.find((order) => order._id === id);
    if (found) return found;
    if (!page.next) break;
    cursor = page.next;
  }
  throw new ApiRequestError(404, 'This order was not found among the newest orders.');
}

/** Order `id` from the queue's cached pages, with when that copy was fetched; undefined when none has it. */
function cachedOrder(client: QueryClient, id: string): { order: Order; updatedAt: number } | undefined {
  const heads = client.getQueriesData<OrderPage>({ queryKey: orderKeys.queueHeads() }).map(([key, page]) => [key, page?.orders] as const);
  const queues = client
    .getQueriesData<InfiniteData<OrderPage>>({ queryKey: orderKeys.queues() })
    .map(([key, data]) => [key, data?.pages.flatMap((page) => page.orders)] as const);
  for (const [key, orders] of [...heads, ...queues]) {
    const order = orders?.find((candidate) => candidate._id === id);
    if (order) return { order, updatedAt: client.getQueryState(key)?.dataUpdatedAt ?? 0 };
  }
  return undefined;
}

/** Returns the query of order `id`: at once from the loaded queue when it is there, refreshed from the API. */
export function useOrder(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: () => findOrder(id),
    initialData: () => cachedOrder(client, id)?.order,
    initialDataUpdatedAt: () => cachedOrder(client, id)?.updatedAt,
    retry: (failures, error) => !(error instanceof ApiRequestError && error.status === 404) && failures < 2,
  });
}
