/**
 * Delivery areas (DESIGN.md §15): where the shop delivers, at what fee and from what order. The
 * pricing they change is contract/pricing.ts (zod-free); these are the API's schemas.
 */
import { z } from 'zod';
import { requiredText } from './fields';

/** An area's id: a lower-case slug of letters, digits and single hyphens (`mirpur-10`), 1–64 characters. */
export const deliveryAreaId = z
  .string({ error: 'Choose a delivery area' })
  .trim()
  .min(1, { error: 'Choose a delivery area' })
  .max(64, { error: 'At most 64 characters' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'Use lower-case letters, digits and hyphens' });

/** The most any of an area's amounts may be (Tk): far above any fee, so a typo is refused. */
const MAX_AREA_TK = 100_000;

/** An amount of an area in whole Tk, 0 or more. */
const areaTk = z
  .number({ error: 'Enter a number (Tk)' })
  .int({ error: 'Enter whole Tk' })
  .min(0, { error: 'Must be 0 or more' })
  .max(MAX_AREA_TK, { error: `At most ${MAX_AREA_TK} Tk` });

/** A slot's start of the shop's day, `HH:MM` (24 h), as DELIVERY_SLOTS names it (DESIGN.md §8). */
const slotStart = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use HH:MM, e.g. 09:00' });

/** The fields an admin sets (DESIGN.md §15), without defaults: PUT takes any subset of them. */
const areaFields = z.object({
  name: requiredText(80),
  nameBn: requiredText(80),
  thana: requiredText(60),
  // Tk; null: the spec's rule (40 Tk up to 200 Tk of goods, else 80 Tk).
  fee: areaTk.nullable(),
  // Tk of goods (cartTotal) below which the area is not delivered to; 0: no minimum.
  minimumOrder: areaTk,
  // Tk of goods from which delivery is free; null: never.
  freeDeliveryAbove: areaTk.nullable(),
  // The slot starts the area gets; null: every slot of the day.
  slots: z
    .array(slotStart, { error: 'Expected a list of HH:MM times' })
    .min(1, { error: 'Choose at least one slot, or all' })
    .max(24, { error: 'At most 24 slots' })
    .refine((list) => new Set(list).size === list.length, { error: 'Each slot once' })
    .nullable(),
  active: z.boolean({ error: 'Expected true or false' }),
});

/** A delivery area as the API answers it. */
export const deliveryAreaSchema = areaFields.extend({ id: z.string() });

/**
 * `POST /delivery-areas` body: an area; `id` may be given, else the server makes it from `name`.
 * Unset: no fee of its own, no minimum, no free-delivery line, every slot, active.
 */
export const deliveryAreaInputSchema = areaFields.extend({
  id: deliveryAreaId.optional(),
  fee: areaFields.shape.fee.default(null),
  minimumOrder: areaFields.shape.minimumOrder.default(0),
  freeDeliveryAbove: areaFields.shape.freeDeliveryAbove.default(null),
  slots: areaFields.shape.slots.default(null),
  active: areaFields.shape.active.default(true),
});

/** `PUT /delivery-areas/:id` body: any subset of the fields (at least one); the id stays. */
export const deliveryAreaUpdateSchema = areaFields
  .partial()
  .refine((update) => Object.keys(update).length > 0, { error: 'Change at least one field' });

export type DeliveryArea = z.infer<typeof deliveryAreaSchema>;
export type DeliveryAreaInput = z.input<typeof deliveryAreaInputSchema>;
export type DeliveryAreaUpdate = z.infer<typeof deliveryAreaUpdateSchema>;
