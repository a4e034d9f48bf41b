/**
 * Placing an order through the outbox (DESIGN.md §5 "Outbox"): it is queued and the cart emptied
 * in one IndexedDB transaction, then sent at once, or when the connection returns ("queued").
 * An order the server refuses stays in the outbox ("refused", its lines and reason only), where
 * My Orders offers to put it back in the cart. This module is the one place an order's
 * `orderDate` is made.
 */
import type { OrderInput } from '@contract/order';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { currentLocale } from '../../../lib/i18n/i18n';
import { storedProductNames } from '../../../lib/i18n/product-name';
import { outboxItem } from '../../../lib/offline/outbox/store';
import type { OutboxReceipt } from '../../../lib/offline/outbox/protocol';
import { submit } from '../../../lib/offline/outbox/submit';
import { orderKeys } from '../../../lib/query-keys';

/** An order as the checkout form fills it: everything but its date, which placing it adds. */
export type OrderToPlace = Omit<OrderInput, 'orderDate'>;

/**
 * What placing an order did: sent now (the server's receipt: the order's id), queued in the
 * outbox (offline), or refused (kept in the outbox, where My Orders offers "Back to cart" and
 * "Remove", and for products out of stock "Send without them"), with the refusal in words to show.
 */
export type PlaceOrderResult =
  { status: 'sent'; order: OutboxReceipt } | { status: 'queued' } | { status: 'refused'; message: string };

type PlaceOrderOptions = {
  /** The signed-in user's e-mail: the order is sent, and shown, only for them. */
  userEmail: string;
  /** The catalogue as loaded (undefined while it is not): names the refused products in Bangla. */
  catalogue: Parameters<typeof storedProductNames>[0];
  /** Empties the page's copy of the cart once the order is queued (`submit`'s `clearCart`). */
  clearCart: () => void;
};

/**
 * The day an order is placed as the contract's `orderDate` takes it: the browser's locale date
 * string (spec §3; e.g. "22/11/2026" in en-GB). The server keeps it as written; My Orders shows
 * it in English (features/orders/order-time.ts).
 */
const orderDateToday = (): string => new Date().toLocaleDateString();

/**
 * Places `order`, dated today, under the Idempotency-Key `key` (a retry with the same key makes
 * one order) and empties the cart.
 * @returns `sent` with the order's receipt (its id), `queued`, or `refused` when the server refused it and
 * the outbox keeps it (the reason in the language shown, naming any products out of stock).
 * @throws what `submit` throws when the outbox does not keep the order (no IndexedDB: the direct
 * send's ApiRequestError, or no signed-in user) or for any other failure.
 */
export async function placeOrder(
  order: OrderToPlace,
  key: string,
  { userEmail, catalogue, clearCart }: PlaceOrderOptions,
): Promise<PlaceOrderResult> {
  try {
    const outcome = await submit('order', { ...order, orderDate: orderDateToday() }, { userEmail, key, clearCart });
    return outcome.status === 'sent' ? { status: 'sent', order: outcome.result } : outcome;
  } catch (error) {
    if ((await outboxItem(key).catch(() => undefined))?.status !== 'failed') throw error;
    return { status: 'refused', message: apiErrorText(error, '', storedProductNames(catalogue, currentLocale())) };
  }
}

/**
 * The checkout's mutation: `mutateAsync({ order, key })` places the order (see placeOrder). It
 * runs offline too (the outbox queues it), and refreshes the cached orders once one is sent.
 */
export function usePlaceOrder(options: PlaceOrderOptions) {
  const client = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ order, key }: { order: OrderToPlace; key: string }) => placeOrder(order, key, options),
    onSuccess: (result) => {
      if (result.status === 'sent') void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
