import { nextOrderStatus } from '@contract/delivery';
import type { Order } from '@contract/order';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { nextStepTexts } from '../../../lib/i18n/order-status';
import { notify } from '../../../lib/toast';
import { useAdvanceOrder } from '../api/orders';

/**
 * The one next step of `order` as a button ("Approve", "Out for delivery", "Delivered"; nothing
 * once Delivered). An Approved order's "Out for delivery" packs it as ordered (DESIGN.md §17): its
 * hint says so as the button's title (order details also show it, with **Pack** beside). Toasts top-center when done; a refusal (409: another admin moved it first)
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
  const step = nextStepTexts()[order.orderStatus];
  if (!next || !step) return null;
  const { action, done, hint } = step;
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
      title={hint}
      onClick={onClick}
    >
      {action}
    </button>
  );
}
