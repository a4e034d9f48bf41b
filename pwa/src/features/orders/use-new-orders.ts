/**
 * Manage Orders' "{n} new orders": the orders of the polled first page placed after the newest one
 * the admin had seen under the same filter. Seen means shown when the queue first loaded, or
 * marked seen (the notice tapped). Kept for the tab's life, so a visit to an order's details
 * loses nothing.
 */
import { useEffect, useSyncExternalStore } from 'react';
import type { Order } from '@contract/order';

/** Per filter (its URL query), the `createdAt` of the newest order seen ('' when the queue was empty). */
const seenUntil = new Map<string, string>();
const listeners = new Set<() => void>();

function setSeen(filterKey: string, createdAt: string): void {
  seenUntil.set(filterKey, createdAt);
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * Takes the filter's key and its polled first page (undefined while it is not loaded for that
 * filter) and returns the ids of its new orders and `markSeen`, which makes them seen.
 */
export function useNewOrders(
  filterKey: string,
  firstPage: readonly Order[] | undefined,
): { newIds: ReadonlySet<string>; markSeen: () => void } {
  const seen = useSyncExternalStore(
    subscribe,
    () => seenUntil.get(filterKey),
    () => undefined,
  );
  const newest = firstPage?.[0]?.createdAt ?? '';
  useEffect(() => {
    if (firstPage && seen === undefined) setSeen(filterKey, newest);
  }, [filterKey, firstPage, newest, seen]);
  const newIds = new Set(
    seen === undefined ? [] : (firstPage ?? []).filter((order) => order.createdAt > seen).map((order) => order._id),
  );
  return { newIds, markSeen: () => setSeen(filterKey, newest) };
}
