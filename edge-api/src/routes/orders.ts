/**
 * `/api/orders` (spec §7, DESIGN.md §3, §8). The server prices every order itself: it loads the
 * current prices of the ordered product ids, stores a line-item snapshot, computes `totalAmount`
 * with the shared pricing rule and sets `orderStatus: 'Pending'`; client totals are never read.
 * Lists are paged (`Link: <…>; rel="next"`) and revalidated with an ETag (304 when unchanged,
 * the admin's live poll), as is one order (`GET /orders/:id`, the admin's order details). An
 * order moves only to its next state, each change recorded. Deleting a paid order refunds it and
 * keeps it as Cancelled (DESIGN.md §6).
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
  encodeCursor,
  findOrder,
  insertOrderStatements,
  type OrderFilter,
  listOrders,
  openOrdersGuard,
  orderLine,
  readOrder,
  readOrderOwner,
  slotCapacityGuard,
  takeStockSteps,
} from '../db/orders';
import { cancelOrder, notPending } from '../orders/cancel';
import { providerFor } from '../payments/providers';
import { OrderNotFoundError, SlotFullError, StockChangedError } from '../db/errors';
import { findProducts } from '../db/products';
import { chooseSlot, deliverySlot, openSlots, REASSIGN_DAYS_AHEAD } from '../delivery/slots';
import { factory, type AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { cacheableJson, matchesEtag, strongEtag } from '../http/etag';
import { idempotentWrite, type WriteResult } from '../idempotency/idempotency';
import { validate } from '../http/validation';
import { notifyNewOrder, notifyOrderCancelled, notifyOrderStatus, notifyPaymentRefunded } from '../push/notify';

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

/**
 * The 409 for an order past the account's `limit` of open (Pending) ones, however they are paid
 * (OPEN_ORDERS_PER_ACCOUNT): waiting does not get it through, so the outbox shows it, unsent.
 */
const tooManyOpenOrders = (limit: number) =>
  new ApiError(
    409,
    'too_many_open_orders',
    `You have ${limit} open orders already; wait until one is approved, or cancel one, before placing another.`,
    { limit },
  );

/** How many times POST /orders plans its write after its slot filled meanwhile, and the pause before each retry (ms, × attempt, random). */
const MAX_SLOT_ATTEMPTS = 30;
const SLOT_RETRY_JITTER_MS = 10;

/**
 * A product the order cannot have as asked: out of stock, gone from the catalogue (named as the
 * order's line names it), or with fewer counted units than asked; `available` is how many it
 * can have now (0 when out or gone).
 */
type Unavailable = { _id: string; name: string; available: number };

/**
 * The 409 for ordering products the shop cannot sell now, or not as many: out of stock, deleted
 * (an order that waited in a phone's outbox while the product was removed), or with fewer
 * counted units than asked (DESIGN.md §4). `details.fields` marks each such line
 * (`orderedProduct.<i>._id`), `details.products` names them with the units left
 * (`{_id, name, available}`), so a client can send the rest ("Send without them") or as many as
 * there are ("Send 3").
 */
function outOfStock(input: OrderInput, products: readonly Unavailable[]): ApiError {
  const ids = new Set(products.map((product) => product._id));
  const fields = Object.fromEntries(
    input.orderedProduct.flatMap((line, i) =>
      ids.has(line._id) ? [[`orderedProduct.${i}._id`, ['Out of stock']]] : [],
    ),
  );
  const named = products.map(({ name, available }) => (available > 0 ? `${name} (${available} left)` : name));
  return new ApiError(409, 'out_of_stock', `Out of stock: ${named.join(', ')}`, {
    fields,
    products: products.map(({ _id, name, available }) => ({ _id, name, available })),
  });
}

/**
 * The body's fingerprint for its Idempotency-Key: the order without the lines' `name`s, which
 * change nothing that is stored (only a refusal's wording), so a retry is the same request
 * whatever names it carries.
 */
