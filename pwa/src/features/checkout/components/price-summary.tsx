import { amountDue } from '@contract/credit-amounts';
import type { PaymentMethod } from '@contract/order';
import { priceCart, TAX_PERCENT, type AreaPricing } from '@contract/pricing';
import { type WeighableLine } from '@contract/weighed-pricing';
import { formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { ceilingTexts } from '../ceiling';

type PriceSummaryProps = {
  lines: readonly WeighableLine[];
  /** The delivery area chosen, with its name in the language shown; none: the spec's fee (40/80 Tk). */
  area?: (Omit<AreaPricing, 'minimumOrder'> & { name: string }) | undefined;
  /** The payment method chosen (checkout): bKash and card are charged the ceiling now. */
  method?: PaymentMethod | undefined;
  /** Store credit the order would use (Tk, checkout's "Use my credit", DESIGN.md §19): 0 or none, no credit line. */
  credit?: number | undefined;
};

/**
 * Cart total, shipping (the chosen area's fee, DESIGN.md §15), tax (TAX_PERCENT) and subtotal —
 * the server's own pricing function (spec §9). With weighed lines, the ceiling under it: "About
 * X Tk, at most Y Tk", why, and for bKash or card that Y is charged and the rest refunded
 * after packing (DESIGN.md §17). With store credit to use, the credit and what is left to pay
 * (contract/credit.ts amountDue: an estimate, the server applies it when it takes the order).
 */
export function PriceSummary({ lines, area, method, credit = 0 }: PriceSummaryProps) {
  const t = useT();
  const summary = priceCart(lines, area);
  const ceiling = ceilingTexts(lines, area, method);
  const row = (label: string, value: number, testId: string) => (
    <div className="flex justify-between gap-3 py-1">
      <dt>{label}</dt>
      <dd data-testid={testId} className="whitespace-nowrap">
        {formatPrice(value)}
      </dd>
    </div>
  );
  return (
    <dl className="rounded-box bg-base-200 p-4" aria-label={t('summary.label')}>
      {row(t('summary.cartTotal'), summary.cartTotal, 'summary-total')}
      {row(
        area ? t('summary.shippingTo', { area: area.name }) : t('summary.shipping'),
        summary.shipping,
        'summary-shipping',
      )}
      {row(t('summary.tax', { rate: TAX_PERCENT }), summary.tax, 'summary-tax')}
      <div className="mt-2 flex justify-between border-t border-base-300 pt-2 text-lg font-bold">
        <dt>{t('summary.subtotal')}</dt>
        <dd data-testid="summary-subtotal">{formatPrice(summary.subtotal)}</dd>
      </div>
      {credit > 0 && (
        <>
          <div className="flex justify-between gap-3 py-1">
            <dt>{t('checkout.credit.line')}</dt>
            <dd data-testid="summary-credit" className="whitespace-nowrap">
              −{formatPrice(credit)}
            </dd>
          </div>
          <div className="flex flex-wrap justify-between border-t border-base-300 pt-2 text-lg font-bold">
            <dt>{t('checkout.credit.due')}</dt>
            <dd data-testid="summary-due">{formatPrice(amountDue(summary.subtotal, credit))}</dd>
            <dd className="mt-1 basis-full text-sm font-normal text-base-content/70">{t('checkout.credit.note')}</dd>
          </div>
        </>
      )}
      {ceiling && (
        <div className="mt-3 grid gap-1 rounded-box bg-base-100 p-3 text-sm" data-testid="summary-ceiling">
          <dt className="font-semibold">{ceiling.amounts}</dt>
          <dd>{ceiling.why}</dd>
          {ceiling.prepaid && <dd data-testid="summary-ceiling-prepaid">{ceiling.prepaid}</dd>}
        </div>
      )}
    </dl>
  );
}
