import { Link } from 'react-router-dom';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { useOrders } from '../api/orders';
import { orderDateText } from '../order-time';
import { OrderStatus } from './order-products';

type LatestOrderProps = {
  email: string | undefined;
  /** My Orders, linked from the card. */
  ordersHref: string;
  /** The shop, linked when there is no order (yet). */
  shopHref: string;
};

/**
 * A customer's dashboard home (spec §2): their latest order — its date, total (the final bill
 * once packed, DESIGN.md §17), number of products and status, with a link to all their orders — or, while there is none, a link to the shop.
 */
export function LatestOrder({ email, ordersHref, shopHref }: LatestOrderProps) {
  const t = useT();
  const { data: orders } = useOrders(email);
  const latest = orders?.[0];
  return latest ? (
    <div className="card max-w-md bg-base-200">
      <div className="card-body">
        <h2 className="card-title">{t('dashboard.latestOrder')}</h2>
        <p>
          {orderDateText(latest)} · {formatPrice(latest.finalAmount ?? latest.totalAmount)} ·{' '}
          {t('dashboard.productCount', { count: latest.orderedProduct.length })}
        </p>
        <OrderStatus order={latest} />
        <Link to={ordersHref} className="link link-primary">
          {t('dashboard.allOrders')}
        </Link>
      </div>
    </div>
  ) : (
    <p>
      {t('dashboard.noOrders')}{' '}
      <Link to={shopHref} className="link link-primary">
        {t('dashboard.fillCart')}
      </Link>
    </p>
  );
}
