import type { Order } from '@contract/order';
import { formatPrice } from '../../../lib/format';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { lineLabel } from '../../../lib/i18n/sale-unit';
import { usePictures } from '../../../lib/picture';
import { lineChoiceText, packedLineText } from '../packed-text';

/**
 * The shopper's own view of an order's products (My Orders): each line's picture, name and
 * quantity, its packing choices where the shopper made any ("If missing: Similar is fine", the
 * note), and once the order is packed (DESIGN.md §17) ordered against packed ("1 kg → 0.95 kg",
 * "Deshi tomato → Hybrid tomato", "Not found — not charged"), then the final bill and any refund
 * to bKash or the card. Read from the order as kept, so offline too.
 */
export function MyOrderLines({ order }: { order: Order }) {
  useLocale(); // renders again in the language chosen
  const nameOf = useStoredProductName();
  const picture = usePictures();
  // An order kept offline from before packing has none of these fields.
  const packing = order.packing as Order['packing'] | undefined;
  const refunded = order.refundedAmount ?? 0;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {order.orderedProduct.map((line) => {
          const packed = packedLineText(
            line,
            packing?.lines.find((entry) => entry._id === line._id),
            nameOf,
          );
          const choice = lineChoiceText(line);
          return (
            <li key={line._id} className="flex items-start gap-2" data-testid="my-order-line">
              <img
                src={picture(line.image)}
                alt=""
                width={28}
                height={28}
                className="h-7 w-7 shrink-0 object-contain"
                loading="lazy"
              />
              <div className="grid text-sm">
                <span data-testid="order-product">{lineLabel(nameOf(line), line.cartQuantity, line)}</span>
                {packed && (
                  <span
                    className={`font-medium ${packed.kind === 'missing' ? 'text-error' : 'text-base-content'}`}
                    data-testid="packed-line"
                  >
                    {packed.text}
                  </span>
                )}
                {choice && (
                  <span className="text-base-content/70" data-testid="line-choice-shown">
                    {choice}
                  </span>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      {order.finalAmount !== undefined && (
        <p className="font-semibold" data-testid="final-bill">
          {t('myOrders.packed.finalBill', { amount: formatPrice(order.finalAmount) })}
        </p>
      )}
      {refunded > 0 && order.paymentMethod !== 'cod' && (
        <p className="text-sm" data-testid="packed-refund">
          {t('myOrders.packed.refunded', {
            amount: formatPrice(refunded),
            method: order.paymentMethod === 'bkash' ? t('orders.bkash') : t('orders.card'),
          })}
        </p>
      )}
    </div>
  );
}
