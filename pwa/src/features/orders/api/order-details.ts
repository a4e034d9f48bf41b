/**
 * One order for its details page: `GET /api/orders/:id` (any order for the admin). Shown at once
 * from the queue already loaded when it holds the order (a row tapped in Manage Orders), then
 * refreshed from the API; a directly linked order is fetched on its own, however old. The query
 * is under `orderKeys.all`, so its last copy is kept for offline reading (lib/persist-queries.ts).
 */
import { queryOptions, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { Order } from '@contract/order';
import { api, ApiRequestError, readResponse } from '../../../lib/api-client';
import { orderKeys } from '../../../lib/query-keys';
import type { OrderPage } from './order-queue';

/**
 * Fetches order `id` (`GET /api/orders/:id`).
 * @throws ApiRequestError 404 when there is no such order (or it is not the user's), another
 * non-2xx status as it came; TypeError when offline.
 */
const fetchOrder = (id: string): Promise<Order> => readResponse(api.orders[':id'].$get({ param: { id } }));

/** True when `error` says the order does not exist (deleted, or never was): not worth retrying. */
export const isOrderNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;

/** The query options of order `id`: fetched on its own, retried twice unless it is not found. */
const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKeys.detail(id),
    queryFn: () => fetchOrder(id),
    retry: (failures, error) => !isOrderNotFound(error) && failures < 2,
  });

/** Order `id` from the queue's cached pages, with when that copy was fetched; undefined when none has it. */
function cachedOrder(client: QueryClient, id: string): { order: Order; updatedAt: number } | undefined {
  const heads = client
    .getQueriesData<OrderPage>({ queryKey: orderKeys.queueHeads() })
    .map(([key, page]) => [key, page?.orders] as const);
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
    ...orderQueryOptions(id),
    initialData: () => cachedOrder(client, id)?.order,
    initialDataUpdatedAt: () => cachedOrder(client, id)?.updatedAt,
  });
}
