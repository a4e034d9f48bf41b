import type { ReactNode } from 'react';
import { isPackable } from '@contract/delivery';
import type { Order } from '@contract/order';
import { toBdMobileDisplay } from '@contract/phone';
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { ScrollRegion } from '../../../components/scroll-region';
import { Spinner } from '../../../components/spinner';
import { useOnline } from '../../../lib/use-online';
import { isOrderNotFound, useOrder } from '../api/order-details';
import { formatShopTime } from '../order-time';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AdvanceOrderButton } from './advance-order-button';
import { AssignRider } from './assign-rider';
import { CancelRefundButton } from './cancel-refund-button';
import { OrderLines } from './order-lines';
import { PaymentText, StatusBadge } from './order-products';
import { PackingResult } from './packing-result';
import { PackingSlip } from './packing-slip';
import { StatusTimeline } from './status-timeline';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { nextStepTexts, packStepText } from '../../../lib/i18n/order-status';
import { slotLabel } from '../../../lib/i18n/slot-label';

/** The screen's texts in the language shown. */
const messages = () => ({
  title: (name: string) => t('orders.detailsTitle', { name }),
  heading: (name: string) => t('orders.detailsHeading', { name }),
  back: t('orders.back'),
  print: t('orders.print'),
  offline: t('orders.detailsOffline'),
  lastUpdated: (time: string) => t('orders.lastUpdated', { time }),
  customer: t('orders.customer'),
  phone: t('contact.phone'),
  address: t('orders.address'),
  note: t('orders.riderNote'),
  email: t('auth.email'),
  slot: t('slots.slot'),
  noSlot: t('orders.noSlot'),
  payment: t('checkout.payment'),
  products: t('orders.products'),
  timeline: t('orders.status'),
  notFound: t('orders.notFound'),
  notLoaded: t('orders.detailsNotLoaded'),
});

/** The note a cash shopper pays the rider with (DESIGN.md §18), in the language shown. */
const payWithText = (payWith: NonNullable<Order['payWith']>): string =>
  payWith === '1000' ? t('payWith.note1000') : payWith === '500' ? t('payWith.note500') : t('payWith.exact');

/**
 * An order's details for the admin (`/dashboard/manage-orders/:id`): customer with a `tel:` link
 * for the phone (E.164, shown as `01711-223344`), address, the shopper's note for the rider, e-mail and delivery slot, the note a cash shopper pays with; the lines with cart total, shipping, tax and
 * total; payment (method, status and the provider's reference: bKash's trxID, Stripe's payment
 * id); the status timeline with Dhaka times; the next step as a button — an Approved order's
 * **Pack** (its packing screen, offline too) beside "Out for delivery", which packs it as ordered
 * (DESIGN.md §17); its rider and stop, and **Assign** to a rider (DESIGN.md §18); a paid order's "Cancel and refund" (asked first); once packed, each line as
 * packed and the final bill; `notes` (a packing waiting in the outbox, composed by the route);
 * and a printable packing slip. Offline it shows the last synced copy with its time.
 */
export function OrderDetails({ id, queueHref, notes }: { id: string; queueHref: string; notes?: ReactNode }) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  const online = useOnline();
  const { data: order, dataUpdatedAt, error, fetchStatus } = useOrder(id);
  useDocumentTitle(texts.title(order?.customerName ?? id));
  const back = (
    <Link to={queueHref} className="btn btn-ghost min-h-11 print:hidden">
      ← {texts.back}
    </Link>
  );
  if (!order)
    return (
      <section>
        {back}
        {fetchStatus === 'paused' ? (
          <p className="alert alert-info">{texts.notLoaded}</p>
        ) : error ? (
          <p className="alert alert-warning">
            {isOrderNotFound(error) ? texts.notFound : apiErrorText(error, texts.notFound)}
          </p>
        ) : (
          <Spinner label={t('orders.loadingOne')} />
        )}
      </section>
    );
  const field = (label: string, value: ReactNode) => (
    <div>
      <dt className="text-sm text-base-content/70">{label}</dt>
      <dd className="font-medium break-words">{value}</dd>
    </div>
  );
  return (
    <section>
      <div className="print:hidden">
        {back}
        <div className="my-4 flex flex-wrap items-center justify-between gap-3">
          <div>
            <h1 className="text-2xl font-bold">{texts.heading(order.customerName)}</h1>
            <p className="font-mono text-xs text-base-content/70">{order._id}</p>
            {dataUpdatedAt > 0 && (
              <p className="text-sm text-base-content/70" data-testid="last-updated">
                {texts.lastUpdated(formatShopTime(dataUpdatedAt))}
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            {isPackable(order.orderStatus) && (
              <Link to={paths.dashboard.packOrder.getHref(order._id)} className="btn btn-primary min-h-11">
                {packStepText()}
              </Link>
            )}
            <AdvanceOrderButton order={order} disabled={!online} />
            <CancelRefundButton order={order} disabled={!online} />
            <button type="button" className="btn btn-outline min-h-11" onClick={() => window.print()}>
              {texts.print}
            </button>
            {nextStepTexts()[order.orderStatus]?.hint && (
              <p className="basis-full text-sm text-base-content/80" data-testid="next-step-hint">
                {nextStepTexts()[order.orderStatus]?.hint}
              </p>
            )}
          </div>
        </div>
        {notes}
        {!online && (
          <p className="alert alert-warning mb-4" role="status">
            {texts.offline}
          </p>
        )}
        <div className="grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <dl className="card grid grid-cols-1 content-start gap-3 bg-base-200 p-4 sm:grid-cols-2">
            {field(texts.customer, order.customerName)}
            {field(
              texts.phone,
              // The link dials the stored E.164 number; the text is as people here write it.
              <a
                href={`tel:${order.phone.replace(/[^\d+]/g, '')}`}
                className="link link-primary inline-flex min-h-11 items-center"
              >
                {toBdMobileDisplay(order.phone)}
              </a>,
            )}
            {field(texts.address, <span className="whitespace-pre-line">{order.address}</span>)}
            {order.note && field(texts.note, <span className="whitespace-pre-line">{order.note}</span>)}
            {field(texts.email, order.email)}
            {field(texts.slot, order.deliverySlot ? slotLabel(order.deliverySlot) : texts.noSlot)}
            {order.payWith && field(t('payWith.label'), payWithText(order.payWith))}
            {field(
              texts.payment,
              <>
                <PaymentText order={order} />
                {order.paymentRef && (
                  <span className="block font-mono text-xs text-base-content/70">
                    {t('orders.paymentRef', { ref: order.paymentRef })}
                  </span>
                )}
              </>,
            )}
          </dl>
          <div className="grid content-start gap-4">
            <AssignRider order={order} disabled={!online} />
            <div>
              <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
                {texts.timeline} <StatusBadge status={order.orderStatus} />
              </h2>
              <StatusTimeline order={order} />
            </div>
          </div>
        </div>
        <h2 id="order-lines-heading" className="mt-6 mb-2 text-lg font-semibold">
          {texts.products}
        </h2>
        <ScrollRegion labelledBy="order-lines-heading">
          <OrderLines order={order} />
        </ScrollRegion>
        <PackingResult order={order} />
      </div>
      <PackingSlip order={order} />
    </section>
  );
}
