import type { SaleUnitOf } from '@contract/catalogue';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { lineLabel } from '../../../lib/i18n/sale-unit';

/**
 * The cart's lines left out of the order because they are out of stock now, listed above the
 * Place order button; when that is every line, it says there is nothing to order.
 */
export function NotInOrder({
  lines,
  nothingLeft,
}: {
  lines: ReadonlyArray<SaleUnitOf & { _id: string; name: string; nameBn?: string | null; cartQuantity: number }>;
  nothingLeft: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  if (lines.length === 0) return null;
  return (
    <div className="rounded-box bg-warning/15 p-4" data-testid="not-in-order">
      <p className="font-semibold">{t('checkout.notInOrder')}</p>
      <ul className="mt-1 list-inside list-disc text-sm">
        {lines.map((line) => (
          <li key={line._id}>{lineLabel(productName(line, locale), line.cartQuantity, line)}</li>
        ))}
      </ul>
      {nothingLeft && <p className="mt-2 text-sm">{t('checkout.nothingLeft')}</p>}
    </div>
  );
}
