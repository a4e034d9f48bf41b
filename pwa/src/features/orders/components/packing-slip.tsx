import type { ReactNode } from 'react';
import type { Order } from '@contract/order';
import { toBdMobileDisplay } from '@contract/phone';
import { OrderLines } from './order-lines';
import { PackingResult } from './packing-result';
import { PaymentText } from './order-products';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { slotLabel } from '../../../lib/i18n/slot-label';

/** The slip's texts in the language shown. */
const messages = () => ({
  heading: t('orders.slipHeading'),
  order: t('orders.order'),
  slot: t('slots.slot'),
  noSlot: t('orders.noSlot'),
  customer: t('orders.customer'),
  phone: t('contact.phone'),
  address: t('orders.address'),
  note: t('orders.riderNote'),
  payment: t('checkout.payment'),
});

/**
 * The packing slip of `order`, printed instead of the page (hidden on screen; index.css hides
 * the header, navigation, footer and buttons in print): order id, slot, customer, phone (shown as
 * `01711-223344`), address, the shopper's note for the rider when there is one, lines with the
 * shopper's packing choices, total and payment (method, status and the provider's reference);
 * once packed, each line as packed and the final bill — "Collect X Tk" on a cash order (DESIGN.md §17).
 */
export function PackingSlip({ order }: { order: Order }) {
  useLocale(); // renders again in the language chosen
  const texts = messages();
  const row = (label: string, value: ReactNode) => (
    <div className="flex gap-2">
      <dt className="w-32 shrink-0 font-semibold">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <article className="packing-slip hidden text-black print:block" data-testid="packing-slip">
      <h2 className="mb-3 text-xl font-bold">{texts.heading}</h2>
      <dl className="mb-4 grid gap-1">
        {row(texts.order, <span className="font-mono">{order._id}</span>)}
        {row(texts.slot, order.deliverySlot ? slotLabel(order.deliverySlot) : texts.noSlot)}
        {row(texts.customer, order.customerName)}
        {row(texts.phone, toBdMobileDisplay(order.phone))}
        {row(texts.address, <span className="whitespace-pre-line">{order.address}</span>)}
        {order.note && row(texts.note, <span className="whitespace-pre-line">{order.note}</span>)}
        {row(
          texts.payment,
          <>
            <PaymentText order={order} />
            {order.paymentRef && (
              <span className="block font-mono">{t('orders.paymentRef', { ref: order.paymentRef })}</span>
            )}
          </>,
        )}
      </dl>
      <OrderLines order={order} pictures={false} />
      <PackingResult order={order} compact />
    </article>
  );
}
