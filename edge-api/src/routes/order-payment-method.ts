/**
 * `PUT /orders/:id/payment-method` `{paymentMethod: 'cod'}` (DESIGN.md §10): the owner
 * of an unpaid bKash order still Pending pays on delivery instead — My Orders' "Pay on delivery
 * instead" after a bKash payment failed or was cancelled. Only bKash → cash on delivery: a paid
 * order (409 already_paid), one past Pending (409 not_pending) or one not paid with bKash
 * (409 not_bkash_order) is left as it is; another account's order is answered as missing (404).
 * The change is one conditional UPDATE (db/order-payments.ts choosePayOnDelivery), so a bKash payment settling at the same moment either
 * lands first (then this answers already_paid) or finds the order cash on delivery.
 */
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { recordIdParam } from '../contract/product';
import { orderSchema, type Order } from '../contract/order';
import { choosePayOnDelivery } from '../db/order-payments';
import { findOrder } from '../db/orders';
import { orderFor } from '../orders/access';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import { doc } from './openapi';

/** The body: the one method an unpaid bKash order may switch to. */
const paymentMethodChangeSchema = z.object({
  paymentMethod: z.literal('cod', { error: "Only 'cod' (cash on delivery) can be chosen here" }),
});

/** The 409 for `order`, which may not switch (paid, past Pending, or not a bKash order). */
function cannotSwitch(order: Order): ApiError {
  if (order.paymentStatus !== 'unpaid')
    return new ApiError(409, 'already_paid', 'This order is already paid; it cannot change how it is paid.');
  if (order.orderStatus !== 'Pending')
    return new ApiError(
      409,
      'not_pending',
      `Only Pending orders can change how they are paid; this one is ${order.orderStatus}.`,
      {
        current: order.orderStatus,
      },
    );
  return new ApiError(409, 'not_bkash_order', 'Only an order paid with bKash can switch to cash on delivery.');
}

export const orderPaymentMethod = factory.createApp().put(
  '/:id/payment-method',
  doc({
    summary: 'Pay on delivery instead: your unpaid, Pending bKash order becomes cash on delivery',
    auth: 'user',
    params: recordIdParam,
    body: paymentMethodChangeSchema,
    ok: { status: 200, description: 'The order, now paymentMethod cod', schema: orderSchema },
    errors: [404, 409],
  }),
  requireUser,
  validate('param', recordIdParam),
  validate('json', paymentMethodChangeSchema),
  async (c) => {
    const { id } = c.req.valid('param');
    const { db, user } = c.var;
    await orderFor(c.var, user, id, 'owner');
    const switched = await choosePayOnDelivery(db, id, user.uid);
    // The owner's answer: with its delivery code (DESIGN.md §18).
    const order = await findOrder(db, id, user.uid);
    if (!switched) throw cannotSwitch(order);
    return c.json(order);
  },
);
