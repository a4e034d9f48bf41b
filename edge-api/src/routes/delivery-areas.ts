/**
 * `/api/delivery-areas` (DESIGN.md §15): anyone reads where the shop delivers (the active areas,
 * ETag, 304; the PWA keeps them for offline with the catalogue); admins read every area
 * (`?all=1`), add one and change any of its fields. Areas are never deleted: orders name them.
 */
import { z } from 'zod';
import { requireAdmin } from '../auth/middleware';
import {
  deliveryAreaId,
  deliveryAreaInputSchema,
  deliveryAreaSchema,
  deliveryAreaUpdateSchema,
  type DeliveryArea,
} from '../contract/delivery-area';
import { insertDeliveryArea, listDeliveryAreas, updateDeliveryArea } from '../db/delivery-areas';
import { dayStarts, type DeliveryConfig } from '../delivery/slots';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { cacheableJson, cacheableText } from '../http/etag';
import { validate } from '../http/validation';
import { doc } from './openapi';

/** `GET` query: `all=1` lists inactive areas too (admins only). */
const areaListQuery = z.object({
  all: z.enum(['0', '1'], { error: 'Use all=1 for every area, inactive ones too' }).optional(),
});

/** `:id` of `PUT /delivery-areas/:id`. */
const areaIdParam = z.object({ id: deliveryAreaId });

/** An admin's whole list is theirs alone: revalidated, never kept by a shared cache. */
const ADMIN_LIST_CACHE_CONTROL = 'private, no-cache';

/** Only admins pass when the list asks for every area (`?all=1`); anyone otherwise. */
const adminForAll = factory.createMiddleware(async (c, next) =>
  c.req.query('all') === '1' ? requireAdmin(c, next) : next(),
);

/**
 * Refuses slot starts that are not starts of the shop's day (DELIVERY_SLOTS, DESIGN.md §8): an
 * area offered a slot the shop never runs would be offered nothing.
 * @throws ApiError 400 naming each such entry of `slots` (`slots.<i>`).
 */
function checkSlots(config: DeliveryConfig, slots: readonly string[] | null | undefined): void {
  if (!slots) return;
  const starts = dayStarts(config);
  const fields: Record<string, string[]> = {};
  slots.forEach((start, i) => {
    if (!starts.includes(start))
      fields[`slots.${i}`] = [`Not a delivery slot; the shop's slots start at ${starts.join(', ')}`];
  });
  if (Object.keys(fields).length > 0)
    throw new ApiError(400, 'validation_failed', 'Some slots are not the shop’s; see details.fields.', { fields });
}

const notFound = (id: string) => new ApiError(404, 'not_found', `No delivery area with id ${id}.`);

/** The `/api/delivery-areas` routes: the list, add an area, change one. */
export const deliveryAreas = factory
  .createApp()
  .get(
    '/',
    doc({
      summary: 'The areas the shop delivers to, by name; with `all=1` (admins) inactive ones too',
      auth: 'anyone',
      query: areaListQuery,
      etag: true,
      ok: {
        status: 200,
        description: 'The areas, by name (`Cache-Control: public, no-cache`; `private` with `all=1`)',
        schema: z.array(deliveryAreaSchema),
      },
      errors: [401, 403],
    }),
    validate('query', areaListQuery),
    adminForAll,
    async (c) => {
      if (c.req.valid('query').all === '1')
        return cacheableJson<DeliveryArea[]>(
          c,
          await listDeliveryAreas(c.var.db, { all: true }),
          ADMIN_LIST_CACHE_CONTROL,
        );
      const { body, etag } = await c.var.areas.current();
      return cacheableText<DeliveryArea[]>(c, body, etag);
    },
  )
  .post(
    '/',
    doc({
      summary: 'Add a delivery area; without an `id`, one is made from the name (`Mirpur 12` → `mirpur-12`)',
      auth: 'admin',
      body: deliveryAreaInputSchema,
      ok: { status: 201, description: 'The stored area', schema: deliveryAreaSchema },
    }),
    requireAdmin,
    validate('json', deliveryAreaInputSchema),
    async (c) => {
      const input = c.req.valid('json');
      checkSlots(c.var.config.delivery, input.slots);
      const stored = await insertDeliveryArea(c.var.db, input);
      if (stored.kind === 'taken')
        throw new ApiError(400, 'validation_failed', `An area with id ${stored.id} exists already.`, {
          fields: { id: ['Another area has this id'] },
        });
      c.var.areas.invalidate();
      return c.json(stored.area, 201);
    },
  )
  .put(
    '/:id',
    doc({
      summary: 'Change any of a delivery area’s fields (`active: false` stops orders to it); the id stays',
      auth: 'admin',
      params: areaIdParam,
      body: deliveryAreaUpdateSchema,
      ok: { status: 200, description: 'The area as stored now', schema: deliveryAreaSchema },
      errors: [404],
    }),
    requireAdmin,
    validate('param', areaIdParam),
    validate('json', deliveryAreaUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const edit = c.req.valid('json');
      checkSlots(c.var.config.delivery, edit.slots);
      const area = await updateDeliveryArea(c.var.db, id, edit);
      if (!area) throw notFound(id);
      c.var.areas.invalidate();
      return c.json(area);
    },
  );
