/**
 * Cash on delivery as a {@link PaymentProvider} (DESIGN.md §14): the rider takes the cash at the
 * door, so nothing is charged online, no provider holds it and no refund is asked of one; money
 * handed back is counted by the grocer, and the ledger records it as done at once.
 */
import type { PaymentProvider } from './provider';

/** The cash provider: paid at the door; a refund moves nothing online and never fails. */
export const cashProvider: PaymentProvider = {
  method: 'cod',
  charge: async () => ({ kind: 'on-delivery' }),
  refund: async () => ({ providerRef: null }),
};
