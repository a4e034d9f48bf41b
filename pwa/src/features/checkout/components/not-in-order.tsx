/**
 * The cart's lines left out of the order because they are out of stock now, listed above the
 * Place order button; when that is every line, it says there is nothing to order.
 */
export function NotInOrder({ lines, nothingLeft }: { lines: ReadonlyArray<{ _id: string; name: string; cartQuantity: number }>; nothingLeft: boolean }) {
  if (lines.length === 0) return null;
  return (
    <div className="rounded-box bg-warning/15 p-4" data-testid="not-in-order">
      <p className="font-semibold">Not in this order: out of stock</p>
      <ul className="mt-1 list-inside list-disc text-sm">
        {lines.map((line) => (
          <li key={line._id}>
            {line.name} × {line.cartQuantity} Kg
          </li>
        ))}
      </ul>
      {nothingLeft && <p className="mt-2 text-sm">Everything in your cart is out of stock, so there is nothing to order.</p>}
    </div>
  );
}
