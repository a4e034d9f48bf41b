/**
 * `/api/orders` (spec §7, DESIGN.md §3, §8). The server prices every order itself: it loads the
 * current prices of the ordered product ids, stores a line-item snapshot, computes `totalAmount`
 * with the shared pricing rule and sets `orderStatus: 'Pending'`; client totals are never read.
 * Lists are paged (`Link: <…>; rel="next"`) and revalidated with an ETag (304 when unchanged,
 * the admin's live poll), as is one order (`GET /orders/:id`, the admin's order details). An
 * order moves only to its next state, each change recorded.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import type { Product } from '../contract/catalogue';
import { nextOrderStatus, type OrderStatus } from '../contract/delivery';
import { orderInputSchema, orderListQuery, orderStatusUpdateSchema, type Order } from '../contract/order';
import { priceCart } from '../contract/pricing';
import { recordIdParam } from '../contract/product';
import {
  changeOrderStatus,
  countOrdersBySlot,
  decodeCursor,
  deleteOrder,
  encodeCursor,
  findOrder,
  insertOrderStatements,
  listOrders,
  orderLine,
  readOrder,
  slotCapacityGuard,
} from '../db/orders';
import { OrderNotFoundError, SlotFullError } from '../db/errors';
import { writeGuard } from '../db/guarded-batch';
import { findProducts } from '../db/products';
import { chooseSlot, deliverySlot, openSlots, REASSIGN_DAYS_AHEAD } from '../delivery/slots';
import { factory, type AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { cacheableJson, matchesEtag, strongEtag } from '../http/etag';
import { idempotentWrite, type WriteResult } from '../idempotency/idempotency';
import { validate } from '../http/validation';

/** A validated `POST /orders` body. */
type OrderInput = z.output<typeof orderInputSchema>;

/** Orders (a list, or one) are one user's data: revalidated on every poll, never stored by shared caches. */
export const ORDER_LIST_CACHE_CONTROL = 'private, no-cache';

/** The 409 for a change from `current` other than to its next state. */
function invalidTransition(current: OrderStatus): ApiError {
  const next = nextOrderStatus(current);
  const message = next
    ? `This order is ${current}; it can only move to ${next}.`
    : `This order is ${current}; it cannot move any further.`;
  return new ApiError(409, 'invalid_transition', message, { current, next: next ?? null });
}

/** How many times POST /orders plans its write after its slot filled meanwhile, and the pause before each retry (ms, × attempt, random). */
const MAX_SLOT_ATTEMPTS = 30;
const SLOT_RETRY_JITTER_MS = 10;

/**
 * The 409 for ordering out-of-stock products: `details.fields` marks each such line
 * (`orderedProduct.<i>._id`), `details.products` names them (`{_id, name}`).
 */
function outOfStock(input: OrderInput, products: readonly Product[]): ApiError {
  const ids = new Set(products.map((product) => product._id));
  const fields = Object.fromEntries(
    input.orderedProduct.flatMap((line, i) =>
      ids.has(line._id) ? [[`orderedProduct.${i}._id`, ['Out of stock']]] : [],
    ),
  );
  return new ApiError(409, 'out_of_stock', `Out of stock: ${products.map((product) => product.name).join(', ')}`, {
    fields,
    products: products.map(({ _id, name }) => ({ _id, name })),
  });
}

/**
 * Plans `POST /orders`' write for the signed-in user: prices the lines from the current
 * catalogue, picks the delivery slot from the current counts (delivery/slots.ts chooseSlot) and
 * returns the order with the statements that store it. Inside the batch, guards refuse a product
 * that went out of stock meanwhile, and the slot's capacity is counted again after the insert.
 * @throws ApiError 400 `unknown_product`, 409 `out_of_stock` (stored as the key's answer).
 */
