import type { Order } from '@contract/order';
import { formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useDeleteOrder } from '../api/orders';

/**
 * The admin's "Cancel and refund" of a paid order on its details page (DESIGN.md §6, §10): it
 * asks first, naming the amount refunded; then the server refunds the payment (bKash or card) and
 * keeps the order as Cancelled / Refunded. Nothing for an order not paid, or already cancelled.
 */
export function CancelRefundButton({ order, disabled }: { order: Order; disabled: boolean }) {
  const t = useT();
  const cancel = useDeleteOrder();
  if (order.paymentStatus !== 'paid' || order.orderStatus === 'Cancelled') return null;
  const onClick = () => {
    if (!window.confirm(t('orders.confirmRefund', { amount: formatPrice(order.totalAmount) }))) return;
    cancel.mutate(order._id, {
      onSuccess: ({ cancelledCount }) =>
        cancelledCount > 0 && notify('admin', 'success', t('orders.cancelledRefunded')),
      onError: (error) => notify('admin', 'error', apiErrorText(error, t('auth.error.other'))),
    });
  };
  return (
    <button
      type="button"
      className="btn btn-outline btn-error min-h-11"
      disabled={disabled || cancel.isPending}
      onClick={onClick}
    >
      {t('orders.cancelRefund')}
    </button>
  );
}
