import type { Order } from '@contract/order';

/** The ordered products of one order: small picture, name and kg. */
export function OrderProducts({ order }: { order: Order }) {
  return (
    <ul className="grid gap-1">
      {order.orderedProduct.map((line) => (
        <li key={line._id} className="flex items-center gap-2">
          <img src={line.image} alt="" width={28} height={28} className="h-7 w-7 shrink-0 object-contain" loading="lazy" />
          <span className="text-sm">
            {line.name} × {line.cartQuantity} Kg
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The badge colour of each order state. */
const statusBadge: Record<Order['orderStatus'], string> = {
  Pending: 'badge-warning',
  Approved: 'badge-info',
  'Out for delivery': 'badge-secondary',
  Delivered: 'badge-success',
};

/** An order state as a badge in its colour. */
export function StatusBadge({ status }: { status: Order['orderStatus'] }) {
  return <span className={`badge h-auto py-0.5 ${statusBadge[status]}`}>{status}</span>;
}

/** Order and payment status badges. */
export function OrderStatus({ order }: { order: Order }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge status={order.orderStatus} />
      <span className={`badge badge-outline h-auto py-0.5 ${order.paymentStatus === 'paid' ? 'badge-success' : ''}`}>
        {order.paymentStatus === 'paid' ? 'Paid' : order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Unpaid'}
      </span>
    </div>
  );
}

/** How an order is paid and whether it is, e.g. "Cash on delivery · Unpaid". */
export function PaymentText({ order }: { order: Order }) {
  return (
    <>
      {order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Card'} · {order.paymentStatus === 'paid' ? 'Paid' : 'Unpaid'}
    </>
  );
}
