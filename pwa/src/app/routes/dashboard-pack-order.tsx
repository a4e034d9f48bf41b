import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { useProducts } from '../../features/catalogue/api/get-products';
import { useOrder } from '../../features/orders/api/order-details';
import { PackingScreen } from '../../features/packing/components/packing-screen';

/**
 * `/dashboard/manage-orders/:id/pack` (admins, DESIGN.md §17): an Approved order's packing screen,
 * opened from its details (**Pack**). The order comes from the orders feature (its last copy
 * offline), the substitutes from the catalogue as mirrored on this device; saving goes through
 * the outbox as the signed-in admin.
 */
export default function PackOrderRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const order = useOrder(id);
  const { data: products } = useProducts();
  return (
    <PackingScreen
      id={id}
      order={order.data}
      orderState={order.fetchStatus === 'paused' ? 'offline' : order.error ? 'failed' : 'loading'}
      products={products}
      userEmail={user.account ?? ''}
      orderHref={paths.dashboard.orderDetails.getHref(id)}
    />
  );
}
