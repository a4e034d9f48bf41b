/**
 * Packing an order (DESIGN.md §17, §14): the admin weighs each weighed line, marks lines found or
 * not, and packs a substitute where the shopper allowed one; the order becomes Packed with its
 * final bill. In ONE guarded batch: the packing and `final_amount`, the state and its timeline
 * entry, the units of lines not found back in counted stock and the substitutes' taken from it,
 * and — for an order paid by a provider whose final bill is below its ceiling (`maxAmount`) — the
 * claim on the partial refund in the refunds ledger, never more than was charged (maxAmount less
 * the store credit taken: orders/amount-due.ts); what the final bill falls below the store credit
 * the order took goes back as credit (DESIGN.md §19). The provider is asked after the commit
 * (orders/packing-refund.ts), under the ledger's id; a refund left unfinished (a crash, a provider
 * not answering) is finished by the next packing request of the order, a status update or a
 * cancel, and is never made twice. An Approved order moved straight to Out for delivery is packed as
 * ordered by the same code.
 */
import type { Client, InStatement } from '@libsql/client';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Product } from '../contract/catalogue';
import { nextOrderStatus, type OrderStatus } from '../contract/delivery';
import { allowsSubstitute } from '../contract/line-choice';
import type { Order, PackedLine, Packing, packingInputSchema } from '../contract/order';
import type { PackingInvalidDetails, PackingProblem } from '../contract/packing-problems';
import { toPoisha } from '../contract/pricing';
import { finalAmountOf, packedGramsRange, packedLinePrice, substitutePrice } from '../contract/weighed-pricing';
import { giveBackCreditStatement } from '../db/credit';
import { StockChangedError } from '../db/errors';
import { runGuardedBatch, writeGuard, type BatchStep } from '../db/guarded-batch';
import { findOrder } from '../db/orders';
import { findProducts } from '../db/products';
import { claimPackingRefundStatement } from '../db/packing-refunds';
import { inWriteTurn } from '../db/write-queue';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { idempotentWrite } from '../idempotency/idempotency';
import { notifyOrderPacked } from '../push/notify';
import { finishPackingRefund, makeClaimedPackingRefund } from './packing-refund';
import { refundDeps, type RefundDeps } from './refund-deps';
import { chargePoisha } from './amount-due';

/** A validated `PUT /orders/:id/packing` body. */
export type PackingRequest = z.output<typeof packingInputSchema>;
type PackingEntry = PackingRequest['lines'][number];
type OrderLine = Order['orderedProduct'][number];

/** How many times a packing is planned again after a substitute's stock changed meanwhile. */
const MAX_STOCK_ATTEMPTS = 5;

/** The order left Approved between the plan and the commit (another packing, a status update, a cancel). */
class OrderMovedError extends Error {
  override name = 'OrderMovedError';
}

/** The 409 for packing an order that is not Approved (DESIGN.md §17), as a status update's. */
function notPackable(current: OrderStatus): ApiError {
  const next = nextOrderStatus(current) ?? null;
  return new ApiError(409, 'invalid_transition', `This order is ${current}; only Approved orders can be packed.`, {
    current,
    next,
  });
}

/** The 409 for a second packing of an order (DESIGN.md §17). */
const alreadyPacked = (current: OrderStatus) =>
  new ApiError(409, 'already_packed', 'This order is already packed.', { current });

/** The refusal for an order that cannot be packed now: already packed, or not Approved. */
const refusalFor = (order: Order) =>
  order.packing || order.orderStatus === 'Packed' ? alreadyPacked(order.orderStatus) : notPackable(order.orderStatus);

/** The 400 for entries that do not fit the order: `details.lines` names each with its reason. */
function packingInvalid(lines: PackingInvalidDetails['lines']): ApiError {
  const named = lines.map((line) => `${line._id}: ${line.reason.replace(/_/g, ' ')}`).join('; ');
  return new ApiError(400, 'packing_invalid', `The packing does not fit the order: ${named}`, {
    lines,
  } satisfies PackingInvalidDetails);
}

