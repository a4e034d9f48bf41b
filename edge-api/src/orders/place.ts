/**
 * Placing an order (spec §7, DESIGN.md §3, §4, §8, §14, §16): the server prices every order
 * itself — it loads the current prices of the ordered product ids, stores a line-item snapshot,
 * computes `totalAmount` and the ceiling `maxAmount` (DESIGN.md §17) with the shared pricing rule, keeps each
 * line's packing choice, and sets `orderStatus: 'Pending'`; the
 * client's quoted total is only a ceiling (above it the order is refused, never charged) — delivers
 * to an active delivery area at its fee, from its minimum order, in its slots, with the address
 * composed from its parts (DESIGN.md §15) — takes its units from counted stock, picks its delivery slot and keeps the account
 * within its open orders (one until its e-mail is verified or it signed in by phone) and its
 * units of each counted product (MAX_UNITS_PER_PRODUCT), and with `useCredit` spends the account's
 * store credit up to the lines' subtotal (DESIGN.md §19), all in the one write its Idempotency-Key
 * commits with.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Product } from '../contract/catalogue';
import type { Order, orderInputSchema } from '../contract/order';
import { creditToApply } from '../contract/credit-amounts';
import { priceCart, toPoisha, type PriceSummary } from '../contract/pricing';
import { priceOrder } from '../contract/weighed-pricing';
import { creditBalancePoisha, CreditChangedError, spendCreditSteps } from '../db/credit';
import { areaUnchangedGuard } from '../db/delivery-areas';
import { AreaChangedError, SlotFullError, StockChangedError } from '../db/errors';
import { heldUnits, heldUnitsGuard, openOrdersGuard, takeStockSteps } from '../db/order-stock';
import { insertOrderStatements, newDeliveryCode } from '../db/orders';
import { orderLine } from '../db/order-row';
import { slotCapacityGuard, slotRoom } from '../db/slot-places';
import { findProducts } from '../db/products';
import { checkMinimumOrder, composeAddress, orderArea } from '../delivery/areas';
import { areaSlotFilter, chooseSlot, deliverySlot, openSlots, REASSIGN_DAYS_AHEAD } from '../delivery/slots';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { idempotentWrite, type WriteResult } from '../idempotency/idempotency';
import { paymentsNotConfigured } from '../payments/providers';
import { notifyNewOrder } from '../push/notify';

/** A validated `POST /orders` body. */
export type OrderInput = z.output<typeof orderInputSchema>;

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

/**
 * Open orders an account may hold while it has neither a verified e-mail nor a phone sign-in
 * (accounts cost nothing, so an unproven one cannot hold the shop's stock hostage).
 */
const UNVERIFIED_OPEN_ORDERS = 1;

/** The 409 for a second open order of an account with neither a verified e-mail nor a phone sign-in. */
const verifyToOrderMore = () =>
  new ApiError(
    409,
    'verify_to_order_more',
    `Verify your e-mail to have more than ${UNVERIFIED_OPEN_ORDERS} open order at once.`,
    { limit: UNVERIFIED_OPEN_ORDERS },
  );

/**
 * The 409 for an order that would take the account past `max` units of counted products across
 * its open orders: `details.products` names each with what it may still add (`mayAdd`, ≥ 0),
 * `details.fields` marks their lines.
 */
function tooManyUnits(
  input: OrderInput,
  max: number,
  products: ReadonlyArray<{ _id: string; name: string; mayAdd: number }>,
): ApiError {
  const ids = new Set(products.map((product) => product._id));
  const fields = Object.fromEntries(
    input.orderedProduct.flatMap((line, i) =>
      ids.has(line._id) ? [[`orderedProduct.${i}.cartQuantity`, [`At most ${max} units on open orders`]]] : [],
    ),
  );
  return new ApiError(
    409,
    'too_many_units',
    `At most ${max} units of a product on open orders: ${products.map((p) => `${p.name} (${p.mayAdd} more)`).join(', ')}`,
    { max, fields, products },
  );
}

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

/** A line whose price rose since the shopper saw it: `quoted` and `price` in Tk per sale unit. */
type RoseLine = { _id: string; name: string; quoted: number; price: number };

