import type { Order } from '@contract/order';
import { useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../../../components/spinner';
import { useSearchParams } from 'react-router-dom';
import { dismiss } from '../../../lib/offline/outbox/store';
import { useMovedOrders } from '../../../lib/offline/outbox/use-moved-orders';
import { formatNumber, formatPrice } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { useT } from '../../../lib/i18n/i18n';
import { lineLabel } from '../../../lib/i18n/sale-unit';
import { slotLabel } from '../../../lib/i18n/slot-label';
import { orderDateText } from '../order-time';
import { notify } from '../../../lib/toast';
import { useDeleteOrder, useOrders } from '../api/orders';
import { OrderStatus } from './order-products';
import { MyOrderLines } from './my-order-lines';
import { OrderTimeline } from './order-timeline';
import type { LinesBack } from '../refused-order';
import { BkashPayment } from './bkash-payment';
import { DeliveryCode } from './delivery-code';
import { bkashCodeText } from '../../../lib/bkash';
import { useUnsentOrders, type UnsentOrder } from '../api/get-unsent-orders';
import { useBkashReturn } from '../use-bkash-return';

type MyOrdersProps = {
  email: string;
  /**
   * "Back to cart", "Order at today's prices", "Send without them" and "Send 3": puts `which`
   * lines of a refused order back in the cart at today's prices and removes it (refused-order.ts
   * linesBack); all but the first then go on to checkout, where the shopper sees today's total and
   * confirms phone and address.
   */
  onPutBack: (order: UnsentOrder, which: LinesBack) => Promise<void>;
  /** "Resend verification e-mail", on an order refused until the account's e-mail is verified. */
  onResendVerification: () => Promise<void>;
  /** "Order again": puts the order's products and sale units in the cart at today's prices. */
  onOrderAgain: (order: Order) => Promise<void>;
  /** Shown under the heading (the notifications prompt). */
  notice?: ReactNode;
  /** Shown in each order's card after its delivery code: its reported problems and Report a problem (DESIGN.md §19). */
  orderExtra?: (order: Order) => ReactNode;
};

/**
 * My Orders (spec §2): orders still waiting in the outbox first ("Waiting to send", or why they
 * were not sent — each refused one can go back to the cart or be removed, and one refused for
 * products out of stock or gone names them and can go to checkout without them), then the
 * customer's own orders with their delivery time (and a note where the server
 * moved it) and its tracking timeline; Pending ones can be cancelled after a confirm, and any can
 * be ordered again. A bKash order shows its payment (BkashPayment): paid with the transaction id,
 * or unpaid with how the last attempt ended and the ways to pay; a bKash return kept offline is
 * said at the top until it is delivered (`?order=&bkash=&bkashCode=`, DESIGN.md §10; see
 * useBkashReturn). `?order=<id>` (a notification's link, DESIGN.md §11) picks that order out.
 * Each line shows the shopper's packing choices and, once packed, what was packed, with the final
 * bill and any refund (DESIGN.md §17, MyOrderLines); an order with weighed lines not yet packed
 * says the most it can cost. An order on its way shows its delivery code for the rider and, once
 * Out for delivery, the rider's name with a Call link (DESIGN.md §18, DeliveryCode). An order that
 * used store credit says how much (DESIGN.md §19); `orderExtra` adds its problems.
 */
export function MyOrders({ email, onPutBack, onOrderAgain, onResendVerification, notice, orderExtra }: MyOrdersProps) {
  const t = useT();
  const { data: orders, isPending, isError } = useOrders(email);
  const unsent = useUnsentOrders(email);
  const moved = useMovedOrders(email);
  const bkashReturn = useBkashReturn();
  const highlight = useSearchParams()[0].get('order') ?? undefined;
  const highlighted = highlight !== undefined && orders?.some((order) => order._id === highlight);
  useEffect(() => {
    if (highlighted) document.getElementById(`order-${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlighted, highlight]);
  const cancel = useDeleteOrder();
  const [acting, setActing] = useState<string>();
  const [reordering, setReordering] = useState(false);
  const orderAgain = (order: Order) => {
    setReordering(true);
    void onOrderAgain(order).finally(() => setReordering(false));
  };
  /** Runs one action on the refused order `key`, one at a time. */
  const act = (key: string, action: () => Promise<void>) => {
    setActing(key);
    void action().finally(() => setActing(undefined));
  };
  const onCancel = ({ _id: id, paymentStatus, totalAmount }: Order) => {
    const question =
      paymentStatus === 'paid'
        ? t('orders.confirmRefundMine', { amount: formatPrice(totalAmount) })
        : t('orders.confirmCancel');
    if (!window.confirm(question)) return;
    cancel.mutate(id, {
      onSuccess: ({ deletedCount, cancelledCount }) =>
        deletedCount > 0
          ? notify('order', 'success', t('orders.cancelled'))
          : cancelledCount > 0 && notify('order', 'success', t('orders.cancelledRefunded')),
      onError: (error) => notify('order', 'error', apiErrorText(error, t('auth.error.other'))),
    });
  };
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">{t('dashboard.myOrders')}</h1>
      {notice}
      {isPending && <Spinner label={t('orders.loadingYours')} />}
      {isError && <p className="alert alert-warning">{t('orders.yoursFailed')}</p>}
      {bkashReturn?.outcome === 'offline' && (
        <p className="alert alert-info mb-4" role="status" data-testid="bkash-kept">
          {t('bkash.offlineReturn')}
        </p>
      )}
      {/* bKash's return for no order of this account (a payment the shop does not know): said once, here. */}
      {bkashReturn?.outcome === 'failed' && !bkashReturn.orderId && (
        <p className="alert alert-warning mb-4" role="status" data-testid="bkash-unknown">
          {t('bkash.failed', { reason: bkashCodeText(bkashReturn.code) })}
        </p>
      )}
      {unsent.map((item) => (
        <article
          key={item.key}
          className={`alert alert-vertical sm:alert-horizontal mb-4 justify-start justify-items-start text-start ${item.status === 'failed' ? 'alert-error' : 'alert-warning'} flex-wrap`}
          data-testid="unsent-order"
        >
          <div className="flex-1">
            <p className="font-semibold">{item.status === 'failed' ? t('orders.notSent') : t('outbox.waiting')}</p>
            <p className="text-sm">
              {item.lines.map((l) => lineLabel(l.name ?? t('product.product'), l.cartQuantity, l)).join(', ')}
            </p>
            {item.outOfStock ? (
              <p className="text-sm">{t('orders.outOfStock', { names: item.outOfStock.join(', ') })}</p>
            ) : (
              item.note && <p className="text-sm">{item.note}</p>
            )}
          </div>
          {item.status === 'failed' && (
            <div className="flex flex-wrap gap-2">
              {item.verifyFirst && (
                <button
                  type="button"
                  className="btn btn-primary btn-sm min-h-11"
                  disabled={acting !== undefined}
                  onClick={() => act(item.key, onResendVerification)}
                >
                  {t('orders.resendVerification')}
                </button>
              )}
              {item.priceRose && (
                <button
                  type="button"
                  className="btn btn-primary btn-sm min-h-11"
                  disabled={acting !== undefined}
                  onClick={() => act(item.key, () => onPutBack(item, 'atTodaysPrices'))}
                >
                  {t('orders.atTodaysPrices')}
                </button>
              )}
              {item.outOfStock && item.restLeft && (
                <button
                  type="button"
                  className="btn btn-sm min-h-11"
                  disabled={acting !== undefined}
                  onClick={() => act(item.key, () => onPutBack(item, 'withoutRefused'))}
                >
                  {t('orders.sendWithout')}
                </button>
              )}
              {item.available && item.available.length > 0 && (
                <button
                  type="button"
                  className="btn btn-primary btn-sm min-h-11"
                  disabled={acting !== undefined}
                  onClick={() => act(item.key, () => onPutBack(item, 'available'))}
                >
                  {item.available.length === 1
                    ? t('orders.sendAvailable', { available: formatNumber(item.available[0] ?? 0) })
                    : t('orders.sendWhatIsLeft')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm min-h-11"
                disabled={acting !== undefined}
                onClick={() => act(item.key, () => onPutBack(item, 'all'))}
              >
                {t('orders.backToCart')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-ghost min-h-11"
                disabled={acting !== undefined}
                onClick={() => act(item.key, () => dismiss(item.key))}
              >
                {t('orders.remove')}
              </button>
            </div>
          )}
        </article>
      ))}
      {orders?.length === 0 && unsent.length === 0 && <p>{t('orders.noneYet')}</p>}
      <div className="grid gap-4">
        {orders?.map((order) => (
          <article
            key={order._id}
            id={`order-${order._id}`}
            className={`card bg-base-100 shadow-sm ${order._id === highlight ? 'ring-4 ring-primary' : 'ring-1 ring-base-300'}`}
            aria-current={order._id === highlight ? 'true' : undefined}
            data-testid="my-order"
          >
            <div className="card-body gap-4">
              <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                <div className="grid gap-2">
                  <p className="font-semibold">{order.customerName}</p>
                  <p className="text-sm text-base-content/70">{t('orders.ordered', { date: orderDateText(order) })}</p>
                  {order.deliverySlot &&
                    (moved.includes(order._id) ? (
                      <p className="rounded bg-info/15 px-2 py-1 text-sm font-medium" data-testid="slot-moved">
                        {t('orders.slotMoved', { slot: slotLabel(order.deliverySlot) })}
                      </p>
                    ) : (
                      <p className="text-sm" data-testid="delivery-slot">
                        {t('orders.delivery', { slot: slotLabel(order.deliverySlot) })}
                      </p>
                    ))}
                  <MyOrderLines order={order} />
                </div>
                <div className="flex flex-col items-start gap-2 sm:items-end">
                  <p className="text-lg font-bold" data-testid="my-order-amount">
                    {formatPrice(order.finalAmount ?? order.totalAmount)}
                  </p>
                  {/* Weighed lines not packed yet: the most the order can cost (DESIGN.md §17). */}
                  {order.finalAmount === undefined && (order.maxAmount ?? 0) > order.totalAmount && (
                    <p className="text-sm text-base-content/70" data-testid="my-order-at-most">
                      {t('myOrders.packed.atMost', { amount: formatPrice(order.maxAmount) })}
                    </p>
                  )}
                  {(order.creditApplied ?? 0) > 0 && (
                    <p className="text-sm" data-testid="my-order-credit">
                      {t('credit.applied', { amount: formatPrice(order.creditApplied ?? 0) })}
                    </p>
                  )}
                  <OrderStatus order={order} />
                  <div className="flex flex-wrap gap-2 sm:justify-end">
                    {/* A delivered or cancelled order has nothing left to cancel: no button saying so. */}
                    {order.orderStatus !== 'Delivered' && order.orderStatus !== 'Cancelled' && (
                      <button
                        type="button"
                        className="btn btn-outline btn-error min-h-11"
                        disabled={order.orderStatus !== 'Pending' || cancel.isPending}
                        title={order.orderStatus !== 'Pending' ? t('orders.cannotCancelWhy') : undefined}
                        onClick={() => onCancel(order)}
                      >
                        {order.orderStatus === 'Pending'
                          ? t('product.delete')
                          : order.orderStatus === 'Packed'
                            ? t('myOrders.packed.cannotCancel')
                            : t('orders.cannotCancel')}
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-primary min-h-11"
                      disabled={reordering}
                      onClick={() => orderAgain(order)}
                    >
                      {t('orderAgain.button')}
                    </button>
                  </div>
                </div>
              </div>
              <DeliveryCode order={order} />
              {orderExtra?.(order)}
              {order.paymentMethod === 'bkash' && (
                <BkashPayment order={order} returned={bkashReturn?.orderId === order._id ? bkashReturn : undefined} />
              )}
              <OrderTimeline order={order} />
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
