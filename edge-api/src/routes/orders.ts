/**
 * `/api/orders` (spec §7, DESIGN.md §3, §8, §14): thin over the order's home, `orders/` — list
 * (paged, ETag), one order, place (idempotent), advance to the next state, pack (DESIGN.md §17),
 * cancel. Delivering it (rider, delivered, attempt) is routes/order-delivery.ts.
 */
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import {
  orderInputSchema,
  orderListQuery,
  orderSchema,
  orderStatusUpdateSchema,
  packingInputSchema,
} from '../contract/order';
import { recordIdParam } from '../contract/product';
import { factory } from '../env';
import { cacheableJson } from '../http/etag';
import { validate } from '../http/validation';
import { orderFor } from '../orders/access';
import { cancelOrderFor } from '../orders/cancel';
import { listOrdersFor, ORDER_LIST_CACHE_CONTROL } from '../orders/list';
import { packOrder } from '../orders/pack';
import { placeOrder } from '../orders/place';
import { refundDeps } from '../orders/refund-deps';
import { advanceOrder } from '../orders/status';
import { notifyOrderStatus } from '../push/notify';
import { deletedAnswer, doc, modifiedAnswer } from './openapi';

/** The `/api/orders` routes: list (paged), one order, place (idempotent), advance, pack, delete. */
export const orders = factory
  .createApp()
  .get(
    '/',
    doc({
      summary:
        'Every order (admins; filtered by `status`, `slot`, or `q` in name, e-mail or phone), or one customer’s with `email` (that customer or an admin); newest first, `limit` a page',
      auth: 'user',
      query: orderListQuery,
      etag: true,
      ok: {
        status: 200,
        description:
          'A page of orders (`Cache-Control: private, no-cache`). When more follow, header `Link: </api/orders?…&cursor=…>; rel="next"` gives the next page; with `q` a page examines at most 2,000 orders, so it may hold fewer than `limit` (even none) and still have a next page',
        schema: z.array(orderSchema),
      },
      errors: [400, 403],
    }),
    requireUser,
    validate('query', orderListQuery),
    (c) => listOrdersFor(c, c.req.valid('query')),
  )
  .get(
    '/:id',
    doc({
      summary:
        'One order by its id: any order for admins, else only your own (another customer’s is the same 404 as a missing one)',
      auth: 'user',
      params: recordIdParam,
      etag: true,
      ok: {
        status: 200,
        description: 'The order, as in `GET /api/orders` (`Cache-Control: private, no-cache`)',
        schema: orderSchema,
      },
      errors: [404],
    }),
    requireUser,
    validate('param', recordIdParam),
    async (c) => {
      const { order } = await orderFor(c.var, c.var.user, c.req.valid('param').id, 'owner-or-admin');
      // Checked only once the caller may see it, so a 304 never tells that an order exists.
      return cacheableJson(c, order, ORDER_LIST_CACHE_CONTROL);
    },
  )
  .post(
    '/',
    doc({
      summary:
        'Place an order with your own e-mail; the server prices it, sets it Pending and gives it a delivery slot',
      auth: 'user',
      body: orderInputSchema,
      idempotent: true,
      ok: {
        status: 201,
        description:
          'The stored order with the server’s totalAmount and its delivery slot: the one asked for, or — when it was full, closed or unknown — the earliest free one, with `deliverySlotChanged: true` (never a refusal)',
        schema: orderSchema,
      },
      errors: [403, 404, 409],
    }),
    requireUser,
    validate('json', orderInputSchema),
    (c) => placeOrder(c, c.req.valid('json')),
  )
  .put(
    '/update/:id',
    doc({
      summary:
        'Move an order to its next status (Pending → Approved → Out for delivery → Delivered; Packed → Out for delivery), recorded in its statusHistory; an Approved order moved to Out for delivery is packed as ordered on the way (its finalAmount set, a prepaid order refunded maxAmount − finalAmount, at most what it was charged)',
      auth: 'admin',
      params: recordIdParam,
      body: orderStatusUpdateSchema,
      ok: {
        status: 200,
        description: 'Changed (1); any other state than the next is 409 invalid_transition',
        schema: modifiedAnswer,
      },
      errors: [404, 409],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', orderStatusUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { orderStatus } = c.req.valid('json');
      const modifiedCount = await advanceOrder(refundDeps(c.var), id, orderStatus, c.var.user.uid);
      notifyOrderStatus(c, id, orderStatus);
      return c.json({ modifiedCount });
    },
  )
  .put(
    '/:id/packing',
    doc({
      summary:
        'Pack an Approved order (DESIGN.md §17): one entry per ordered line — found or not, the grams packed on a weighed line, a substitute where the line allows one; the order becomes Packed with its final bill, units not found go back to stock and substitutes are taken, and a prepaid order is refunded maxAmount − finalAmount, at most what it was charged (the rest of its store credit goes back as credit)',
      auth: 'admin',
      params: recordIdParam,
      body: packingInputSchema,
      ok: {
        status: 200,
        description:
          'The packed order as it is now: finalAmount, packing, and refundedAmount once the provider refunded the difference. An Idempotency-Key is optional; a replay of one answers 200 with the order again (`Idempotent-Replayed: true`). A second packing is 409 already_packed; an order not Approved is 409 invalid_transition; entries that do not fit the order are 400 packing_invalid with details.lines [{_id, reason, min?, max?}]; a substitute short of counted stock is 409 out_of_stock. 502/503 (retry): the packing stands and its refund was not made yet; a retry finishes it, never twice',
        schema: orderSchema,
      },
      errors: [400, 403, 404, 409, 422, 502, 503],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', packingInputSchema),
    (c) => packOrder(c, c.req.valid('param').id, c.req.valid('json')),
  )
  .delete(
    '/:id',
    doc({
      summary:
        'Delete an unpaid order (admins), or cancel your own while it is Pending; a paid order is refunded and kept as Cancelled',
      auth: 'user',
      params: recordIdParam,
      ok: {
        status: 200,
        description:
          'Deleted (unpaid: deletedCount 1), or refunded and kept as Cancelled with paymentStatus refunded (paid: cancelledCount 1); both 0 for an order already Cancelled',
        schema: deletedAnswer.extend({ cancelledCount: z.number().int() }),
      },
      errors: [404, 409, 502, 503],
    }),
    requireUser,
    validate('param', recordIdParam),
    async (c) => c.json(await cancelOrderFor(c, c.req.valid('param').id)),
  );
