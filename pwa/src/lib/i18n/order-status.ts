/**
 * An order's states (DESIGN.md §8) as the shop shows them, in the language shown: each state's
 * name (screens and the API's refusals name them alike), badge colour and next step. Every table
 * has an entry per state, so a new state is a typecheck error here until it has its texts.
 */
import type { OrderStatus } from '@contract/delivery';
import { t } from './i18n';

/** The name of an order state in the language shown: "Out for delivery", Bangla "ডেলিভারির পথে". */
export function statusLabel(status: OrderStatus): string {
  const labels: Record<OrderStatus, () => string> = {
    Pending: () => t('orders.status.pending'),
    Approved: () => t('orders.status.approved'),
    Packed: () => t('orders.status.packed'),
    'Out for delivery': () => t('orders.status.outForDelivery'),
    Delivered: () => t('orders.status.delivered'),
    Cancelled: () => t('orders.status.cancelled'),
  };
  return labels[status]();
}

/** The daisyUI badge class of each order state. */
export const statusBadgeClass: Record<OrderStatus, string> = {
  Pending: 'badge-warning',
  Approved: 'badge-info',
  Packed: 'badge-accent',
  'Out for delivery': 'badge-secondary',
  Delivered: 'badge-success',
  Cancelled: 'badge-error',
};

/**
 * Per state an order is in: the button that moves it to its next state, the toast once it has
 * (spec §8 for Approved) and, where the step does more than its name says, a short hint (an
 * Approved order sent out for delivery is packed as ordered, DESIGN.md §17); null for the final
 * states. An Approved order's other way on, **Pack**, is {@link packStepText}.
 */
export const nextStepTexts = (): Record<OrderStatus, { action: string; done: string; hint?: string } | null> => ({
  Pending: { action: t('orders.approve'), done: t('orders.approved') },
  Approved: {
    action: t('orders.status.outForDelivery'),
    done: t('orders.outForDelivery'),
    hint: t('orders.packedAsOrdered'),
  },
  Packed: { action: t('orders.status.outForDelivery'), done: t('orders.outForDelivery') },
  'Out for delivery': { action: t('orders.status.delivered'), done: t('orders.delivered') },
  Delivered: null,
  // Cancelled (a refunded paid order) is an end, not a step of the flow.
  Cancelled: null,
});

/** The button that opens an Approved order's packing screen (DESIGN.md §17): "Pack". */
export const packStepText = (): string => t('orders.pack');
