import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { DeliverySlot } from '@contract/delivery';
import type { Order } from '@contract/order';
import { ScrollRegion } from '../../../components/scroll-region';
import { formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { Spinner } from '../../../components/spinner';
import type { OrderQueueFilter } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useOrderQueue } from '../api/order-queue';
import { useDeleteOrder } from '../api/orders';
import { readQueueFilter, slotChoices, withFilter } from '../order-filters';
import { formatShopTime } from '../order-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useNewOrders } from '../use-new-orders';
import { LoadMore } from './load-more';
import { NewOrdersNotice } from './new-orders-notice';
import { OrderRow } from './order-row';
import { QueueFilters } from './queue-filters';
import { RiderRuns } from './rider-runs';

/** The screen's texts in the language shown (the spec's confirm and toast word for word in English). */
const messages = () => ({
  heading: t('dashboard.manageOrders'),
  title: (newCount: number) => (newCount > 0 ? t('orders.titleNew', { count: newCount }) : t('orders.title')),
  offline: t('orders.offline'),
  lastUpdated: (time: string) => t('orders.lastUpdated', { time }),
  notLoaded: t('orders.notLoaded'),
  failed: t('orders.failed'),
  none: t('orders.none'),
  confirmDelete: t('orders.confirmCancel'),
  deleted: t('orders.deleted'),
  refunded: t('orders.cancelledRefunded'),
  columns: [
    t('orders.customer'),
    t('orders.products'),
    t('product.price'),
    t('orders.status'),
    t('orders.approvedDelete'),
  ],
});

type ManageOrdersProps = {
  /** The slots on offer now (GET /api/delivery-slots), for the slot filter. */
  offeredSlots: readonly DeliverySlot[];
  orderHref: (id: string) => string;
};

/**
 * Manage Orders (spec §2), the admin's live queue on a tablet: newest first, filtered by the
 * server (search, state, delivery slot; kept in the URL), more pages as the admin scrolls. New
 * orders appear within the 5 s poll with a "{n} new orders" notice and the count in the tab's
 * title. The riders' runs among the loaded orders come first, their stops moved up and down
 * (DESIGN.md §18). Offline it shows the last synced copy with its time; writes wait for the connection.
 */
export function ManageOrders({ offeredSlots, orderHref }: ManageOrdersProps) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  const online = useOnline();
  const [params, setParams] = useSearchParams();
  const filter = readQueueFilter(params);
  const queue = useOrderQueue(filter);
  const { head, orders } = queue;
  const { newIds, markSeen } = useNewOrders(params.toString(), head.isPlaceholderData ? undefined : head.data?.orders);
  useDocumentTitle(texts.title(newIds.size));
  const remove = useDeleteOrder();
  const setFilter = useCallback(
    (name: keyof OrderQueueFilter, value: string) =>
      setParams((current) => withFilter(current, name, value), { replace: true }),
    [setParams],
  );
  // A paid order is refunded, not deleted: the question names the amount going back.
  const onDelete = ({ _id: id, paymentStatus, totalAmount }: Order) => {
    const question =
      paymentStatus === 'paid' ? t('orders.confirmRefund', { amount: formatPrice(totalAmount) }) : texts.confirmDelete;
    if (!window.confirm(question)) return;
    remove.mutate(id, {
      onSuccess: ({ deletedCount, cancelledCount }) =>
        (deletedCount > 0 || cancelledCount > 0) &&
        notify('order', 'success', cancelledCount > 0 ? texts.refunded : texts.deleted),
      onError: (error) => notify('order', 'error', apiErrorText(error, t('auth.error.other'))),
    });
  };
  const slots = slotChoices(
    offeredSlots,
    (orders ?? []).flatMap((order) => (order.deliverySlot ? [order.deliverySlot] : [])),
    new Date(),
  );
  return (
    <section>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h1 id="manage-orders-heading" className="text-2xl font-bold">
          {texts.heading}
        </h1>
        {head.dataUpdatedAt > 0 && (
          <p className="text-sm text-base-content/70" data-testid="last-updated">
            {texts.lastUpdated(formatShopTime(head.dataUpdatedAt))}
          </p>
        )}
      </div>
      {!online && (
        <p className="alert alert-warning mb-4" role="status">
          {texts.offline}
        </p>
      )}
      <QueueFilters filter={filter} slots={slots} onChange={setFilter} />
      <NewOrdersNotice count={newIds.size} onSeen={markSeen} />
      {!orders &&
        (head.fetchStatus === 'paused' ? (
          <p className="alert alert-info">{texts.notLoaded}</p>
        ) : head.isError ? (
          <p className="alert alert-warning">{texts.failed}</p>
        ) : (
          <Spinner label={t('orders.loading')} />
        ))}
      {orders && <RiderRuns orders={orders} disabled={!online} />}
      {orders && (
        <ScrollRegion labelledBy="manage-orders-heading">
          <table className="table">
            <thead className="text-base-content">
              <tr>
                {texts.columns.map((column, index) => (
                  <th key={column} className={index === 2 ? 'text-right' : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <OrderRow
                  key={order._id}
                  order={order}
                  isNew={newIds.has(order._id)}
                  canWrite={online}
                  detailsHref={orderHref(order._id)}
                  onDelete={onDelete}
                />
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      {orders?.length === 0 && <p className="py-8 text-center">{texts.none}</p>}
      {queue.hasNextPage && <LoadMore onLoad={queue.loadMore} loading={queue.isFetchingNextPage} />}
    </section>
  );
}
