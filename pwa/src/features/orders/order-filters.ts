/**
 * The admin's queue filters as Manage Orders keeps them in its URL (`?status=&slot=&q=`, so going
 * back from an order's details finds them again) and as `GET /api/orders` takes them; and the
 * delivery slots the slot filter offers.
 */
import { orderStatuses, type DeliverySlot, type OrderStatus } from '@contract/delivery';
import type { OrderQueueFilter } from '../../lib/query-keys';
import { shopDate } from './order-time';

const isStatus = (value: string | null): value is OrderStatus => orderStatuses.some((status) => status === value);

/** Reads the queue filter from Manage Orders' URL parameters; unknown states and empty values are dropped. */
export function readQueueFilter(params: URLSearchParams): OrderQueueFilter {
  const status = params.get('status');
  const slot = params.get('slot')?.trim();
  const q = params.get('q')?.trim();
  return { ...(isStatus(status) && { status }), ...(slot && { slot }), ...(q && { q }) };
}

/**
 * Returns `params` with filter field `name` set to `value` (removed when empty), for the URL.
 */
export function withFilter(params: URLSearchParams, name: keyof OrderQueueFilter, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value.trim()) next.set(name, value);
  else next.delete(name);
  return next;
}

/**
 * Returns the slots to filter by, each once: today's (Dhaka) first, then the days ahead, then
 * past days latest first; each day's slots by start. `offered` are the slots on offer now
 * (`GET /api/delivery-slots`), `seen` those of the orders loaded.
 */
export function slotChoices(
  offered: readonly DeliverySlot[],
  seen: readonly DeliverySlot[],
  now: Date,
): DeliverySlot[] {
  const today = shopDate(now);
  const byId = new Map([...seen, ...offered].map((slot) => [slot.id, slot]));
  const day = (slot: DeliverySlot) => slot.id.slice(0, 10);
  const rank = (slot: DeliverySlot) => (day(slot) === today ? 0 : day(slot) > today ? 1 : 2);
  return [...byId.values()].sort(
    (a, b) => rank(a) - rank(b) || (rank(a) === 2 ? day(b).localeCompare(day(a)) : 0) || a.id.localeCompare(b.id),
  );
}
