/**
 * `/api/orders` (spec §7, DESIGN.md §3, §8, §14): thin over the order's home, `orders/` — list
 * (paged, ETag), one order, place (idempotent), advance to the next state, cancel.
 */
import { requireAdmin, requireUser } from '../auth/middleware';
import { orderInputSchema, orderListQuery, orderStatusUpdateSchema, type Order } from '../contract/order';
import { recordIdParam } from '../contract/product';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { cacheableJson } from '../http/etag';
import { validate } from '../http/validation';
import { orderFor } from '../orders/access';
import { cancelOrder, notPending } from '../orders/cancel';
import { answerOrderPage, ORDER_LIST_CACHE_CONTROL } from '../orders/list';
import { placeOrder } from '../orders/place';
import { advanceOrder } from '../orders/status';
import { providerFor } from '../payments/providers';
import { notifyOrderCancelled, notifyOrderStatus, notifyPaymentRefunded } from '../push/notify';

/** The `/api/orders` routes: list (paged), one order, place (idempotent), advance, delete. */
export const orders = factory
  .createApp()
  .get('/', requireUser, validate('query', orderListQuery), async (c) => {
    const query = c.req.valid('query');
    const user = c.var.user;
    if (query.email === undefined && !user.isAdmin)
      throw new ApiError(403, 'forbidden', 'Only admins may list every order; add ?email= for your own.');
    if (query.email !== undefined && query.email !== user.email && !user.isAdmin)
      throw new ApiError(403, 'forbidden', 'You can only see your own orders.');
    // `?email=` with the caller's own e-mail means "my orders": the orders this account placed
    // (DESIGN.md §3), never those an earlier account with the same e-mail placed. Being by uid, it
    // shows no one else's orders, so it needs no verified e-mail (a new shopper sees the order
    // they just placed). An admin's `?email=` of someone else looks orders up by their e-mail.
    const mine = query.email !== undefined && query.email === user.email;
    const { limit, cursor, email, status, slot, q } = query;
    const filter = { email, status, slot, q };
    const selected = mine ? { ...filter, email: undefined, userId: user.uid } : filter;
    return answerOrderPage(c, selected, filter, { limit, cursor });
  })
  .get('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { order } = await orderFor(c.var, c.var.user, c.req.valid('param').id, 'owner-or-admin');
    // Checked only once the caller may see it, so a 304 never tells that an order exists.
    return cacheableJson(c, order, ORDER_LIST_CACHE_CONTROL);
  })
  .post('/', requireUser, validate('json', orderInputSchema), (c) => placeOrder(c, c.req.valid('json')))
  .put(
    '/update/:id',
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', orderStatusUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { orderStatus } = c.req.valid('json');
      const modifiedCount = await advanceOrder(c.var.db, id, orderStatus, c.var.user.uid);
      notifyOrderStatus(c, id, orderStatus);
      return c.json({ modifiedCount });
    },
  )
  .delete('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { user } = c.var;
    const { order, ownerUid } = await orderFor(c.var, user, c.req.valid('param').id, 'owner-or-admin');
    if (!user.isAdmin && order.orderStatus !== 'Pending') throw notPending(order.orderStatus);
    const deps = { ...c.var, provider: (paid: Order) => providerFor(c.var, paid.paymentMethod) };
    const answer = await cancelOrder(deps, order, { onlyIfPending: !user.isAdmin, byUid: user.uid });
    // An admin's cancel is news to the shopper (their own is not).
    if (user.isAdmin && answer.cancelledCount === 1) notifyPaymentRefunded(c, order._id, { cancelled: true });
    if (user.isAdmin && answer.deletedCount === 1) notifyOrderCancelled(c, order._id, ownerUid);
    return c.json(answer);
  });
