import type { SaleUnitOf } from '@contract/catalogue';
import { priceCart } from '@contract/pricing';
import { formatPrice } from '../../../lib/format';
import { useLocale } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { quantityLabel } from '../../../lib/i18n/sale-unit';

type SummaryLine = SaleUnitOf & {
  _id: string;
  name: string;
  nameBn?: string | null;
  price: number;
  cartQuantity: number;
};

/**
 * The lines being ordered, above checkout's price summary: each product's name, its quantity in
 * its sale unit ("2 Kg", "2 × 250 g", "1 bundle") and its line total by the shop's one pricing rule.
 */
export function OrderSummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  const locale = useLocale(); // renders again in the language chosen
  if (lines.length === 0) return null;
  return (
    <ul className="mb-3 divide-y divide-base-300 rounded-box bg-base-100 px-4 ring-1 ring-base-300">
      {lines.map((line) => (
        <li key={line._id} className="flex items-baseline justify-between gap-3 py-2" data-testid="checkout-line">
          <span className="min-w-0">
            <span className="block font-medium">{productName(line, locale)}</span>
            <span className="block text-sm text-base-content/70" data-testid="checkout-line-quantity">
              {quantityLabel(line.cartQuantity, line)}
            </span>
          </span>
          <span className="shrink-0 whitespace-nowrap">{formatPrice(priceCart([line]).cartTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
