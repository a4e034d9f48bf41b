/**
 * `GET /api/delivery-slots` (DESIGN.md §3, §8): the slots an order can ask for now — today's
 * still open and the next `DELIVERY_DAYS_AHEAD` days' — each with the orders it can still take;
 * with `?area=` only those the delivery area gets (DESIGN.md §15 "Slots"). Anyone may read it; caches may keep it a minute (a slot that fills meanwhile costs nothing:
 * POST /orders gives such an order the earliest free slot and says so).
 */
import { z } from 'zod';
import type { DeliverySlotOffer } from '../contract/delivery';
import { deliverySlotOfferSchema } from '../contract/order';
import { deliveryAreaId } from '../contract/delivery-area';
import { countOrdersBySlot } from '../db/slot-places';
import { servedArea } from '../delivery/areas';
import { areaSlotFilter, deliverySlot, openSlots } from '../delivery/slots';
import { factory } from '../env';
import { validate } from '../http/validation';
import { doc } from './openapi';

const DELIVERY_SLOTS_CACHE_CONTROL = 'public, max-age=60';

/** `?area=`: the delivery area whose slots to offer (all of the shop's day without it). */
const slotQuery = z.object({ area: deliveryAreaId.optional() });

/** The `/api/delivery-slots` route. */
export const deliverySlots = factory.createApp().get(
  '/',
  doc({
    summary:
      'The delivery slots an order can ask for now (today’s still open and the next days’), Asia/Dhaka time; with `area` only that delivery area’s',
    auth: 'anyone',
    query: slotQuery,
    ok: {
      status: 200,
      description: 'The slots, earliest first, with the orders each still takes (`Cache-Control: public, max-age=60`)',
      schema: z.array(deliverySlotOfferSchema),
    },
    errors: [409],
  }),
  validate('query', slotQuery),
  async (c) => {
    const config = c.var.config.delivery;
    const { area: areaId } = c.req.valid('query');
    // An unknown or inactive area is 409 area_not_served, as the order to it would be.
    const area = areaId === undefined ? undefined : await servedArea(c.var.db, areaId);
    const slots = openSlots(config, Date.now()).filter(areaSlotFilter(config, area?.slots));
    const taken = await countOrdersBySlot(
      c.var.db,
      slots.map((slot) => slot.id),
    );
    const offers: DeliverySlotOffer[] = slots.map((slot) => ({
      ...deliverySlot(slot.startMs, slot.endMs),
      remaining: Math.max(0, config.capacity - (taken.get(slot.id) ?? 0)),
    }));
    c.header('Cache-Control', DELIVERY_SLOTS_CACHE_CONTROL);
    return c.json(offers);
  },
);