function fingerprintOf(input: OrderInput): OrderInput {
  return { ...input, orderedProduct: input.orderedProduct.map(({ _id, cartQuantity }) => ({ _id, cartQuantity })) };
}

/**
 * Plans `POST /orders`' write for the signed-in user: prices the lines from the current
 * catalogue, picks the delivery slot from the current counts (delivery/slots.ts chooseSlot) and
 * returns the order with the statements that store it. Inside the batch, the order's units are
 * taken from counted stock behind guards that the products still have them (a product that went
 * out of stock, short or was deleted meanwhile fails the batch with StockChangedError, and the
 * order is planned again with fresh stock), and the slot's capacity is counted again after the
 * insert.
 * @throws ApiError 409 `out_of_stock` for products out of stock, short or gone: a gone one is named by
 * its line's `name` when the client sent one, else by its id, as the server has no row of it
 * (stored as the key's answer).
 */
async function planOrder(c: Context<AppEnv>, input: OrderInput): Promise<WriteResult> {
  const { db, config, user } = c.var;
  const ids = input.orderedProduct.map((line) => line._id);
  const byId = await findProducts(db, ids);
  // The units asked of each product (a product may be on two lines), in the order of the lines.
  const quantities = new Map<string, number>();
  for (const line of input.orderedProduct)
    quantities.set(line._id, (quantities.get(line._id) ?? 0) + line.cartQuantity);
  // Each once: the products gone, out of stock, or with fewer counted units than asked.
  const missing = [...quantities].flatMap(([id, quantity]): Unavailable[] => {
    const product = byId.get(id);
    if (!product) {
      const line = input.orderedProduct.find((ordered) => ordered._id === id);
      return [{ _id: id, name: line?.name ?? id, available: 0 }];
    }
    if (!product.inStock) return [{ _id: id, name: product.name, available: 0 }];
    if (product.stock !== null && product.stock < quantity)
      return [{ _id: id, name: product.name, available: product.stock }];
    return [];
  });
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
      ...takeStockSteps(quantities),
      ...insertOrderStatements(order, user.uid, slot),
      ...(slot ? [slotCapacityGuard(slot.id, config.delivery.capacity)] : []),
      // After the insert, so it counts this order too: concurrent orders cannot pass the limit together.
      openOrdersGuard(user.uid, config.openOrdersPerAccount, tooManyOpenOrders(config.openOrdersPerAccount)),
    ],
  };
}

/**
 * Answers one page of the orders `filter` selects (newest first, DESIGN.md §3): the JSON array,
 * `Link: <…>; rel="next"` to the next page (the same path with `shown` and the next cursor), an
 * ETag and `private, no-cache`; 304 when the caller's If-None-Match is still current. Used by
 * `GET /orders` and `GET /users/me/orders`.
 * @throws ApiError 400 for a cursor the API did not give.
 */
