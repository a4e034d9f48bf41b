import { nextOrderStatus, type OrderStatus } from '@contract/delivery';
import type { Order } from '@contract/order';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useAdvanceOrder } from '../api/orders';

/**
 * Per state an order is in: the button that moves it to its next state, and the toast once it
 * has (spec §8 for Approved), in the language shown; null for the final states. Every state has an
 * entry, so a new state is a typecheck error here until it has its texts.
 */
const messages = (): Record<OrderStatus, { action: string; done: string } | null> => ({
  Pending: { action: t('orders.approve'), done: t('orders.approved') },
  Approved: { action: t('orders.status.outForDelivery'), done: t('orders.outForDelivery') },
  'Out for delivery': { action: t('orders.status.delivered'), done: t('orders.delivered') },
  Delivered: null,
  // Cancelled (a refunded paid order) is an end, not a step of the flow.
  Cancelled: null,
});

/**
 * The one next step of `order` as a button ("Approve", "Out for delivery", "Delivered"; nothing
 * once Delivered). Toasts top-center when done; a refusal (409: another admin moved it first)
 * toasts the server's message, and the order is refreshed either way.
 */
export function AdvanceOrderButton({
  order,
  disabled,
  className = '',
}: {
  order: Order;
  disabled: boolean;
  className?: string;
}) {
  useLocale(); // renders again in the language chosen
  const advance = useAdvanceOrder();
  const next = nextOrderStatus(order.orderStatus);
  const step = messages()[order.orderStatus];
  if (!next || !step) return null;
  const { action, done } = step;
  const onClick = () =>
    advance.mutate(
      { id: order._id, to: next },
      {
        onSuccess: ({ modifiedCount }) => modifiedCount > 0 && notify('admin', 'success', done),
        onError: (error) => notify('admin', 'error', apiErrorText(error, t('auth.error.other'))),
      },
    );
  return (
    <button
      type="button"
      className={`btn btn-success min-h-11 ${className}`}
      disabled={disabled || advance.isPending}
      onClick={onClick}
    >
      {action}
    </button>
  );
}
