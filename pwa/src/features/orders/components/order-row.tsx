import { Link } from 'react-router-dom';
import { isPackable } from '@contract/delivery';
import type { Order } from '@contract/order';
import { toBdMobileDisplay } from '@contract/phone';
import { paths } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { packStepText } from '../../../lib/i18n/order-status';
import { AdvanceOrderButton } from './advance-order-button';
import { AssignRider } from './assign-rider';
import { OrderProducts, OrderStatus } from './order-products';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { shopDay, slotLabel } from '../../../lib/i18n/slot-label';

/** The row's texts in the language shown. */
const messages = () => ({ new: t('orders.new'), delete: t('product.delete') });

type OrderRowProps = {
  order: Order;
  /** Placed since the admin last looked (see useNewOrders). */
  isNew: boolean;
  /** Whether writes are possible (online). */
  canWrite: boolean;
  detailsHref: string;
  onDelete: (order: Order) => void;
};

/**
 * One order of Manage Orders (spec §2): customer, products with pictures, price (the final bill
 * once packed, DESIGN.md §17), status, its next step — an Approved order's **Pack** too —, its rider (DESIGN.md §18) and Delete (a paid order is refunded and kept as Cancelled; a Cancelled one has no Delete).
 * The customer's name links to the order's details, and its link covers the
 * whole row, so a tap anywhere but a button opens them.
 */
export function OrderRow({ order, isNew, canWrite, detailsHref, onDelete }: OrderRowProps) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  return (
    <tr data-testid="order-row" className={`relative align-top hover:bg-base-200 ${isNew ? 'bg-secondary/15' : ''}`}>
      <td className="max-w-44 break-words">
        <Link to={detailsHref} className="link link-hover font-semibold after:absolute after:inset-0">
          {order.customerName}
        </Link>
        {isNew && <span className="badge badge-accent badge-sm ms-2">{texts.new}</span>}
        <p className="text-xs text-base-content/70">{order.email}</p>
        <p className="text-xs text-base-content/70">{toBdMobileDisplay(order.phone)}</p>
        <p className="text-xs text-base-content/70">
          {order.deliverySlot ? slotLabel(order.deliverySlot) : t('orders.ordered', { date: shopDay(order.createdAt) })}
        </p>
      </td>
      <td>
        <OrderProducts order={order} />
      </td>
      <td className="whitespace-nowrap text-right font-semibold">
        {formatPrice(order.finalAmount ?? order.totalAmount)}
      </td>
      <td>
        <OrderStatus order={order} />
      </td>
      <td>
        <div className="relative z-10 flex flex-col gap-2">
          {isPackable(order.orderStatus) && (
            <Link to={paths.dashboard.packOrder.getHref(order._id)} className="btn btn-primary btn-sm min-h-11">
              {packStepText()}
            </Link>
          )}
          <AdvanceOrderButton order={order} disabled={!canWrite} className="btn-sm" />
          <AssignRider order={order} disabled={!canWrite} compact />
          {order.orderStatus !== 'Cancelled' && (
            <button
              type="button"
              className="btn btn-error btn-outline btn-sm min-h-11"
              disabled={!canWrite}
              onClick={() => onDelete(order)}
            >
              {texts.delete}
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}
