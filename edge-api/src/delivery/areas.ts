/**
 * The delivery-area rules an order and a slot list apply (DESIGN.md §15), one place each: which
 * area is served, the minimum order, and the order's `address` composed from a Dhaka address's
 * parts. The fee itself is contract/pricing.ts's (priceCart with the area).
 */
import type { Client } from '@libsql/client';
import type { DeliveryArea } from '../contract/delivery-area';
import { belowMinimumBy } from '../contract/pricing';
import { findDeliveryArea } from '../db/delivery-areas';
import { ApiError } from '../http/errors';

/**
 * Reads the area an order or a slot list names (DESIGN.md §15 "Minimum").
 * @returns the area, when it exists and is active.
 * @throws ApiError 409 `area_not_served` (`details.areaId`) for an unknown or inactive area.
 */
export async function servedArea(db: Client, areaId: string): Promise<DeliveryArea> {
  const area = await findDeliveryArea(db, areaId);
  if (!area?.active) throw new ApiError(409, 'area_not_served', `The shop does not deliver to ${areaId}.`, { areaId });
  return area;
}

/**
 * Refuses goods worth `cartTotal` Tk (before shipping and tax) below `area`'s minimum order
 * (DESIGN.md §15 "Minimum"); an area with minimum 0 takes any order.
 * @throws ApiError 409 `below_minimum` with `details: {minimumOrder, cartTotal}` (Tk).
 */
export function checkMinimumOrder(area: Pick<DeliveryArea, 'name' | 'minimumOrder'>, cartTotal: number): void {
  const short = belowMinimumBy(cartTotal, area);
  if (short > 0)
    throw new ApiError(
      409,
      'below_minimum',
      `Orders to ${area.name} start at ${area.minimumOrder} Tk of goods; add ${short} Tk more.`,
      { minimumOrder: area.minimumOrder, cartTotal },
    );
}

/** A Dhaka address's parts (contract/order.ts): the line (house, road, flat), then floor and landmark. */
export type AddressParts = { line: string; floor?: string | undefined; landmark?: string | undefined };

/**
 * The order's spec field `address` (DESIGN.md §15 "Addresses"): "line, floor, landmark, area",
 * the parts given joined by ", " (the area by its English name, as the spec's
 * `address` is read by the shop's staff and couriers).
 */
export function composeAddress(parts: AddressParts, area: Pick<DeliveryArea, 'name'>): string {
  return [parts.line, parts.floor, parts.landmark, area.name]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join(', ');
}
