import type { Order } from '@contract/order';
import { toBdMobileDisplay } from '@contract/phone';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { codeDigits, telHref } from '../delivery-code';

/** The fields of an order this reads (an order kept offline from before riders has none of them). */
type CodeOrder = Pick<Order, 'orderStatus'> & {
  deliveryCode?: string;
  rider?: { name: string; phone: string } | null;
};

/**
 * The shopper's proof of delivery in My Orders (DESIGN.md §18): the order's 4-digit
 * `deliveryCode` in big digits with "Give this code to the rider", while the order is on its way
 * to them (not once Delivered or Cancelled); and, once Out for delivery, who is bringing it with a
 * **Call** link (`tel:`). Read from the order as kept, so offline too. The API sends the code to
 * the order's owner only: nothing without it.
 */
export function DeliveryCode({ order }: { order: CodeOrder }) {
  const t = useT();
  const locale = useLocale();
  const { deliveryCode: code, rider } = order;
  if (!code || order.orderStatus === 'Delivered' || order.orderStatus === 'Cancelled') return null;
  const coming = order.orderStatus === 'Out for delivery' && rider;
  return (
    <div
      className="flex flex-col gap-3 rounded-box bg-primary/10 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="delivery-code"
    >
      <div className="grid gap-1">
        <p className="text-sm font-medium">{t('deliveryCode.label')}</p>
        <p className="flex gap-2 font-mono text-4xl font-bold tabular-nums" data-testid="delivery-code-digits">
          {codeDigits(code, locale).map((digit, index) => (
            <span key={index} className="rounded bg-base-100 px-3 py-1 shadow-sm">
              {digit}
            </span>
          ))}
        </p>
        <p className="text-sm">{t('deliveryCode.hint')}</p>
      </div>
      {coming && (
        <div className="grid gap-2" data-testid="rider-coming">
          <p className="font-semibold">{t('deliveryCode.riderComing', { name: rider.name })}</p>
          {rider.phone && (
            <a href={telHref(rider.phone)} className="btn btn-primary min-h-11">
              {t('deliveryCode.call', { name: rider.name })} · {toBdMobileDisplay(rider.phone)}
            </a>
          )}
        </div>
      )}
    </div>
  );
}
