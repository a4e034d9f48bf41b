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

/** Order and payment status badges. */
export function OrderStatus({ order }: { order: Order }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <span className={`badge ${order.orderStatus === 'Approved' ? 'badge-success' : 'badge-warning'}`}>{order.orderStatus}</span>
      <span className={`badge badge-outline h-auto py-0.5 ${order.paymentStatus === 'paid' ? 'badge-success' : ''}`}>
        {order.paymentStatus === 'paid' ? 'Paid' : order.paymentMethod === 'cod' ? 'Cash on delivery' : 'Unpaid'}
      </span>
    </div>
  );
}