/** The 409 for substitutes with fewer counted units than packed, as placing an order's `out_of_stock`. */
function substituteOutOfStock(products: ReadonlyArray<{ _id: string; name: string; available: number }>): ApiError {
  const named = products.map(({ name, available }) => (available > 0 ? `${name} (${available} left)` : name));
  return new ApiError(409, 'out_of_stock', `Out of stock: ${named.join(', ')}`, { products });
}

/**
 * The packing entries of an order packed as ordered (DESIGN.md §17: an Approved order moved
 * straight to Out for delivery): every line found at its nominal weight.
 */
function asOrdered(order: Order): PackingEntry[] {
  return order.orderedProduct.map((line) => {
    const range = packedGramsRange(line);
    return { _id: line._id, found: true, ...(range ? { packedGrams: range.nominal } : {}) };
  });
}

/**
 * Pairs each ordered line with its entry (the k-th entry of a product with the k-th line of it,
 * as a product may be on two lines) and names each entry that does not fit (packingProblems).
 * @returns the entry of each line, in the order's line order, and the problems (empty when all fit).
 */
function pairEntries(
  order: Order,
  entries: readonly PackingEntry[],
  substitutes: ReadonlyMap<string, Product>,
): { paired: PackingEntry[]; problems: PackingInvalidDetails['lines'] } {
  const problems: PackingInvalidDetails['lines'] = [];
  const problem = (_id: string, reason: PackingProblem, range?: { min: number; max: number }) =>
    problems.push({ _id, reason, ...(range ? { min: range.min, max: range.max } : {}) });
  const unpaired = entries.map((entry) => entry);
  const paired: PackingEntry[] = [];
  for (const line of order.orderedProduct) {
    const at = unpaired.findIndex((entry) => entry._id === line._id);
    const entry = at < 0 ? undefined : unpaired.splice(at, 1)[0];
    if (!entry) {
      problem(line._id, 'missing');
      continue;
    }
    paired.push(entry);
    const reason = lineProblem(line, entry, substitutes);
    if (reason) problem(line._id, reason, reason === 'grams_out_of_range' ? packedGramsRange(line) : undefined);
  }
  const ordered = new Set(order.orderedProduct.map((line) => line._id));
  for (const entry of unpaired) problem(entry._id, ordered.has(entry._id) ? 'duplicate' : 'not_in_order');
  return { paired, problems };
}

/** What is wrong with `entry` for ordered `line` (the first problem), or undefined when it fits. */
function lineProblem(
  line: OrderLine,
  entry: PackingEntry,
  substitutes: ReadonlyMap<string, Product>,
): PackingProblem | undefined {
  const range = packedGramsRange(line);
  if (entry.packedGrams !== undefined && !range) return 'grams_not_weighed';
  if (entry.found && range) {
    if (entry.packedGrams === undefined) return 'grams_required';
    if (entry.packedGrams < range.min || entry.packedGrams > range.max) return 'grams_out_of_range';
  }
  if (entry.substituteId === undefined) return undefined;
  if (entry.found || !allowsSubstitute(line.substitution)) return 'substitute_not_allowed';
  if (entry.substituteQuantity === undefined) return 'substitute_quantity_required';
  const product = substitutes.get(entry.substituteId);
  if (!product || !product.inStock) return 'substitute_unknown';
  return undefined;
}

