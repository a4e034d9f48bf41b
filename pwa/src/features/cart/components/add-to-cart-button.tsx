import type { Product } from '@contract/catalogue';
import { cartActions } from '../cart-store';

/** Adds 1 kg of `product` to the cart; disabled while it is out of stock (the card says so). */
export function AddToCartButton({ product }: { product: Product }) {
  return (
    // The accessible name starts with the visible text (WCAG 2.5.3) and says which product.
    <button
      type="button"
      className="btn btn-primary min-h-11 w-full"
      disabled={product.inStock === false}
      onClick={() => cartActions.add(product)}
      aria-label={`Add to cart: ${product.name}`}
    >
      Add to cart
    </button>
  );
}
