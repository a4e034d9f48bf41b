import { useNavigate } from 'react-router-dom';
import type { OrderInput, Order } from '@contract/order';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { cartActions, useCart } from '../../features/cart/cart-store';
import { placeOrder } from '../../features/checkout/api/checkout-api';
import { CheckoutPage, type SubmitResult } from '../../features/checkout/components/checkout-page';
import { requestBackgroundSync, sendNow } from '../../features/offline/outbox-runner';
import { enqueue, outboxItem } from '../../lib/offline/outbox';
import { requestPersistentStorage } from '../../lib/offline/persist';

/**
 * Places an order through the outbox: the row is written and the cart emptied in one IndexedDB
 * transaction, then the sender tries at once. Offline, the order waits ("queued"). Without
 * IndexedDB (some private modes) it is sent directly, as an online-only shop would.
 */
async function submitOrder(input: OrderInput, key: string, email: string): Promise<SubmitResult> {
  requestPersistentStorage();
  try {
    await enqueue('order', input, email, { key, clearCart: true });
    // IndexedDB's cart is already empty; empty the localStorage mirror now too, so a reload
    // before the live query catches up cannot bring the ordered items back.
    cartActions.clearAfterOrder();
  } catch {
    const order = await placeOrder(input, key);
    cartActions.clearAfterOrder();
    return { status: 'sent', order };
  }
  await sendNow();
  const item = await outboxItem(key);
  if (item?.status === 'sent') return { status: 'sent', order: item.result as Order };
  if (item?.status === 'failed') throw new Error(item.note ?? 'The order was refused.');
  void requestBackgroundSync();
  return { status: 'queued' };
}

/** `/checkout` (signed-in only; guarded in the router). */
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
      submitOrder={(input, key) => submitOrder(input, key, email)}
      onOrdered={() => navigate(paths.dashboard.myOrders)}
      onPaid={cartActions.clearAfterOrder}
    />
  );
}
