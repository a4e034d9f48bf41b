import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { apiErrorText } from '../../lib/i18n/api-errors';
import { currentLocale } from '../../lib/i18n/i18n';
import { storedProductNames } from '../../lib/i18n/product-name';
import { outboxItem } from '../../lib/offline/outbox/store';
import { submit } from '../../lib/offline/outbox/submit';

/**
 * `/checkout` (signed-in only; guarded in the router). The order goes through the outbox: it is
 * queued and the cart emptied in one IndexedDB transaction, then sent at once, or when the
 * connection returns ("queued"). Lines out of stock in the catalogue are left out; one the
 * server finds out of stock all the same leaves the order refused in the outbox ("refused"),
 * where My Orders offers to send the rest.
 */
export default function CheckoutRoute() {
  const cart = useCart();
  const { data: products } = useProducts();
  const outOfStock = useMemo(() => new Set(products?.filter((p) => p.inStock === false).map((p) => p._id)), [products]);
  const { user } = useAuth();
  const navigate = useNavigate();
  const email = user.email ?? '';
  return (
    <CheckoutPage
      cart={cart}
      outOfStock={outOfStock}
      user={{ email, displayName: user.displayName ?? '' }}
      shopPath={paths.shop}
      submitOrder={async (input, key) => {
        try {
          const outcome = await submit('order', input, {
            userEmail: email,
            key,
            clearCart: cartActions.clearAfterOrder,
          });
          return outcome.status === 'sent' ? { status: 'sent', order: outcome.result } : outcome;
        } catch (error) {
          if (!(await outboxItem(key).catch(() => undefined))?.refusal) throw error;
          return { status: 'refused', message: apiErrorText(error, '', storedProductNames(products, currentLocale())) };
        }
      }}
      onOrdered={() => navigate(paths.dashboard.myOrders)}
      onPaid={cartActions.clearAfterOrder}
    />
  );
}
