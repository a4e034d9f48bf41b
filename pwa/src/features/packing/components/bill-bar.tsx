import type { Order } from '@contract/order';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';

type BillBarProps = {
  order: Pick<Order, 'totalAmount' | 'maxAmount' | 'paymentMethod' | 'paymentStatus'>;
  /** The final bill as entered so far (whole Tk). */
  finalAmount: number;
  saving: boolean;
  /** A packing of this order waits in the outbox: not saved twice. */
  waiting: boolean;
};

/**
 * The packing screen's bar, kept at the bottom of the view (DESIGN.md §17): the final bill live,
 * against the estimate and the ceiling (`maxAmount`); what to collect from a cash order, or
 * refund of a prepaid one; and **Save packing**.
 */
export function BillBar({ order, finalAmount, saving, waiting }: BillBarProps) {
  const t = useT();
  const prepaid = order.paymentStatus === 'paid';
  return (
    <div className="sticky bottom-0 z-10 -mx-4 mt-4 border-t border-base-300 bg-base-100/95 px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur">
      <div className="mx-auto flex max-w-4xl flex-wrap items-center justify-between gap-3">
        <div aria-live="polite" data-testid="bill-preview">
          <p className="text-xl font-bold">
            {t('packing.bill.title')}: <span data-testid="final-bill">{formatPrice(finalAmount)}</span>
          </p>
          <p className="text-sm text-base-content/80">
            {t('packing.bill.estimate', { amount: formatPrice(order.totalAmount) })} ·{' '}
            {t('packing.bill.max', { amount: formatPrice(order.maxAmount) })}
          </p>
          <p className="text-sm font-medium">
            {prepaid
              ? t('packing.bill.refund', {
                  amount: formatPrice(order.maxAmount - finalAmount),
                  paid: formatPrice(order.maxAmount),
                })
              : t('packing.bill.collect', { amount: formatPrice(finalAmount) })}
          </p>
        </div>
        <button type="submit" className="btn btn-primary min-h-12 px-8 text-base" disabled={saving || waiting}>
          {saving ? t('packing.saving') : t('packing.save')}
        </button>
      </div>
    </div>
  );
}