/**
 * The 409 for an order that would cost more than the subtotal the shopper saw (DESIGN.md §16):
 * `details` has the `quotedTotal` and today's `totalAmount` (whole Tk) and the `lines` that rose,
 * each with its quoted and today's price, marked in `fields` too. Nothing is stored but the
 * refusal as the key's answer: the shopper decides, and orders again with a new key.
 */
function priceChanged(input: OrderInput, lines: readonly Order['orderedProduct'][number][], price: PriceSummary) {
  const totalAmount = price.subtotal;
  const quotedTotal = input.totalAmount ?? 0;
  const rose = input.orderedProduct.flatMap((line, i): Array<RoseLine & { i: number }> => {
    const now = lines[i];
    return now && line.price !== undefined && now.price > line.price
      ? [{ i, _id: line._id, name: now.name, quoted: line.price, price: now.price }]
      : [];
  });
  const fields = Object.fromEntries(rose.map(({ i }) => [`orderedProduct.${i}.price`, ['The price rose']]));
  const named = rose.map(({ name, quoted, price }) => `${name} ${quoted} → ${price} Tk`);
  const shipping = shippingRose(input, price.shipping);
  if (shipping) named.push(`delivery ${shipping.quoted} → ${shipping.price} Tk`);
  return new ApiError(
    409,
    'price_changed',
    `Prices changed since you saw them: ${named.length > 0 ? named.join(', ') : `${quotedTotal} → ${totalAmount} Tk`}`,
    {
      quotedTotal,
      totalAmount,
      lines: rose.map(({ i: _i, ...line }) => line),
      ...(shipping ? { shipping } : {}),
      fields,
    },
  );
}

/**
 * The delivery fee the shopper saw and today's, when today's is higher (DESIGN.md §16: the
 * area's fee rose, or its free-delivery line moved): the quote is what `totalAmount` leaves after
 * the goods and their tax at the quoted prices, so it is known only when every line carries its
 * quoted `price`. Undefined when it did not rise or cannot be known.
 */
function shippingRose(input: OrderInput, shipping: number): { quoted: number; price: number } | undefined {
  if (input.totalAmount === undefined) return undefined;
  const quotedLines = input.orderedProduct.flatMap(({ price, cartQuantity }) =>
    price === undefined ? [] : [{ price, cartQuantity }],
  );
  if (quotedLines.length < input.orderedProduct.length) return undefined;
  const goodsAndTax = priceCart(quotedLines, { fee: 0, freeDeliveryAbove: null }).subtotal;
  const quoted = input.totalAmount - goodsAndTax;
  return quoted >= 0 && quoted < shipping ? { quoted, price: shipping } : undefined;
}

/**
 * The body's fingerprint for its Idempotency-Key: the order without the lines' `name`s, which
 * change nothing that is stored (only a refusal's wording), so a retry is the same request
 * whatever names it carries. The quotes (`totalAmount`, the lines' `price`) count: they decide
 * whether it is placed, and a new quote comes with a new key.
 */
function fingerprintOf(input: OrderInput): OrderInput {
  return {
    ...input,
    orderedProduct: input.orderedProduct.map(({ _id, cartQuantity, price, substitution, note }) => ({
      _id,
      cartQuantity,
      price,
      substitution,
      note,
    })),
  };
}

/**
 * Plans `POST /orders`' write for the signed-in user: prices the lines from the current
 * catalogue and its area from the areas' snapshot (delivery/areas.ts orderArea), picks the
 * delivery slot from the current counts (delivery/slots.ts chooseSlot) and returns the order
 * with the statements that store it. Inside the batch, the area is checked unchanged (else
 * AreaChangedError, and the order is planned again from a fresh read), the order's units are
 * taken from counted stock behind guards that the products still have them (a product that went
 * out of stock, short or was deleted meanwhile fails the batch with StockChangedError, and the
 * order is planned again with fresh stock), and the slot's capacity is counted again after the
 * insert.
 * @throws ApiError 409 `area_not_served` for an unknown or inactive area, `below_minimum` below its
 * minimum order (delivery/areas.ts); 409 `out_of_stock` for products out of stock, short or gone: a gone one is named by
 * its line's `name` when the client sent one, else by its id, as the server has no row of it;
 * 409 `too_many_units` past MAX_UNITS_PER_PRODUCT; 409 `price_changed` when today's subtotal is
 * above the `totalAmount` sent (each stored as the key's answer).
 */
