import { useMemo } from 'react';
import { paths } from '../../config/paths';
import { unavailableLines } from '../../features/cart/cart-model';
import { atTodaysPrices } from '../../features/cart/todays-prices';
import { useCart } from '../../features/cart/cart-store';
import { CartPage } from '../../features/cart/components/cart-page';
import { useProducts } from '../../features/catalogue/api/get-products';

/**
 * `/cart` (spec §2). The empty cart links to the shop, as the spec's cart page does. Prices, and
 * which lines cannot be bought (out of stock, or no longer sold), are read from the catalogue as
 * it is now (the cart keeps the price a line was added at).
 */
export default function CartRoute() {
  const stored = useCart();
  const { data: products } = useProducts();
  // What the shopper sees and the order quotes: today's prices, offline the last ones seen.
  const cart = useMemo(() => atTodaysPrices(stored, products), [stored, products]);
  const outOfStock = useMemo(() => unavailableLines(cart, products), [cart, products]);
  return <CartPage cart={cart} shopPath={paths.shop} checkoutPath={paths.checkout} outOfStock={outOfStock} />;
}
