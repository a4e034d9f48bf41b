import { useParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { OrderDetails } from '../../features/orders/components/order-details';

/** `/dashboard/manage-orders/:id` (admins): an order's details, opened from Manage Orders. */
export default function OrderDetailsRoute() {
  const { id = '' } = useParams();
  return <OrderDetails id={id} queueHref={paths.dashboard.manageOrders} />;
}
