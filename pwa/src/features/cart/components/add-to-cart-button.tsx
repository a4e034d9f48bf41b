import { useEffect, useRef, type ReactNode } from 'react';
import type { Product } from '@contract/catalogue';
import { useLocale, useT } from '../../../lib/i18n/i18n';
import { productName } from '../../../lib/i18n/product-name';
import { cartActions, useCart } from '../cart-store';
import { QuantityStepper } from './quantity-stepper';

/**
 * A product card's cart control: "Add to cart" (one sale unit), and once the product is in the
 * cart its quantity stepper (− {n} Kg +, − 2 × 250 g +). Out of stock it is a disabled "Add to cart" (the card says
 * why), whatever the cart holds. Keyboard focus stays in the control when one replaces the other.
 */
function AddToCartButton({ product }: { product: Product }) {
  const t = useT();
  const name = productName(product, useLocale());
  const inStock = product.inStock !== false;
  const line = useCart().find((item) => item._id === product._id);
  const box = useRef<HTMLDivElement>(null);
  // Set by this control's own buttons: the render that follows keeps the focus inside it.
  const keepFocus = useRef(false);
  const acted = () => {
    keepFocus.current = true;
  };
  useEffect(() => {
    if (!keepFocus.current) return;
    keepFocus.current = false;
    // The pressed button was replaced (added: the stepper; the last unit taken off: Add to cart).
    if (box.current && !box.current.contains(document.activeElement))
      box.current.querySelector<HTMLButtonElement>('button:not(:disabled):last-of-type')?.focus();
  });
  return (
    <div ref={box} className="w-full">
      {line && inStock ? (
        <QuantityStepper item={line} onAction={acted} compact className="w-full" />
      ) : (
        // The accessible name starts with the visible text (WCAG 2.5.3) and says which product.
        <button
          type="button"
          className="btn btn-primary min-h-11 w-full"
          disabled={!inStock}
          onClick={() => {
            acted();
            cartActions.add(product);
          }}
          aria-label={t('cart.addName', { name })}
        >
          {t('cart.add')}
        </button>
      )}
    </div>
  );
}

/** A product grid's card action (ProductGrid's `renderAction`): defined once, so unchanged cards are not rendered again. */
export const renderAddToCart = (product: Product): ReactNode => <AddToCartButton product={product} />;
