import { useMemo } from 'react';
import { paths } from '../../config/paths';
import { unavailableLines } from '../../features/cart/cart-model';
import { useCart } from '../../features/cart/cart-store';
import { CartPage } from '../../features/cart/components/cart-page';
import { useProducts } from '../../features/catalogue/api/get-products';

/**
 * `/cart` (spec §2). The empty cart links to the shop, as the spec's cart page does. Which lines
 * cannot be bought (out of stock, or no longer sold) is read from the catalogue as it is now (the
 * cart does not store it).
 */
export default function CartRoute() {
  const cart = useCart();
  const { data: products } = useProducts();
  const outOfStock = useMemo(() => unavailableLines(cart, products), [cart, products]);
  return <CartPage shopPath={paths.shop} checkoutPath={paths.checkout} outOfStock={outOfStock} />;
}
