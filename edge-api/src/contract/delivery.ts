/**
 * Delivery (DESIGN.md §8), zod-free so the PWA's screens can use it without loading zod: an
 * order's states and the one step each may take, a status change as recorded, and a delivery
 * slot as the API describes it. The schemas are in order.ts.
 */

/**
 * The delivery flow: its states in the order they happen (spec §2 has the first two; DESIGN.md §8
 * the rest; `Packed`, DESIGN.md §17, is reached only by packing the order).
 */
export const deliveryFlow = ['Pending', 'Approved', 'Packed', 'Out for delivery', 'Delivered'] as const;
/** A state of the delivery flow. */
export type DeliveryStep = (typeof deliveryFlow)[number];

/**
 * Every state an order can be in: the delivery flow, then `Cancelled`, the end of a paid order
 * that was cancelled and refunded (DESIGN.md §6) — kept, never a step of the flow.
 */
export const orderStatuses = [...deliveryFlow, 'Cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The one state a status update (`PUT /orders/update/:id`) may move an order in `status` to;
 * undefined once it is Delivered or Cancelled. `Packed` is skipped: only packing (`PUT
 * /orders/:id/packing`, DESIGN.md §17) enters it, and an Approved order moved straight to Out for
 * delivery is packed as ordered.
 */
export function nextOrderStatus(status: OrderStatus): DeliveryStep | undefined {
  const index = deliveryFlow.findIndex((step) => step === status);
  const next = index < 0 ? undefined : deliveryFlow[index + 1];
  return next === 'Packed' ? 'Out for delivery' : next;
}

/** True when an order in `status` may be packed (DESIGN.md §17): it is Approved. */
export const isPackable = (status: OrderStatus): boolean => status === 'Approved';

/** One step of an order's timeline: the state it entered and when (ISO 8601). */
export type StatusChange = { status: OrderStatus; at: string };

/**
 * A delivery slot of the shop's day (time zone Asia/Dhaka). `id` is its start in ISO 8601 with
 * offset (e.g. `2026-11-22T09:00:00+06:00`); `label` reads e.g. "Sun 22 Nov, 09:00–11:00".
 */
export type DeliverySlot = { id: string; start: string; end: string; label: string };

/** A slot offered at checkout (`GET /delivery-slots`): `remaining` orders it can still take. */
export type DeliverySlotOffer = DeliverySlot & { remaining: number };
