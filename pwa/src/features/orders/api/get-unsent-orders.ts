/**
 * The orders still in the outbox, as My Orders lists them (DESIGN.md §5 "Outbox"), live from
 * IndexedDB; and the customer's orders refetched the moment one of them reaches the server.
 */
import type { SaleUnitOf } from '@contract/catalogue';
import { fewLeftText, outboxNoteText } from '../../../lib/i18n/api-errors';
import { useStoredProductName } from '../../../lib/i18n/product-names';
import { useUnsent } from '../../../lib/offline/outbox/use-unsent';
import { useRefetchOrdersWhenGone } from '../../../lib/refetch-now';
import type { OutboxRefusal, UnsentItem } from '../../../lib/offline/outbox/protocol';

/** An order still in the outbox: not on the server yet (waiting), or refused with its lines and reason. */
export type UnsentOrder = {
  key: string;
  status: UnsentItem['status'];
  note?: string | undefined;
  createdAt: number;
  lines: ReadonlyArray<SaleUnitOf & { _id: string; name?: string | undefined; cartQuantity: number }>;
  /** Why the server refused it, when the shopper can act on it: the products it could not take. */
  refusal?: OutboxRefusal | undefined;
  /** Names of the products the server refused it for (out of stock), when that is why it failed. */
  outOfStock?: readonly string[] | undefined;
  /** Whether anything is left to order without those products. */
  restLeft?: boolean;
  /** The units left of each refused product that has some (counted stock): "Send 3" sends those. */
  available?: readonly number[] | undefined;
  /** Refused until the account's e-mail is verified (`verify_to_order_more`): My Orders offers to resend the link. */
  verifyFirst?: boolean;
  /** Refused because prices rose since the shopper saw them (`price_changed`): My Orders offers today's prices. */
  priceRose?: boolean;
};

/**
 * Returns `email`'s orders not yet sent (waiting or failed), oldest first, with their lines (ids,
 * names in the language shown, for "Back to cart") and note in the language shown, and — for one
 * refused for products out of stock, short or gone — those products' names (with the units left
 * of a short one), whether anything is left to order without them, and the units left of each
 * short one ("Send 3"); [] when signed out.
 * When an order leaves the outbox (sent by this page or the service worker), every order query
 * is refetched with invalidateAfterRunning: once a fetch begun before the server had the order has
 * landed, for an invalidation alone would reuse that fetch on a list not loaded yet (e.g. opened offline).
 */
export function useUnsentOrders(email: string | undefined): UnsentOrder[] {
  const nameOf = useStoredProductName();
  const unsent = useUnsent(email).flatMap((item) => {
    if (item.kind !== 'order') return [];
    const refused = new Set(item.refusal?.products.map((p) => p._id));
    // The checkout keeps each line's English name and sale unit beside its id (for this list, and
    // to name a product deleted meanwhile); else the refusal may name it.
    const lines = item.payload.orderedProduct.map((line: UnsentOrder['lines'][number] & { _id: string }) => {
      const english = line.name ?? item.refusal?.products.find((product) => product._id === line._id)?.name;
      return { ...line, name: english === undefined ? undefined : nameOf({ _id: line._id, name: english }) };
    });
    return [
      {
        ...item,
        note: outboxNoteText(item, nameOf),
        lines,
        outOfStock: item.refusal?.products.map((product) =>
          product.available ? fewLeftText(nameOf(product), product.available) : nameOf(product),
        ),
        restLeft: lines.some((l) => !refused.has(l._id)),
        available: item.refusal?.products.flatMap((product) => (product.available ? [product.available] : [])),
        verifyFirst: item.code === 'verify_to_order_more',
        priceRose: item.code === 'price_changed',
      },
    ];
  });
  useRefetchOrdersWhenGone(unsent.map((item) => item.key));
  return unsent;
}