export async function answerOrderPage(
  c: Context<AppEnv>,
  filter: OrderFilter,
  shown: Record<string, string | undefined>,
  page: { limit: number; cursor: string | undefined },
) {
  const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor);
  if (page.cursor !== undefined && !after)
    throw new ApiError(400, 'validation_failed', 'This cursor is not one the API gave; start from the first page.', {
      fields: { cursor: ['Unknown cursor'] },
    });
  const { orders: found, next } = await listOrders(c.var.db, filter, { limit: page.limit, after });
  let link = '';
  if (next) {
    const params = new URLSearchParams(
      Object.entries({ ...shown, limit: String(page.limit) }).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, value]],
      ),
    );
    params.set('cursor', encodeCursor(next));
    link = `<${c.req.path}?${params.toString()}>; rel="next"`;
    c.header('Link', link);
  }
  // Over the page and its link: the same orders with a next page that appeared or went is a change.
  const etag = await strongEtag(`${link}\n${JSON.stringify(found)}`);
  c.header('ETag', etag);
  c.header('Cache-Control', ORDER_LIST_CACHE_CONTROL);
  if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304);
  return c.json(found);
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
    // `?email=` with the caller's own e-mail means "my orders": the orders this account placed
    // (DESIGN.md §3), never those an earlier account with the same e-mail placed. Being by uid, it
    // shows no one else's orders, so it needs no verified e-mail (a new shopper sees the order
    // they just placed). An admin's `?email=` of someone else looks orders up by their e-mail.
    const mine = query.email !== undefined && query.email === user.email;
    const { limit, cursor, email, status, slot, q } = query;
    const filter = { email, status, slot, q };
    return answerOrderPage(c, mine ? { ...filter, email: undefined, userId: user.uid } : filter, filter, {
      limit,
      cursor,
    });
  })
  .get('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { user, log } = c.var;
    const order = await readOrder(c.var.db, id);
    if (!order) {
      log.info('order not found', { orderId: id });
      throw new OrderNotFoundError(id);
    }
    // Another account's order is answered exactly as a missing one: its existence is not theirs to know.
    if (!user.isAdmin && (await readOrderOwner(c.var.db, id)) !== user.uid) {
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
    // A way to pay the shop does not offer now is a feature switched off (DESIGN.md §3), not stored as the key's answer.
    if ((input.paymentMethod === 'card' && !c.var.stripe) || (input.paymentMethod === 'bkash' && !c.var.bkash))
      throw new ApiError(
        404,
        'payments_not_configured',
        `${input.paymentMethod === 'card' ? 'Card' : 'bKash'} payment is not configured; choose cash on delivery.`,
        { paymentMethod: input.paymentMethod },
      );
    // The account's own e-mail; '' for an account with none (phone sign-in), its order's `email`.
    if (input.email !== user.email)
      throw new ApiError(403, 'forbidden', 'Orders can only be placed with your own e-mail.', {
        fields: {
          email: [user.email ? 'Must be the e-mail you signed in with' : 'Leave empty: this account has no e-mail'],
        },
      });
    // A slot that filled, or a product whose stock fell, between the read and the commit fails
    // the batch with nothing stored (not an answer): the write is planned again with fresh
    // counts (a short product is then refused with what is available), after a short random pause
    // so that orders that lost together do not all pick the same next slot. Each failure means
    // another order took a place, so this ends; the bound only caps a pathological storm, and
    // its 503 is not stored either (the outbox retries with the same key).
    for (let attempt = 1; ; attempt += 1) {
      try {
        let placed: string | undefined;
        const res = await idempotentWrite(c, user.uid, fingerprintOf(input), async () => {
          const result = await planOrder(c, input);
          placed = (result.body as Order)._id;
          return result;
        });
        // Only a write that committed now: a replay answers 201 too, and its news went out the first time.
        if (placed && res.status === 201 && res.headers.get('Idempotent-Replayed') !== 'true')
          notifyNewOrder(c, placed);
        return res;
      } catch (error) {
        if (!(error instanceof SlotFullError || error instanceof StockChangedError)) throw error;
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
      notifyOrderStatus(c, id, orderStatus);
      return c.json({ modifiedCount });
    },
  )
  .delete('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const { db, log, user } = c.var;
    const order = await findOrder(db, id);
    // Another account's order is reported as missing: its existence is not theirs to know.
    const owner = await readOrderOwner(db, id);
    if (!user.isAdmin) {
      if (owner !== user.uid) throw new OrderNotFoundError(id);
      if (order.orderStatus !== 'Pending') throw notPending(order.orderStatus);
    }
    const deps = { db, log, provider: (paid: Order) => providerFor(c.var, paid.paymentMethod) };
    const answer = await cancelOrder(deps, order, { onlyIfPending: !user.isAdmin, byUid: user.uid });
    // An admin's cancel is news to the shopper (their own is not).
    if (user.isAdmin && owner && answer.cancelledCount === 1) notifyPaymentRefunded(c, id, { cancelled: true });
    if (user.isAdmin && owner && answer.deletedCount === 1) notifyOrderCancelled(c, id, owner);
    return c.json(answer);
  });
