/**
 * My Orders, the shopper's page of their orders, as the API and the PWA link to it (the bKash
 * return, push notifications, the service worker): one path and one way to add its query.
 */

/** The path of My Orders (pwa/src/config/paths.ts dashboard.myOrders). */
export const MY_ORDERS_PATH = '/dashboard/my-orders';

/**
 * My Orders with `query` in its URL: `order` picks an order out; `bkash` and `bkashCode` say how a
 * bKash payment just ended (DESIGN.md §10). Undefined values are left out.
 */
export function myOrdersUrl(query: { order?: string; bkash?: string; bkashCode?: string } = {}): string {
  const params = new URLSearchParams(
    Object.entries(query).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]])),
  );
  const search = params.toString();
  return search ? `${MY_ORDERS_PATH}?${search}` : MY_ORDERS_PATH;
}
