import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';

/** `/checkout` (signed-in only; guarded in the router). */
export default function CheckoutRoute() {
  const cart = useCart();
  const { user } = useAuth();
  const navigate = useNavigate();
  return (
    <CheckoutPage
      cart={cart}
      user={{ email: user.email ?? '', displayName: user.displayName ?? '' }}
      shopPath={paths.shop}
      onOrdered={() => {
        cartActions.clearAfterOrder();
        navigate(paths.dashboard.myOrders);
      }}
      onPaid={cartActions.clearAfterOrder}
    />
  );
}
