import { useMemo } from 'react';
import { paths } from '../../config/paths';
import { CartPage } from '../../features/cart/components/cart-page';
import { useProducts } from '../../features/catalogue/api/get-products';

/**
 * `/cart` (spec §2). The empty cart links to the shop, as the spec's cart page does. Which lines
 * are out of stock is read from the catalogue as it is now (the cart does not store it).
 */
export default function CartRoute() {
  const { data: products } = useProducts();
  const outOfStock = useMemo(() => new Set(products?.filter((p) => p.inStock === false).map((p) => p._id)), [products]);
  return <CartPage shopPath={paths.shop} checkoutPath={paths.checkout} outOfStock={outOfStock} />;
}