/** Ordered `line` as packed by `entry` (which fits it): its packed grams and its final price (Tk, to the poisha). */
function packLine(line: OrderLine, entry: PackingEntry, substitutes: ReadonlyMap<string, Product>): PackedLine {
  const weighed = packedGramsRange(line) !== undefined;
  if (entry.found) {
    const grams = weighed ? (entry.packedGrams as number) : null;
    return {
      _id: line._id,
      found: true,
      packedGrams: grams,
      finalPrice: packedLinePrice(line, grams ?? 0),
    };
  }
  const product = entry.substituteId === undefined ? undefined : substitutes.get(entry.substituteId);
  const quantity = entry.substituteQuantity ?? 0;
  if (!product) return { _id: line._id, found: false, packedGrams: null, finalPrice: 0 };
  return {
    _id: line._id,
    found: false,
    packedGrams: null,
    finalPrice: substitutePrice(line, product.price, quantity),
    substitute: {
      _id: product._id,
      name: product.name,
      price: product.price,
      unit: product.unit,
      unitSize: product.unitSize,
      quantity,
    },
  };
}

/** What a packing is and does, planned from the order and the catalogue as read. */
type PackingPlan = { packing: Packing; finalAmount: number; steps: BatchStep[]; nowMs: number };

/**
 * Plans packing `order` (Approved) with `entries` by admin `byUid`, to `to` (Packed, or Out for
 * delivery for an order packed as ordered): the packing with each line's final price,
 * `finalAmount` (whole Tk, finalAmountOf: never above maxAmount), and the guarded batch steps
 * that write it (see the module's comment). The batch fails with OrderMovedError when the order
 * left Approved meanwhile, StockChangedError when a substitute's stock fell.
 * @throws ApiError 400 `packing_invalid` (details.lines), 409 `out_of_stock` (substitutes short).
 */
async function planPacking(
  db: Client,
  order: Order,
  entries: readonly PackingEntry[],
  byUid: string,
  to: 'Packed' | 'Out for delivery',
): Promise<PackingPlan> {
  const substituteIds = [...new Set(entries.flatMap((entry) => (entry.substituteId ? [entry.substituteId] : [])))];
  const substitutes = substituteIds.length > 0 ? await findProducts(db, substituteIds) : new Map<string, Product>();
  const { paired, problems } = pairEntries(order, entries, substitutes);
  if (problems.length > 0) throw packingInvalid(problems);
  const lines = order.orderedProduct.map((line, i) => packLine(line, paired[i] as PackingEntry, substitutes));
  // Units: what was not found goes back, substitutes are taken (each product once, summed).
  const back = new Map<string, number>();
  const taken = new Map<string, number>();
  lines.forEach((packed, i) => {
    const line = order.orderedProduct[i] as OrderLine;
    if (!packed.found) back.set(line._id, (back.get(line._id) ?? 0) + line.cartQuantity);
    if (packed.substitute)
      taken.set(packed.substitute._id, (taken.get(packed.substitute._id) ?? 0) + packed.substitute.quantity);
  });
  const short = [...taken].flatMap(([id, quantity]) => {
    const product = substitutes.get(id) as Product;
    return product.stock !== null && product.stock < quantity
      ? [{ _id: id, name: product.name, available: product.stock }]
      : [];
  });
  if (short.length > 0) throw substituteOutOfStock(short);
  const nowMs = Date.now();
  const packing: Packing = { packedAt: new Date(nowMs).toISOString(), lines };
  const packedTotal = lines.reduce((sum, line) => sum + Math.round(line.finalPrice * 100), 0) / 100;
  const finalAmount = finalAmountOf(packedTotal, order.shipping, order.maxAmount);
  const refundPoisha = Math.min(toPoisha(order.maxAmount - finalAmount), chargePoisha(order));
  const history = (status: OrderStatus): InStatement => ({
    sql: `INSERT INTO order_status_history (order_id, status, at, by_uid)
          SELECT ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ? AND status = ?)`,
    args: [order._id, status, nowMs, byUid, order._id, status],
  });
  const steps: BatchStep[] = [
    // First: nothing else is written unless the order is still Approved and unpacked.
    writeGuard(
      "coalesce((SELECT order_status = 'Approved' AND packing IS NULL FROM orders WHERE id = ?), 0)",
      [order._id],
      new OrderMovedError(order._id),
    ),
    ...[...back].map(([id, quantity]): InStatement => ({
      sql: 'UPDATE products SET stock = stock + ? WHERE id = ? AND stock IS NOT NULL',
      args: [quantity, id],
    })),
    ...[...taken].flatMap(([id, quantity]): BatchStep[] => [
      writeGuard(
        'coalesce((SELECT in_stock = 1 AND (stock IS NULL OR stock >= ?) FROM products WHERE id = ?), 0)',
        [quantity, id],
        new StockChangedError(id),
      ),
      { sql: 'UPDATE products SET stock = stock - ? WHERE id = ? AND stock IS NOT NULL', args: [quantity, id] },
    ]),
    {
      sql: `UPDATE orders SET order_status = ?, packing = ?, final_amount = ? WHERE id = ? AND order_status = 'Approved'`,
      args: [to, JSON.stringify(packing), finalAmount, order._id],
    },
    history('Packed'),
    ...(to === 'Packed' ? [] : [history(to)]),
    // The refund of what the final bill does not cost, claimed with the packing (paid orders
    // only), never more than was charged (maxAmount less the store credit taken).
    ...(refundPoisha > 0 ? [claimPackingRefundStatement(order._id, refundPoisha, nowMs)] : []),
    // What the final bill falls below the store credit it took goes back as credit, once (DESIGN.md §19).
    giveBackCreditStatement(order._id, 'packing', nowMs, undefined, 'credit_applied_poisha - final_amount * 100'),
  ];
  return { packing, finalAmount, steps, nowMs };
}

