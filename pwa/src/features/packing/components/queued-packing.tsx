import type { Order } from '@contract/order';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { useUnsentPacking } from '../api/save-packing';
import { UnsentPackingNote } from './unsent-packing-note';

/**
 * The packing of `order` (or of order `orderId` while it loads) this device's outbox still holds
 * (waiting or refused), for its details, naming a refused line by the order's line; nothing when none.
 */
export function QueuedPacking({
  orderId,
  order,
  userEmail,
}: {
  orderId: string;
  order: Order | undefined;
  userEmail: string | undefined;
}) {
  const nameOf = useStoredProductName();
  const item = useUnsentPacking(userEmail, orderId);
  if (!item) return null;
  const lineName = (product: { _id: string; name: string }) =>
    nameOf(order?.orderedProduct.find((line) => line._id === product._id) ?? product);
  return <UnsentPackingNote item={item} nameOf={lineName} />;
}
