import { priceCart, TAX_PERCENT } from '@contract/pricing';
import type { Order } from '@contract/order';
import { formatPrice } from '../../../lib/format';
import { t } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { quantityLabel, unitPrice } from '../../../lib/i18n/sale-unit';
import { usePictures } from '../../../lib/picture';
import { lineChoiceText } from '../packed-text';

/** The table's texts in the language shown. */
const messages = () => ({
  caption: t('orders.linesCaption'),
  columns: {
    product: t('product.product'),
    quantity: t('unit.quantity'),
    total: t('orders.lineTotal'),
  },
  cartTotal: t('summary.cartTotal'),
  shipping: t('summary.shipping'),
  tax: t('summary.tax', { rate: TAX_PERCENT }),
  total: t('orders.total'),
  tk: formatPrice,
});

/**
 * An order's lines (picture unless `pictures` is false; name — in Bangla the catalogue's — with
 * its price per sale unit and the shopper's packing choices under it; quantity in its sale unit; line total: three columns, so a
 * phone shows them all) and
 * its cart total and tax by the shop's one pricing rule (spec §9), the shipping the order was
 * charged (`order.shipping`: its area's fee when placed, DESIGN.md §15) and its total, the order's
 * own `totalAmount`, the amount the server charged.
 */
export function OrderLines({ order, pictures = true }: { order: Order; pictures?: boolean }) {
  const nameOf = useStoredProductName(); // renders again in the language chosen
  const texts = messages();
  const picture = usePictures();
  // The fee charged is the order's own (its area's when placed, DESIGN.md §15), never recomputed;
  // only a copy kept offline from before orders carried it falls back to the spec's rule.
  const { cartTotal, tax, shipping: specShipping } = priceCart(order.orderedProduct);
  const shipping = (order.shipping as number | undefined) ?? specShipping;
  const sum = (label: string, amount: number, strong = false) => (
    <tr className={strong ? 'text-base font-bold' : undefined}>
      <th scope="row" colSpan={pictures ? 3 : 2} className="text-right">
        {label}
      </th>
      <td className="text-right">{texts.tk(amount)}</td>
    </tr>
  );
  return (
    <table className={pictures ? 'table' : 'table table-sm'}>
      <caption className="sr-only">{texts.caption}</caption>
      <thead className="text-base-content">
        <tr>
          {pictures && <td />}
          <th>{texts.columns.product}</th>
          <th className="text-right">{texts.columns.quantity}</th>
          <th className="text-right">{texts.columns.total}</th>
        </tr>
      </thead>
      <tbody>
        {order.orderedProduct.map((line) => (
          <tr key={line._id} data-testid="order-line">
            {pictures && (
              <td>
                <img src={picture(line.image)} alt="" width={40} height={40} className="h-10 w-10 object-contain" />
              </td>
            )}
            <td>
              {nameOf(line)}
              <span className="block text-sm whitespace-nowrap text-base-content/70" data-testid="order-line-price">
                {unitPrice(line.price, line)}
              </span>
              {/* The shopper's packing choices (DESIGN.md §17), for whoever packs it. */}
              {lineChoiceText(line) && (
                <span className="block text-sm font-medium" data-testid="order-line-choice">
                  {lineChoiceText(line)}
                </span>
              )}
            </td>
            <td className="text-right whitespace-nowrap" data-testid="order-line-quantity">
              {quantityLabel(line.cartQuantity, line)}
            </td>
            <td className="text-right whitespace-nowrap">{texts.tk(priceCart([line]).cartTotal)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="text-base-content">
        {sum(texts.cartTotal, cartTotal)}
        {sum(texts.shipping, shipping)}
        {sum(texts.tax, tax)}
        {sum(texts.total, order.totalAmount, true)}
      </tfoot>
    </table>
  );
}