async function planOrder(c: Context<AppEnv>, input: OrderInput): Promise<WriteResult> {
  // c.get, not c.var: Hono's c.var copies every variable of the request into a new object at each read.
  const db = c.get('db');
  const config = c.get('config');
  const user = c.get('user');
  const areas = c.get('areas');
  // The area from the areas' snapshot; the batch commits only while it is still stored so.
  const stampedArea = await orderArea(areas, input.areaId);
  const area = stampedArea.area;
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
  // Counted products are what a hoarder takes from others: at most maxUnitsPerProduct each on
  // the account's open orders, checked again at commit (heldUnitsGuard).
  const counted = [...quantities.keys()].filter((id) => byId.get(id)?.stock !== null);
  const held = counted.length > 0 ? await heldUnits(db, user.uid, counted) : new Map<string, number>();
  const over = counted.flatMap((id) => {
    const mayAdd = Math.max(0, config.maxUnitsPerProduct - (held.get(id) ?? 0));
    return (quantities.get(id) ?? 0) > mayAdd ? [{ _id: id, name: (byId.get(id) as Product).name, mayAdd }] : [];
  });
  if (over.length > 0) throw tooManyUnits(input, config.maxUnitsPerProduct, over);
  // An account with neither a verified e-mail nor a phone sign-in holds one open order at most.
  const proven = user.emailVerified || user.phoneNumber !== undefined;
  const openLimit = proven
    ? config.openOrdersPerAccount
    : Math.min(UNVERIFIED_OPEN_ORDERS, config.openOrdersPerAccount);
  const lines = input.orderedProduct.map((line) =>
    orderLine(byId.get(line._id) as Product, line.cartQuantity, { substitution: line.substitution, note: line.note }),
  );
  // The area's fee and minimum (DESIGN.md §15), at today's prices, and the ceiling of weighed
  // lines (DESIGN.md §17) with the same shipping.
  const price = priceOrder(lines, area);
  checkMinimumOrder(area, price.cartTotal);
  // Never more than the shopper saw (an order may wait offline for days); the same or less is
  // charged at today's prices.
  if (input.totalAmount !== undefined && price.subtotal > input.totalAmount) throw priceChanged(input, lines, price);
  // Store credit (DESIGN.md §19): up to the lines at their estimated prices (no delivery fee, no
  // tax), from the balance as read now; the batch spends it from the balance at commit, and a
  // balance that changed meanwhile plans the order again (CreditChangedError).
  const subtotalPoisha = toPoisha(price.cartTotal);
  const creditPoisha = input.useCredit
    ? toPoisha(creditToApply((await creditBalancePoisha(db, user.uid)) / 100, subtotalPoisha / 100))
    : 0;
  const now = Date.now();
  // Only the area's slots (DESIGN.md §15 "Slots"): one asked for outside them moves to its earliest free one.
  const horizon = openSlots(config.delivery, now, REASSIGN_DAYS_AHEAD).filter(
    areaSlotFilter(config.delivery, area.slots),
  );
  const asked = input.deliverySlot ?? null;
  const room = await slotRoom(
    db,
    horizon.map((slot) => slot.id),
    config.delivery.capacity,
    asked,
  );
  // Every slot before the first with room is full, so the choice is made among the slots from
  // there on, with the asked one's count: the same as with the counts of every slot, read in one row.
  const from = room.firstWithRoom === null ? horizon.length : horizon.findIndex((s) => s.id === room.firstWithRoom);
  const taken = new Map(asked === null ? [] : [[asked, room.askedTaken]]);
  const { slot, changed } = chooseSlot(config.delivery, horizon.slice(from), taken, input.deliverySlot);
  const order: Order = {
    _id: crypto.randomUUID(),
    customerName: input.customerName,
    email: user.email,
    phone: input.phone,
    address: composeAddress({ line: input.address, floor: input.floor, landmark: input.landmark }, area),
    areaId: area.id,
    ...(input.note ? { note: input.note } : {}),
    shipping: price.shipping,
    orderStatus: 'Pending',
    totalAmount: price.subtotal,
    maxAmount: price.maxAmount,
    orderDate: input.orderDate || new Date(now).toLocaleDateString('en-GB'),
    orderedProduct: lines,
    paymentMethod: input.paymentMethod,
    ...(input.paymentMethod === 'cod' && input.payWith ? { payWith: input.payWith } : {}),
    paymentStatus: 'unpaid',
    createdAt: new Date(now).toISOString(),
    statusHistory: [{ status: 'Pending', at: new Date(now).toISOString() }],
    deliverySlot: slot && deliverySlot(slot.startMs, slot.endMs),
    ...(changed ? { deliverySlotChanged: true } : {}),
    // Proof of delivery (DESIGN.md §18): the answer goes to its owner, who gives it to the rider.
    deliveryCode: newDeliveryCode(),
    ...(creditPoisha > 0 ? { creditApplied: creditPoisha / 100 } : {}),
  };
  return {
    status: 201,
    body: order,
    statements: [
      areaUnchangedGuard(stampedArea),
      ...takeStockSteps(quantities),
      ...insertOrderStatements(order, user.uid, slot),
      ...(input.useCredit ? spendCreditSteps(order._id, user.uid, subtotalPoisha, creditPoisha, now) : []),
      ...(slot ? [slotCapacityGuard(slot.id, config.delivery.capacity)] : []),
      // After the insert, so they count this order too: concurrent orders cannot pass the limits together.
      openOrdersGuard(user.uid, openLimit, () => (proven ? tooManyOpenOrders(openLimit) : verifyToOrderMore())),
      // A concurrent order that took units meanwhile: planned again, answered from fresh counts.
      ...counted.map((id) => heldUnitsGuard(user.uid, id, config.maxUnitsPerProduct, () => new StockChangedError(id))),
    ],
  };
}