async function planOrder(c: Context<AppEnv>, input: OrderInput): Promise<WriteResult> {
  const { db, config, user } = c.var;
  const ids = input.orderedProduct.map((line) => line._id);
  const byId = await findProducts(db, ids);
  const unknownIds = ids.filter((id) => !byId.has(id));
  if (unknownIds.length > 0) {
    const fields = Object.fromEntries(
      input.orderedProduct.flatMap((line, i) =>
        byId.has(line._id) ? [] : [[`orderedProduct.${i}._id`, ['Unknown product']]],
      ),
    );
    throw new ApiError(400, 'unknown_product', `Unknown product: ${unknownIds.join(', ')}`, { fields });
  }
  // In the order of the lines, each once.
  const products = [...new Set(ids)].map((id) => byId.get(id) as Product);
  const missing = products.filter((product) => !product.inStock);
  if (missing.length > 0) throw outOfStock(input, missing);
  const lines = input.orderedProduct.map((line) => orderLine(byId.get(line._id) as Product, line.cartQuantity));
  const now = Date.now();
  const horizon = openSlots(config.delivery, now, REASSIGN_DAYS_AHEAD);
  const taken = await countOrdersBySlot(
    db,
    horizon.map((slot) => slot.id),
  );
  const { slot, changed } = chooseSlot(config.delivery, horizon, taken, input.deliverySlot);
  const order: Order = {
    _id: crypto.randomUUID(),
    customerName: input.customerName,
    email: user.email,
    phone: input.phone,
    address: input.address,
    orderStatus: 'Pending',
    totalAmount: priceCart(lines).subtotal,
    orderDate: input.orderDate || new Date(now).toLocaleDateString('en-GB'),
    orderedProduct: lines,
    paymentMethod: input.paymentMethod,
    paymentStatus: 'unpaid',
    createdAt: new Date(now).toISOString(),
    statusHistory: [{ status: 'Pending', at: new Date(now).toISOString() }],
    deliverySlot: slot && deliverySlot(slot.startMs, slot.endMs),
    ...(changed ? { deliverySlotChanged: true } : {}),
  };
  return {
    status: 201,
    body: order,
    statements: [
      ...products.map((product) =>
        writeGuard(
          'coalesce((SELECT in_stock FROM products WHERE id = ?), 0) = 1',
          [product._id],
          outOfStock(input, [product]),
        ),
      ),
      ...insertOrderStatements(order, user.uid, slot),
      ...(slot ? [slotCapacityGuard(slot.id, config.delivery.capacity)] : []),
    ],
  };
}

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
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    if (query.cursor !== undefined && !after)
      throw new ApiError(400, 'validation_failed', 'This cursor is not one the API gave; start from the first page.', {
        fields: { cursor: ['Unknown cursor'] },
      });
    const { limit, email, status, slot, q } = query;
    const filter = { email, status, slot, q };
    const page = await listOrders(c.var.db, filter, { limit, after });
    let link = '';
    if (page.next) {
      const params = new URLSearchParams(
        Object.entries({ ...filter, limit: String(limit) }).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, value]],
        ),
      );
      params.set('cursor', encodeCursor(page.next));
      link = `<${c.req.path}?${params.toString()}>; rel="next"`;
      c.header('Link', link);
    }
    // Over the page and its link: the same orders with a next page that appeared or went is a change.
    const etag = await strongEtag(`${link}\n${JSON.stringify(page.orders)}`);
    c.header('ETag', etag);
    c.header('Cache-Control', ORDER_LIST_CACHE_CONTROL);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
    return c.json(page.orders);
  })
  .get('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user, log } = c.var;
    const order = await readOrder(c.var.db, id);
    if (!order) {
      log.info('order not found', { orderId: id });
      throw new OrderNotFoundError(id);
    }
    // Another customer's order is answered exactly as a missing one: its existence is not theirs to know.
    if (!user.isAdmin && order.email !== user.email) {
      log.warn('request refused', {
        status: 404,
        code: 'not_found',
        reason: "another customer's order, answered as missing",
        orderId: id,
      });
      throw new OrderNotFoundError(id);
    }
    // Checked only once the caller may see it, so a 304 never tells that an order exists.
    return cacheableJson(c, order, ORDER_LIST_CACHE_CONTROL);
  })
  .post('/', requireUser, validate('json', orderInputSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.var.user;
    if (input.email !== user.email)
      throw new ApiError(403, 'forbidden', 'Orders can only be placed with your own e-mail.', {
        fields: { email: ['Must be the e-mail you signed in with'] },
      });
    // A slot that filled between the count and the commit fails the batch with nothing stored
    // (not an answer): the write is planned again with fresh counts, after a short random pause
    // so that orders that lost together do not all pick the same next slot. Each failure means
    // another order took a place, so this ends; the bound only caps a pathological storm, and
    // its 503 is not stored either (the outbox retries with the same key).
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await idempotentWrite(c, user.uid, input, () => planOrder(c, input));
      } catch (error) {
        if (!(error instanceof SlotFullError)) throw error;
        if (attempt === MAX_SLOT_ATTEMPTS) {
          c.header('Retry-After', '1');
          throw new ApiError(503, 'busy', 'Many orders are being placed at once; please try again in a moment.');
        }
        await new Promise((resolve) => setTimeout(resolve, Math.random() * SLOT_RETRY_JITTER_MS * attempt));
      }
    }
  })
  .put(
    '/update/:id',
    requireAdmin,
    validate('param', recordIdParam),
    validate('json', orderStatusUpdateSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const { orderStatus } = c.req.valid('json');
      const order = await findOrder(c.var.db, id);
      if (orderStatus !== nextOrderStatus(order.orderStatus)) throw invalidTransition(order.orderStatus);
      const modifiedCount = await changeOrderStatus(c.var.db, id, order.orderStatus, orderStatus, c.var.user.uid);
      // Another admin moved (or deleted) it between the read and the update.
      if (modifiedCount === 0) throw invalidTransition((await findOrder(c.var.db, id)).orderStatus);
      return c.json({ modifiedCount });
    },
  )
  .delete('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const user = c.var.user;
    const order = await findOrder(c.var.db, id);
    if (!user.isAdmin) {
      // Another customer's order is reported as missing: its existence is not theirs to know.
      if (order.email !== user.email) throw new OrderNotFoundError(id);
      if (order.orderStatus !== 'Pending')
        throw new ApiError(
          409,
          'not_pending',
          `Only Pending orders can be cancelled; this one is already ${order.orderStatus}.`,
          { current: order.orderStatus },
        );
    }
    return c.json({ deletedCount: await deleteOrder(c.var.db, id, { onlyIfPending: !user.isAdmin }) });
  });
