/**
 * The riders' runs as the admin orders them (DESIGN.md §18 "Assigning"), pure: which orders may
 * be given to a rider, the loaded orders grouped into runs (one rider, one shop day) in stop
 * order, and the assignments that move a stop up or down.
 */
import type { OrderStatus } from '@contract/delivery';
import { shopDate } from '@contract/shop-day';

/** The states an order may be given to a rider in (`PUT /orders/:id/rider`; else 409). */
const assignableStatuses: readonly OrderStatus[] = ['Approved', 'Packed', 'Out for delivery'];

/** True when an order in `status` may be given to a rider. */
export const isAssignable = (status: OrderStatus): boolean => assignableStatuses.includes(status);

/** The fields of an order a run reads. */
export type RunOrder = {
  _id: string;
  orderStatus: OrderStatus;
  createdAt: string;
  deliverySlot: { start: string } | null;
  rider?: { uid: string; name: string } | null;
  stop?: number | null;
};

/** One rider's stops on one shop day (`YYYY-MM-DD`), first stop first. */
export type Run<T extends RunOrder> = { riderUid: string; riderName: string; day: string; stops: T[] };

/** The shop day an order is delivered on: its slot's, else the day it was placed (DESIGN.md §12). */
const dayOf = (order: RunOrder): string =>
  order.deliverySlot ? order.deliverySlot.start.slice(0, 10) : shopDate(Date.parse(order.createdAt));

/** Stop order: by stop number, orders without one last by their slot's start. */
const byStop = (a: RunOrder, b: RunOrder): number =>
  (a.stop ?? Infinity) - (b.stop ?? Infinity) ||
  (a.deliverySlot?.start ?? a.createdAt).localeCompare(b.deliverySlot?.start ?? b.createdAt);

/**
 * The runs in `orders`: every assignable order with a rider, grouped by rider and shop day, each
 * in stop order; runs by day, then rider's name.
 */
export function runsOf<T extends RunOrder>(orders: readonly T[]): Run<T>[] {
  const runs = new Map<string, Run<T>>();
  for (const order of orders) {
    if (!order.rider || !isAssignable(order.orderStatus)) continue;
    const day = dayOf(order);
    const key = `${day} ${order.rider.uid}`;
    const run = runs.get(key) ?? { riderUid: order.rider.uid, riderName: order.rider.name, day, stops: [] };
    run.stops.push(order);
    runs.set(key, run);
  }
  for (const run of runs.values()) run.stops.sort(byStop);
  return [...runs.values()].sort((a, b) => a.day.localeCompare(b.day) || a.riderName.localeCompare(b.riderName));
}

/** One `PUT /orders/:id/rider` to send: order `id` to rider `riderUid` at `stop`. */
export type StopMove = { id: string; riderUid: string; stop: number };

/**
 * The assignments that move stop `index` of `run` one place `direction` (up: earlier): the moved
 * order takes its neighbour's place, then the neighbour takes the moved one's (stop numbers are
 * 1-based places in the run). Empty when it cannot move that way.
 */
export function moveStop(run: Run<RunOrder>, index: number, direction: 'up' | 'down'): StopMove[] {
  const other = direction === 'up' ? index - 1 : index + 1;
  const moved = run.stops[index];
  const neighbour = run.stops[other];
  if (!moved || !neighbour) return [];
  return [
    { id: moved._id, riderUid: run.riderUid, stop: other + 1 },
    { id: neighbour._id, riderUid: run.riderUid, stop: index + 1 },
  ];
}
