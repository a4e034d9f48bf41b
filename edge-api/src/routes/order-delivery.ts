/**
 * Delivering an order (DESIGN.md §18), under `/api/orders`: an admin gives it to a rider at a stop
 * of their run; its rider (or an admin) marks it Delivered with the shopper's code, or records a
 * failed attempt. Thin over orders/deliver.ts.
 */
import { requireAdmin, requireUser } from '../auth/middleware';
import { orderSchema } from '../contract/order';
import { recordIdParam } from '../contract/product';
import { attemptInputSchema, deliveredInputSchema, riderAssignSchema } from '../contract/rider';
import { factory } from '../env';
import { validate } from '../http/validation';
import { assignRider, markDelivered, recordAttempt } from '../orders/deliver';
import { doc } from './openapi';

/** `PUT /api/orders/:id/rider`, `POST /api/orders/:id/delivered` and `POST /api/orders/:id/attempt`. */
export const orderDelivery = factory
  .createApp()
  .put(
    '/:id/rider',
    doc({
      summary:
        'Give an Approved, Packed or Out for delivery order to a rider (DESIGN.md §18), at `stop` of their run of its delivery day (1 = first; left out = last); the stops after it move down',
      auth: 'admin',
      params: recordIdParam,
      body: riderAssignSchema,
      ok: {
        status: 200,
        description:
          'The order with its `rider` and `stop`. A Pending, Delivered or Cancelled order is 409 not_assignable; a uid that is not a rider is 409 not_a_rider',
        schema: orderSchema,
      },
      errors: [404, 409],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', riderAssignSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { riderUid, stop } = c.req.valid('json');
      const order = await assignRider(c.var.db, id, riderUid, stop);
      c.var.log.info('order assigned', { orderId: id, riderUid, stop: order.stop ?? null });
      return c.json(order);
    },
  )
  .post(
    '/:id/delivered',
    doc({
      summary:
        'Mark an order out for delivery Delivered (DESIGN.md §18): its assigned rider with the shopper’s 4-digit `code`, or an admin (no code needed); `cashCollected` (Tk) for a cash order, else the amount to collect. The next stop’s shopper is told they are next',
      auth: 'user',
      params: recordIdParam,
      body: deliveredInputSchema,
      ok: {
        status: 200,
        description:
          'The delivered order. An Idempotency-Key is optional; a replay answers the first answer (`Idempotent-Replayed: true`). A wrong code is 400 wrong_delivery_code (details.attemptsLeft, counted once per key); after 5 the code is locked: 429 delivery_code_locked until an admin marks it; another rider’s order is 403 not_your_stop; an order not out for delivery is 409 invalid_transition',
        schema: orderSchema,
      },
      errors: [403, 404, 409, 422, 429],
    }),
    requireUser,
    validate('param', recordIdParam),
    validate('json', deliveredInputSchema),
    (c) => markDelivered(c, c.req.valid('param').id, c.req.valid('json')),
  )
  .post(
    '/:id/attempt',
    doc({
      summary:
        'Record a failed delivery (DESIGN.md §18): the assigned rider (or an admin) says why — no_answer, address_not_found or refused; the order stays Out for delivery and its `attempts` grows',
      auth: 'user',
      params: recordIdParam,
      body: attemptInputSchema,
      ok: {
        status: 200,
        description:
          'The order with the attempt in `attempts`. An Idempotency-Key is optional (a replay records nothing more); another rider’s order is 403 not_your_stop; an order not out for delivery is 409 invalid_transition',
        schema: orderSchema,
      },
      errors: [403, 404, 409, 422],
    }),
    requireUser,
    validate('param', recordIdParam),
    validate('json', attemptInputSchema),
    (c) => recordAttempt(c, c.req.valid('param').id, c.req.valid('json').reason),
  );
