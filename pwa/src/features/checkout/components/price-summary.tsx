import { priceCart, type PricedLine } from '@contract/pricing';
import { formatTk } from '../../../lib/format';

/** Cart total, shipping, tax 5% and subtotal — the server's own pricing function (spec §9). */
export function PriceSummary({ lines }: { lines: readonly PricedLine[] }) {
  const summary = priceCart(lines);
  const row = (label: string, value: number, testId: string) => (
    <div className="flex justify-between py-1">
      <dt>{label}</dt>
      <dd data-testid={testId}>{formatTk(value)} Tk</dd>
    </div>
  );
  return (
    <dl className="rounded-box bg-base-200 p-4" aria-label="Price summary">
      {row('Cart total', summary.cartTotal, 'summary-total')}
      {row('Shipping', summary.shipping, 'summary-shipping')}
      {row('Tax (5%)', summary.tax, 'summary-tax')}
      <div className="mt-2 flex justify-between border-t border-base-300 pt-2 text-lg font-bold">
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{formatTk(summary.subtotal)} Tk</dd>
      </div>
    </dl>
  );
}
