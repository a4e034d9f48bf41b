import { paths } from '../../config/paths';
import { useDeliverySlots } from '../../features/checkout/api/get-delivery-slots';
import { ManageOrders } from '../../features/orders/components/manage-orders';

/** `/dashboard/manage-orders` (admins): the live queue, its slot filter offering the slots on sale now. */
export default function ManageOrdersRoute() {
  const { data: slots } = useDeliverySlots();
  return <ManageOrders offeredSlots={slots ?? []} orderHref={paths.dashboard.orderDetails.getHref} />;
}