/**
 * Places `input` for the signed-in user under the request's Idempotency-Key (idempotency.ts): the
 * 201 with the stored order, or the first answer again for a replay; tells the shop of a new order.
 * @throws ApiError 404 `payments_not_configured`, 403 `forbidden` (another e-mail), 409
 * `out_of_stock` / `too_many_units` / `too_many_open_orders` / `verify_to_order_more` (stored as
 * the key's answer), 503
 * `busy` with Retry-After when orders keep taking its slot, stock or store credit (not stored).
 */
export async function placeOrder(c: Context<AppEnv>, input: OrderInput): Promise<Response> {
  const user = c.get('user');
  // The note to pay the rider with is a cash order's (DESIGN.md §18 "Change").
  if (input.payWith !== undefined && input.paymentMethod !== 'cod')
    throw new ApiError(400, 'validation_failed', 'payWith is for cash (cod) orders only.', {
      fields: { payWith: ['Only for cash on delivery'] },
    });
  // A way to pay the shop does not offer now is a feature switched off, not stored as the key's answer.
  if (input.paymentMethod !== 'cod' && !c.get('paymentProvider')(input.paymentMethod))
    throw paymentsNotConfigured(input.paymentMethod);
  // The account's own e-mail; '' for an account with none (phone sign-in), its order's `email`.
  if (input.email !== user.email)
    throw new ApiError(403, 'forbidden', 'Orders can only be placed with your own e-mail.', {
      fields: {
        email: [user.email ? 'Must be the e-mail you signed in with' : 'Leave empty: this account has no e-mail'],
      },
    });
  // A slot that filled, a product whose stock fell, or a delivery area that changed between the
  // read and the commit fails the batch with nothing stored (not an answer): the write is planned
  // again with fresh counts (a short product is then refused with what is available), after a short random pause
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
      if (placed && res.status === 201 && res.headers.get('Idempotent-Replayed') !== 'true') notifyNewOrder(c, placed);
      return res;
    } catch (error) {
      if (!(
        error instanceof SlotFullError ||
        error instanceof StockChangedError ||
        error instanceof CreditChangedError ||
        error instanceof AreaChangedError
      ))
        throw error;
      // An area that changed since the snapshot was read: the next plan reads it afresh.
      if (error instanceof AreaChangedError) c.get('areas').invalidate();
      if (attempt === MAX_SLOT_ATTEMPTS) {
        c.header('Retry-After', '1');
        throw new ApiError(503, 'busy', 'Many orders are being placed at once; please try again in a moment.');
      }
      await new Promise((resolve) => setTimeout(resolve, Math.random() * SLOT_RETRY_JITTER_MS * attempt));
    }
  }
}
