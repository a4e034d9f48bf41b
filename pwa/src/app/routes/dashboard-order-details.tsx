import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useAuth } from '../../features/auth/auth-store';
import { useOrder } from '../../features/orders/api/order-details';
import { OrderDetails } from '../../features/orders/components/order-details';
import { QueuedPacking } from '../../features/packing/components/queued-packing';

/**
 * `/dashboard/manage-orders/:id` (admins): an order's details, opened from Manage Orders, with a
 * packing of it that still waits in this device's outbox (or was refused), said above its lines.
 */
export default function OrderDetailsRoute() {
  const { id = '' } = useParams();
  const { user } = useAuth();
  const { data: order } = useOrder(id);
  return (
    <OrderDetails
      id={id}
      queueHref={paths.dashboard.manageOrders}
      notes={<QueuedPacking orderId={id} order={order} userEmail={user.account} />}
    />
  );
}