/** The 503 for a packing whose substitutes' stock keeps changing under it (not stored: a retry plans afresh). */
const stockBusy = () =>
  new ApiError(503, 'busy', 'Stock is changing fast; try again in a moment.', undefined, { retryAfterS: 1 });

/**
 * Runs `attempt` (one plan and its commit) again while a substitute's stock changed between the
 * plan and the commit (StockChangedError), up to MAX_STOCK_ATTEMPTS times.
 * @returns what `attempt` returns. @throws the refusal for the order as it is now when it left
 * Approved meanwhile (OrderMovedError); 503 `busy` when its stock keeps changing; what `attempt` throws.
 */
async function withStockRetries<T>(db: Client, orderId: string, attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (error instanceof OrderMovedError) throw refusalFor(await findOrder(db, orderId));
      if (!(error instanceof StockChangedError)) throw error;
      if (n === MAX_STOCK_ATTEMPTS) throw stockBusy();
    }
  }
}

/**
 * Plans and commits a packing in one turn of the database's writers (db/write-queue.ts).
 * @returns the plan that committed. @throws the plan's ApiErrors, OrderMovedError, StockChangedError.
 */
async function commitPacking(db: Client, plan: () => Promise<PackingPlan>): Promise<PackingPlan> {
  return inWriteTurn(db, async (writer) => {
    const planned = await plan();
    const failed = await runGuardedBatch(writer, planned.steps);
    if (failed) throw failed.error;
    return planned;
  });
}

/** The push payload's `packed` for `order` packed as `packing` (names as the order's lines give them). */
function packedNews(order: Order, packing: Packing, finalAmount: number) {
  const name = (i: number) => order.orderedProduct[i]?.name ?? '';
  return {
    finalAmount,
    substituted: packing.lines.flatMap((line, i) => (line.substitute ? [name(i)] : [])),
    missing: packing.lines.flatMap((line, i) => (!line.found && !line.substitute ? [name(i)] : [])),
  };
}

/**
 * `PUT /orders/:id/packing` for the signed-in admin (DESIGN.md §17): finishes first any refund an
 * earlier packing of the order left, then packs it — under the request's Idempotency-Key when it
 * has one (a replay answers the packed order again) — tells the shopper, and refunds the
 * difference of a prepaid order.
 * @returns 200 with the order as it is now (finalAmount, packing, refundedAmount once refunded).
 * @throws OrderNotFoundError (404); ApiError 400 `packing_invalid`, 409 `already_packed`,
 * `invalid_transition`, `out_of_stock` (stored as the key's answer when a key is sent); 502/503
 * when the refund could not be made (the packing stands: a retry finishes the refund).
 */
