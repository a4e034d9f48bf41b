import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { submit } from '../../lib/offline/outbox/submit';

/**
 * `/checkout` (signed-in only; guarded in the router). The order goes through the outbox: it is
 * queued and the cart emptied in one IndexedDB transaction, then sent at once, or when the
 * connection returns ("queued").
 */
export default function CheckoutRoute() {
  const cart = useCart();
  const { user } = useAuth();
  const navigate = useNavigate();
  const email = user.email ?? '';
  return (
    <CheckoutPage
      cart={cart}
      user={{ email, displayName: user.displayName ?? '' }}
      shopPath={paths.shop}
      submitOrder={async (input, key) => {
        const outcome = await submit('order', input, { userEmail: email, key, clearCart: cartActions.clearAfterOrder });
        return outcome.status === 'sent' ? { status: 'sent', order: outcome.result } : outcome;
      }}
      onOrdered={() => navigate(paths.dashboard.myOrders)}
      onPaid={cartActions.clearAfterOrder}
    />
  );
}
