import { useUnsentPacking } from '../api/save-packing';
import { UnsentPackingNote } from './unsent-packing-note';

/** The packing of order `orderId` this device's outbox still holds (waiting or refused), for its details; nothing when none. */
export function QueuedPacking({ orderId, userEmail }: { orderId: string; userEmail: string | undefined }) {
  const item = useUnsentPacking(userEmail, orderId);
  return item ? <UnsentPackingNote item={item} nameOf={(product) => product.name} /> : null;
}
