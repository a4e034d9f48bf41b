import { MAX_LINE_QUANTITY } from '@contract/catalogue';
import type { CartItem } from '../cart-model';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { quantityLabel } from '../../../lib/i18n/sale-unit';
import { cartActions } from '../cart-store';

type QuantityStepperProps = {
  item: CartItem;
  /** False while the product is out of stock: the line may shrink but not grow. */
  canIncrease?: boolean;
  /** Called after − or + was pressed (the cart has changed by then). */
  onAction?: () => void;
  className?: string;
};

/**
 * "−  {n} Kg  +" (or "− 2 × 250 g +", "− 2 bundles +": lib/i18n/sale-unit.ts) for one cart line
 * (a cart row, a product card once in the cart), with 44 px buttons named "Decrease {name}" and
 * "Increase {name}". − takes a sale unit off (at 1 the line goes), + adds one up to 100; the
 * cart's actions raise the spec's toasts.
 */
export function QuantityStepper({ item, canIncrease = true, onAction, className = '' }: QuantityStepperProps) {
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
        className="join-item flex min-w-16 flex-1 items-center justify-center border-y border-base-300 px-2 whitespace-nowrap"
        data-testid="cart-quantity"
      >
        {quantityLabel(item.cartQuantity, item)}
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
