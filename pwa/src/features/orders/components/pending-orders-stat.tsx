import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useT } from '../../../lib/i18n/i18n';
import { orderQueueHeadOptions } from '../api/order-queue';

/**
 * The admin dashboard's count of Pending orders, live (the queue's polled first page): "…" while
 * it loads, "N+" when there are more than one page holds. A link to `href` (Manage Orders).
 */
export function PendingOrdersStat({ href }: { href: string }) {
  const t = useT();
  const { data: pending } = useQuery(orderQueueHeadOptions({ status: 'Pending' }));
  return (
    <Link to={href} className="stat">
      <div className="stat-title text-base-content/80">{t('dashboard.pendingOrders')}</div>
      <div className="stat-value text-warning" data-testid="pending-count">
        {!pending
          ? '…'
          : pending.next
            ? t('dashboard.countMore', { count: pending.orders.length })
            : t('dashboard.count', { count: pending.orders.length })}
      </div>
    </Link>
  );
}
