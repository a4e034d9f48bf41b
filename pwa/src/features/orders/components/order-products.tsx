import type { Order, PaymentStatus } from '@contract/order';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { statusBadgeClass, statusLabel } from '../../../lib/i18n/order-status';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { lineLabel } from '../../../lib/i18n/sale-unit';
import { usePictures } from '../../../lib/picture';

/**
 * The ordered products of one order: small picture, name (in Bangla the catalogue's Bangla name)
 * and quantity in its sale unit ("× 2 Kg", "· 2 × 250 g").
 */
export function OrderProducts({ order }: { order: Order }) {
  const nameOf = useStoredProductName(); // renders again in the language chosen
  const picture = usePictures();
  return (
    <ul className="grid gap-1">
      {order.orderedProduct.map((line) => (
        <li key={line._id} className="flex items-center gap-2">
          <img
            src={picture(line.image)}
            alt=""
            width={28}
            height={28}
            className="h-7 w-7 shrink-0 object-contain"
            loading="lazy"
          />
          <span className="text-sm" data-testid="order-product">
            {lineLabel(nameOf(line), line.cartQuantity, line)}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The payment badge's colour per payment status (a dispute needs the admin's eye). */
const paymentBadge: Record<PaymentStatus, string> = {
  unpaid: '',
  paid: 'badge-success',
  refunded: 'badge-info',
  disputed: 'badge-error',
};

/** An order's payment status in the language shown: "Paid", "Refunded", "Disputed"; unpaid cash orders read "Cash on delivery". */
function paymentLabel(order: Order): string {
  switch (order.paymentStatus) {
    case 'paid':
      return t('orders.paid');
    case 'refunded':
      return t('orders.refunded');
    case 'disputed':
      return t('orders.disputed');
    case 'unpaid':
      return order.paymentMethod === 'cod' ? t('checkout.cod') : t('orders.unpaid');
  }
}

/** An order state as a badge in its colour. */
export function StatusBadge({ status }: { status: Order['orderStatus'] }) {
  useLocale(); // renders again in the language chosen
  return <span className={`badge h-auto py-0.5 ${statusBadgeClass[status]}`}>{statusLabel(status)}</span>;
}

/** Order and payment status badges. */
export function OrderStatus({ order }: { order: Order }) {
  useLocale(); // renders again in the language chosen
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={order.orderStatus} />
      <span className={`badge badge-outline h-auto py-0.5 ${paymentBadge[order.paymentStatus]}`}>
        {paymentLabel(order)}
      </span>
    </div>
  );
}

/** How an order is paid, in the language shown: "Cash on delivery", "Card", "bKash". */
function methodLabel(method: Order['paymentMethod']): string {
  switch (method) {
    case 'cod':
      return t('checkout.cod');
    case 'card':
      return t('orders.card');
    case 'bkash':
      return t('orders.bkash');
  }
}

/** How an order is paid and whether it is, e.g. "Cash on delivery · Unpaid", "Card · Refunded", "bKash · Paid". */
export function PaymentText({ order }: { order: Order }) {
  useLocale(); // renders again in the language chosen
  return (
    <>
      {methodLabel(order.paymentMethod)} · {order.paymentStatus === 'unpaid' ? t('orders.unpaid') : paymentLabel(order)}
    </>
  );
}
