/**
 * The delivery-area rules an order and a slot list apply (DESIGN.md §15), one place each: which
 * area is served, the minimum order, and the order's `address` composed from a Dhaka address's
 * parts. The fee itself is contract/pricing.ts's (priceCart with the area).
 */
import type { Client } from '@libsql/client';
import type { DeliveryArea } from '../contract/delivery-area';
import { belowMinimumBy } from '../contract/pricing';
import { findDeliveryArea, type StampedArea } from '../db/delivery-areas';
import { ApiError } from '../http/errors';
import type { ActiveAreasCache } from './area-list';

/** The 409 for an area the shop does not deliver to: unknown, or switched off (`details.areaId`). */
const areaNotServed = (areaId: string) =>
  new ApiError(409, 'area_not_served', `The shop does not deliver to ${areaId}.`, { areaId });

/**
 * Reads the area a slot list names (DESIGN.md §15 "Minimum").
 * @returns the area, when it exists and is active.
 * @throws ApiError 409 `area_not_served` (`details.areaId`) for an unknown or inactive area.
 */
export async function servedArea(db: Client, areaId: string): Promise<DeliveryArea> {
  const area = await findDeliveryArea(db, areaId);
  if (!area?.active) throw areaNotServed(areaId);
  return area;
}

/**
 * The area an order names (DESIGN.md §15 "Minimum"), from the active areas' snapshot
 * (delivery/area-list.ts) with its row's stamp: the order's batch commits only while the area is
 * still stored so (db/delivery-areas.ts areaUnchangedGuard), else it is planned again from a
 * fresh read. An id the snapshot lacks is looked for in a fresh read before it is refused, so an
 * area switched on elsewhere a moment ago is served at once.
 * @returns the active area with its stamp.
 * @throws ApiError 409 `area_not_served` (`details.areaId`) for an unknown or inactive area.
 */
export async function orderArea(areas: ActiveAreasCache, areaId: string): Promise<StampedArea> {
  const kept = (await areas.current()).byId.get(areaId);
  if (kept) return kept;
  areas.invalidate();
  const read = (await areas.current()).byId.get(areaId);
  if (!read) throw areaNotServed(areaId);
  return read;
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
