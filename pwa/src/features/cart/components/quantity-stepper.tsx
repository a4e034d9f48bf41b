import { MAX_LINE_QUANTITY } from '@contract/catalogue';
import type { CartItem } from '../cart-model';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { quantityParts } from '../../../lib/i18n/sale-unit';
import { cartActions } from '../cart-store';

type QuantityStepperProps = {
  item: CartItem;
  /** False while the product is out of stock: the line may shrink but not grow. */
  canIncrease?: boolean;
  /** Called after − or + was pressed (the cart has changed by then). */
  onAction?: () => void;
  /** A narrow place (a product card on a phone): a smaller label, which may take two lines ("2 ×" over "250 g"). */
  compact?: boolean;
  className?: string;
};

/**
 * "−  {n} Kg  +" (or "− 2 × 250 g +", "− 2 bundles +": lib/i18n/sale-unit.ts) for one cart line
 * (a cart row, a product card once in the cart), with 44 px buttons named "Decrease {name}" and
 * "Increase {name}". − takes a sale unit off (at 1 the line goes), + adds one up to 100; the
 * cart's actions raise the spec's toasts.
 */
export function QuantityStepper({
  item,
  canIncrease = true,
  onAction,
  compact = false,
  className = '',
}: QuantityStepperProps) {
  const t = useT();
  const name = productName(item, useLocale());
  const act = (change: () => void) => () => {
    change();
    onAction?.();
  };
  return (
    <div className={`join ${className}`} role="group" aria-label={t('cart.quantityOf', { name })}>
      <button
        type="button"
        className="btn join-item min-h-11 min-w-11"
        onClick={act(() => cartActions.decrease(item._id))}
        aria-label={t('cart.decrease', { name })}
      >
        −
      </button>
      <span
        className={`join-item flex flex-1 items-center justify-center border-y border-base-300 text-center leading-tight ${compact ? 'min-w-0 px-1 text-sm' : 'min-w-16 px-2'}`}
        data-testid="cart-quantity"
      >
        <span>
          {quantityParts(item.cartQuantity, item).map((part, i) => (
            // The pieces may go on two lines, each kept whole; the space between them is the label's own.
            <span key={part}>
              {i > 0 && ' '}
              <span className="whitespace-nowrap">{part}</span>
            </span>
          ))}
        </span>
      </span>
      <button
        type="button"
        className="btn join-item min-h-11 min-w-11"
        disabled={!canIncrease || item.cartQuantity >= MAX_LINE_QUANTITY}
        onClick={act(() => cartActions.add(item))}
        aria-label={t('cart.increase', { name })}
      >
        +
      </button>
    </div>
  );
}
