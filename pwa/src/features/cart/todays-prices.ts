/** The cart at today's prices (DESIGN.md §16), for the cart and checkout pages (not the shop's first load). */
import type { Product } from '@contract/catalogue';
import type { Cart } from './cart-model';

/**
 * `cart` at today's prices: each line's `price` (Tk per sale unit) as `catalogue` has it now, so
 * the cart and checkout show, and an order quotes (DESIGN.md §16), what the server will charge;
 * a line whose product is not in the catalogue keeps the price it was added at. `cart` itself
 * when there is no catalogue yet or no price differs.
 */
export function atTodaysPrices(cart: Cart, catalogue: readonly Product[] | undefined): Cart {
  if (!catalogue) return cart;
  const today = new Map(catalogue.map((product) => [product._id, product.price]));
  if (cart.every((line) => (today.get(line._id) ?? line.price) === line.price)) return cart;
  return cart.map((line) => ({ ...line, price: today.get(line._id) ?? line.price }));
}
