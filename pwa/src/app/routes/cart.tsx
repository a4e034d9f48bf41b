import { paths } from '../../config/paths';
import { CartPage } from '../../features/cart/components/cart-page';

/** `/cart` (spec §2). The empty cart links to the shop, as the spec's cart page does. */
export default function CartRoute() {
  return <CartPage shopPath={paths.shop} checkoutPath={paths.checkout} />;
}
