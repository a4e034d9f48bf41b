import { Spinner } from '../../../components/spinner';
import type { OutboxStatus } from '../../../lib/offline/outbox/protocol';
import { formatTk } from '../../../lib/format';
import { notify } from '../../../lib/toast';
import { useDeleteOrder, useOrders } from '../api/orders';
import { OrderProducts, OrderStatus } from './order-products';

/** An order still in the outbox: not on the server yet. */
export type UnsentOrder = {
  key: string;
  status: OutboxStatus;
  note?: string | undefined;
  createdAt: number;
  lines: ReadonlyArray<{ name?: string; cartQuantity: number }>;
};

/**
 * My Orders (spec §2): orders still waiting in the outbox first ("Waiting to send", or why they
 * were not sent), then the customer's own orders; Pending ones can be cancelled after a confirm.
 */
export function MyOrders({ email, unsent }: { email: string; unsent: readonly UnsentOrder[] }) {
  const { data: orders, isPending, isError } = useOrders(email);
  const cancel = useDeleteOrder();
  const onCancel = (id: string) => {
    if (!window.confirm('Are you want to cancel this order')) return;
    cancel.mutate(id, {
      onSuccess: ({ deletedCount }) => deletedCount > 0 && notify('order', 'success', 'Order Cancel Successfully!!'),
      onError: (error) => notify('order', 'error', error.message),
    });
  };
  return (
    <section>
      <h1 className="mb-6 text-2xl font-bold">My Orders</h1>
      {isPending && <Spinner label="Loading your orders" />}
      {isError && <p className="alert alert-warning">Your orders could not be loaded. Check your connection.</p>}
      {unsent.map((item) => (
        <article key={item.key} className={`alert mb-4 ${item.status === 'failed' ? 'alert-error' : 'alert-warning'}`} data-testid="unsent-order">
          <div>
            <p className="font-semibold">{item.status === 'failed' ? 'Not sent' : 'Waiting to send'}</p>
            <p className="text-sm">{item.lines.map((l) => `${l.name ?? 'Product'} × ${l.cartQuantity} Kg`).join(', ')}</p>
            {item.note && <p className="text-sm">{item.note}</p>}
          </div>
        </article>
      ))}
      {orders?.length === 0 && unsent.length === 0 && <p>You have no orders yet.</p>}
      <div className="grid gap-4">
        {orders?.map((order) => (
          <article key={order._id} className="card bg-base-100 shadow-sm ring-1 ring-base-300" data-testid="my-order">
            <div className="card-body gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="grid gap-2">
                <p className="font-semibold">{order.customerName}</p>
                <p className="text-sm text-base-content/70">Ordered {order.orderDate}</p>
                <OrderProducts order={order} />
              </div>
              <div className="flex flex-col items-start gap-2 sm:items-end">
                <p className="text-lg font-bold">{formatTk(order.totalAmount)} Tk</p>
                <OrderStatus order={order} />
                <button
                  type="button"
                  className="btn btn-outline btn-error min-h-11"
                  disabled={order.orderStatus !== 'Pending' || cancel.isPending}
                  title={order.orderStatus !== 'Pending' ? 'Approved orders are on their way and can no longer be cancelled.' : undefined}
                  onClick={() => onCancel(order._id)}
                >
                  {order.orderStatus === 'Pending' ? 'Delete' : 'Approved: cannot cancel'}
                </button>
              </div>
            </div>
          </article>
        ))}
      </div>
    </section>
  );
}
