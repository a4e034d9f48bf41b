import type { Order } from '@contract/order';
import { formatNumber, formatPrice } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { quantityLabel } from '../../../lib/i18n/sale-unit';

/**
 * A packed order's packing for the admin (DESIGN.md §17), on its details and its packing slip:
 * each line as packed — the grams weighed, the substitute and its units, or not found — with what
 * it costs now; the final bill, what a cash order collects, and what a prepaid one got back.
 * Nothing before the order is packed.
 */
export function PackingResult({ order, compact = false }: { order: Order; compact?: boolean }) {
  const t = useT();
  const nameOf = useStoredProductName();
  const { packing, finalAmount } = order;
  if (!packing || finalAmount === undefined) return null;
  const packedOf = new Map(packing.lines.map((line) => [line._id, line]));
  return (
    <section className={compact ? 'mt-3' : 'mt-6'} data-testid="packing-result">
      <h2 className={compact ? 'mb-1 font-bold' : 'mb-2 text-lg font-semibold'}>{t('packing.asPacked')}</h2>
      <table className={compact ? 'table table-sm' : 'table'}>
        <tbody>
          {order.orderedProduct.map((line) => {
            const packed = packedOf.get(line._id);
            if (!packed) return null;
            const text = packed.substitute
              ? t('packing.substituted', {
                  name: nameOf(packed.substitute),
                  quantity: quantityLabel(packed.substitute.quantity, packed.substitute),
                })
              : !packed.found
                ? t('packing.notCharged')
                : packed.packedGrams !== null
                  ? t('packing.packedGrams', { grams: formatNumber(packed.packedGrams) })
                  : quantityLabel(line.cartQuantity, line);
            return (
              <tr key={line._id} data-testid="packed-line">
                <th scope="row" className="font-medium">
                  {nameOf(line)}
                </th>
                <td className={packed.found || packed.substitute ? '' : 'text-error'}>{text}</td>
                <td className="text-right whitespace-nowrap tabular-nums">{formatPrice(packed.finalPrice)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot className="text-base-content">
          <tr className="text-base font-bold">
            <th scope="row" colSpan={2} className="text-right">
              {t('packing.bill.title')}
            </th>
            <td className="text-right whitespace-nowrap" data-testid="final-amount">
              {formatPrice(finalAmount)}
            </td>
          </tr>
        </tfoot>
      </table>
      {order.paymentMethod === 'cod' ? (
        <p className="mt-2 text-lg font-bold" data-testid="collect-amount">
          {t('packing.bill.collect', { amount: formatPrice(finalAmount) })}
        </p>
      ) : (
        order.refundedAmount !== undefined &&
        order.refundedAmount > 0 && (
          <p className="mt-2 font-medium">{t('packing.refunded', { amount: formatPrice(order.refundedAmount) })}</p>
        )
      )}
    </section>
  );
}