export async function packOrder(c: Context<AppEnv>, orderId: string, input: PackingRequest): Promise<Response> {
  const { db, user } = c.var;
  const deps = refundDeps(c.var);
  const before = await findOrder(db, orderId);
  if (before.packing) await finishPackingRefund(deps, before, { retryFailed: true });
  const plan = async () => {
    const order = await findOrder(db, orderId);
    if (order.orderStatus !== 'Approved' || order.packing) throw refusalFor(order);
    return planPacking(db, order, input.lines, user.uid, 'Packed');
  };
  let committed: PackingPlan | undefined;
  let replayed = false;
  if (c.req.header('Idempotency-Key') !== undefined) {
    const res = await withStockRetries(db, orderId, () =>
      idempotentWrite(c, user.uid, input, async () => {
        const planned = await plan();
        committed = planned;
        const body = { _id: orderId, finalAmount: planned.finalAmount, packing: planned.packing };
        return { status: 200, body, statements: planned.steps };
      }),
    );
    // A refusal (stored as the key's answer, or not) is answered as it is; a 200 with the order as it is now.
    if (res.status !== 200) return res;
    replayed = res.headers.get('Idempotent-Replayed') === 'true';
    if (replayed) committed = undefined;
  } else committed = await withStockRetries(db, orderId, () => commitPacking(db, plan));
  // The order as packed: its payment (method, reference) may have settled since the first read.
  const packed = await findOrder(db, orderId);
  let refunded;
  if (committed) {
    c.var.log.info('order packed', { orderId, finalAmount: committed.finalAmount });
    notifyOrderPacked(c, orderId, packedNews(before, committed.packing, committed.finalAmount));
    refunded = await makeClaimedPackingRefund(deps, packed, committed.nowMs);
  } else refunded = await finishPackingRefund(deps, packed, { retryFailed: true });
  if (replayed) c.header('Idempotent-Replayed', 'true');
  // Read again only when a refund was made meanwhile (refundedAmount).
  return c.json(refunded ? await findOrder(db, orderId) : packed, 200);
}

/**
 * Packs Approved `order` as ordered (every line found at its nominal weight) and moves it on to
 * Out for delivery, for a status update by admin `byUid` (DESIGN.md §17), by the packing's own
 * code: its final bill is min(maxAmount, totalAmount) at today's figures, and a prepaid order is
 * refunded maxAmount − finalAmount. A refund the provider did not make is logged and left to the
 * next request of the order (packing, status update or cancel).
 * @returns true when it packed the order; false when the order left Approved meanwhile.
 */
export async function packAsOrdered(deps: RefundDeps, order: Order, byUid: string): Promise<boolean> {
  let committed: PackingPlan;
  try {
    committed = await withStockRetries(deps.db, order._id, () =>
      commitPacking(deps.db, async () => {
        const now = await findOrder(deps.db, order._id);
        if (now.orderStatus !== 'Approved' || now.packing) throw new OrderMovedError(order._id);
        return planPacking(deps.db, now, asOrdered(now), byUid, 'Out for delivery');
      }),
    );
  } catch (error) {
    // Moved meanwhile (packed, advanced or cancelled by another request): the caller's refusal.
    if (error instanceof ApiError && (error.code === 'already_packed' || error.code === 'invalid_transition'))
      return false;
    throw error;
  }
  deps.log.info('order packed as ordered', { orderId: order._id, finalAmount: committed.finalAmount });
  try {
    await makeClaimedPackingRefund(deps, await findOrder(deps.db, order._id), committed.nowMs);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    deps.log.error('packing refund not made; the next request of the order finishes it', {
      orderId: order._id,
      code: error.code,
      reason: error.reason,
    });
  }
  return true;
}
