import { useState } from 'react';
import { Spinner } from '../../../components/spinner';
import { formatTk } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useOnline } from '../../../lib/use-online';
import { useApproveOrder, useDeleteOrder, useOrders } from '../api/orders';
import { filterOrders, type OrderFilter } from '../order-filters';
import { OrderProducts, OrderStatus } from './order-products';

/**
 * Manage Orders (spec §2), built for a tablet: customer, products with pictures, price, status,
 * Approve/Delete; filter by status, search by name or e-mail, newest first, 44 px touch targets.
 */
export function ManageOrders() {
  const online = useOnline();
  const { data: orders, isPending } = useOrders(undefined);
  const approve = useApproveOrder();
  const remove = useDeleteOrder();
  const [filter, setFilter] = useState<OrderFilter>({ status: 'all', search: '' });
  const shown = orders ? filterOrders(orders, filter) : [];
  const onApprove = (id: string) =>
    approve.mutate(id, {
      onSuccess: ({ modifiedCount }) => modifiedCount > 0 && notify('admin', 'success', 'Order Approved Successfully!!'),
      onError: (error) => notify('admin', 'error', error.message),
    });
  const onDelete = (id: string) => {
    if (!window.confirm('Are you want to cancel this order')) return;
    remove.mutate(id, {
      onSuccess: () => notify('order', 'success', 'Deleted Order successfully'),
      onError: (error) => notify('order', 'error', error.message),
    });
  };
  return (
    <section>
      <h1 className="mb-4 text-2xl font-bold">Manage Orders</h1>
      {!online && <p className="alert alert-warning mb-4" role="status">You are offline. Approving and deleting orders need a connection.</p>}
      <div className="mb-4 flex flex-wrap gap-3">
        <label className="min-w-48 flex-1">
          <span className="mb-1 block text-sm font-medium">Search customer</span>
          <input type="search" className="input input-bordered min-h-11 w-full" placeholder="Name or e-mail" value={filter.search} onChange={(e) => setFilter({ ...filter, search: e.target.value })} />
        </label>
        <label>
          <span className="mb-1 block text-sm font-medium">Status</span>
          <select className="select select-bordered min-h-11" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.target.value as OrderFilter['status'] })}>
            <option value="all">All</option>
            <option value="Pending">Pending</option>
            <option value="Approved">Approved</option>
          </select>
        </label>
      </div>
      {isPending && <Spinner label="Loading orders" />}
      <table className="table">
        <thead>
          <tr>
            <th>Customer</th>
            <th>Products</th>
            <th className="text-right">Price</th>
            <th>Status</th>
            <th>Approved/Delete</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((order) => (
            <tr key={order._id} data-testid="order-row" className="align-top">
              <td className="max-w-40 break-words">
                <p className="font-semibold">{order.customerName}</p>
                <p className="text-xs text-base-content/70">{order.email}</p>
                <p className="text-xs text-base-content/70">{order.orderDate}</p>
              </td>
              <td><OrderProducts order={order} /></td>
              <td className="whitespace-nowrap text-right font-semibold">{formatTk(order.totalAmount)} Tk</td>
              <td><OrderStatus order={order} /></td>
              <td>
                <div className="flex flex-col gap-2">
                  <button type="button" className="btn btn-success btn-sm min-h-11" disabled={!online || order.orderStatus === 'Approved'} onClick={() => onApprove(order._id)}>
                    {order.orderStatus === 'Approved' ? 'Approved' : 'Approve'}
                  </button>
                  <button type="button" className="btn btn-error btn-outline btn-sm min-h-11" disabled={!online} onClick={() => onDelete(order._id)}>Delete</button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders && shown.length === 0 && <p className="py-8 text-center">No orders match.</p>}
    </section>
  );
}
