/** The admin's order list filters: by status, and by customer name or e-mail (any case). */
import type { Order } from '@contract/order';

export type OrderFilter = { status: 'all' | Order['orderStatus']; search: string };

export function filterOrders(orders: readonly Order[], { status, search }: OrderFilter): Order[] {
  const q = search.trim().toLocaleLowerCase();
  return orders.filter(
    (o) => (status === 'all' || o.orderStatus === status) && (!q || o.customerName.toLocaleLowerCase().includes(q) || o.email.includes(q)),
  );
}
