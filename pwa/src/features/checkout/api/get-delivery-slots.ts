/**
 * The delivery slots offered at checkout (DESIGN.md §8): `GET /api/delivery-slots?area=` (the
 * delivery area's slots only, DESIGN.md §15) through TanStack Query, and which one an order asks for. Offline there are none: the order goes without
 * one and the server gives it the earliest free slot.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliverySlotOffer } from '@contract/delivery';
import { api, readResponse } from '../../../lib/api-client';
import { deliverySlotKeys } from '../../../lib/query-keys';

/**
 * Returns the slots query's options: the slots delivery area `areaId` gets (every slot while none
 * is chosen), in time order, each with the orders it can still take. Fresh for a minute, as the
 * API lets caches keep them. Fails with ApiRequestError (non-2xx; 409 area_not_served for an
 * area not delivered to) or TypeError (network).
 */
const deliverySlotsQueryOptions = (areaId: string | undefined) =>
  queryOptions({
    queryKey: deliverySlotKeys.forArea(areaId),
    queryFn: () => readResponse(api['delivery-slots'].$get({ query: areaId ? { area: areaId } : {} })),
    staleTime: 60_000,
  });

/** Returns the slots query of area `areaId` (see deliverySlotsQueryOptions); paused, with no data, while offline. */
export const useDeliverySlots = (areaId?: string) => useQuery(deliverySlotsQueryOptions(areaId));

/**
 * Takes the `slots` on offer and the id the shopper chose (if any) and returns the id to order
 * with: the chosen one while it has room, else the earliest with room, else undefined.
 */
export function slotToOrder(
  slots: readonly DeliverySlotOffer[] | undefined,
  chosen: string | undefined,
): string | undefined {
  const free = slots?.filter((slot) => slot.remaining > 0) ?? [];
  return (free.find((slot) => slot.id === chosen) ?? free[0])?.id;
}
