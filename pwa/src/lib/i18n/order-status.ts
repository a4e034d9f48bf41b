/** The names of an order's states (DESIGN.md §8) in the language shown: screens and the API's refusals name them alike. */
import type { OrderStatus } from '@contract/delivery';
import { t } from './i18n';

/** The name of an order state in the language shown: "Out for delivery", Bangla "ডেলিভারির পথে". */
export function statusLabel(status: OrderStatus): string {
  const labels: Record<OrderStatus, () => string> = {
    Pending: () => t('orders.status.pending'),
    Approved: () => t('orders.status.approved'),
    'Out for delivery': () => t('orders.status.outForDelivery'),
    Delivered: () => t('orders.status.delivered'),
    Cancelled: () => t('orders.status.cancelled'),
  };
  return labels[status]();
}
