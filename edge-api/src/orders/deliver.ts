/**
 * Delivering (DESIGN.md §18, §14): an admin assigns orders to a rider's run and orders its stops;
 * the rider reads the run (amounts to collect, change to bring), sets out, and marks each stop
 * delivered with the shopper's 4-digit code and the cash taken — or records why it could not be.
 * A delivery, its cash and the code-failure count commit in ONE guarded batch (with the
 * Idempotency-Key's answer when one is sent: the rider's phone sends from an outbox); the
 * shoppers are told by push after the commit. Money is Tk.
 */
import type { Client, InStatement } from '@libsql/client';
import type { Context } from 'hono';
import type { OrderStatus } from '../contract/delivery';
import type { Order } from '../contract/order';
import {
  changeToBring,
  MAX_CODE_FAILURES,
  type AttemptReason,
  type DeliveredInput,
  type RunStop,
} from '../contract/rider';
import { findRider, isRiderAccount } from '../db/accounts';
import { runGuardedBatch, writeGuard, type BatchStep } from '../db/guarded-batch';
import { changeOrderStatus, deliveryDayOf, findOrder, listRunOrders } from '../db/orders';
import { inWriteTurn } from '../db/write-queue';
import type { AppEnv, RequestUser } from '../env';
import { ApiError, errorBody } from '../http/errors';
import { idempotentWrite } from '../idempotency/idempotency';
import { notifyNextStop, notifyOnTheWay, notifyOrderStatus } from '../push/notify';
import { packAsOrdered } from './pack';
import { refundDeps } from './refund-deps';
import { amountToCollect } from './amount-due';

/** The states an order may be assigned in (DESIGN.md §18 "Assigning"). */
const ASSIGNABLE: readonly OrderStatus[] = ['Approved', 'Packed', 'Out for delivery'];

/** An order that is no longer in a state it may be assigned in, found at commit. */
class NotAssignableError extends Error {
  override name = 'NotAssignableError';
}

/** The 409 for assigning an order in `current` (Pending, Delivered, Cancelled). */
const notAssignable = (current: OrderStatus) =>
  new ApiError(
    409,
    'not_assignable',
    `This order is ${current}; only Approved, Packed or Out for delivery orders can be given to a rider.`,
    { current },
  );

/** `order` as a stop of its rider's run (contract/rider.ts runStopSchema). */
function toRunStop(order: Order, index: number): RunStop {
  const amount = amountToCollect(order);
  return {
    _id: order._id,
    stop: order.stop ?? index + 1,
    customerName: order.customerName,
    phone: order.phone,
    address: order.address,
    areaId: order.areaId,
    deliverySlot: order.deliverySlot,
    orderStatus: order.orderStatus,
    amountToCollect: amount,
    payWith: order.payWith ?? null,
    changeToBring: changeToBring(amount, order.payWith),
    note: order.note ?? '',
  };
}

/** The statements that number `orders` 1, 2, … in their order (only those whose stop changes). */
const renumber = (orders: readonly Order[]): InStatement[] =>
  orders.flatMap((order, i) =>
    order.stop === i + 1 ? [] : [{ sql: 'UPDATE orders SET stop = ? WHERE id = ?', args: [i + 1, order._id] }],
  );

/**
 * `PUT /orders/:id/rider`: gives order `id` to rider `riderUid` at `stop` of their run of the
 * order's delivery day (1 = first; left out or past the end = last); the stops after it move
 * down, and the run it leaves (another rider's) closes up. One guarded batch, in one write turn.
 * @returns the order as assigned (the admin's view: no delivery code).
 * @throws OrderNotFoundError (404); ApiError 409 `not_assignable` (Pending, Delivered,
 * Cancelled, also when it moved so meanwhile), 409 `not_a_rider`.
 */
export async function assignRider(db: Client, id: string, riderUid: string, stop: number | undefined): Promise<Order> {
  const rider = await findRider(db, riderUid);
  if (!rider) throw new ApiError(409, 'not_a_rider', 'That account is not a rider.', { riderUid });
  await inWriteTurn(db, async (writer) => {
    const order = await findOrder(writer, id);
    if (!ASSIGNABLE.includes(order.orderStatus)) throw notAssignable(order.orderStatus);
    const day = deliveryDayOf(order);
    const others = (await listRunOrders(writer, riderUid, day)).filter((o) => o._id !== id);
    const at = Math.min(Math.max((stop ?? others.length + 1) - 1, 0), others.length);
    const run = [...others.slice(0, at), { ...order, stop: undefined }, ...others.slice(at)];
    const previous = order.rider && order.rider.uid !== riderUid ? order.rider.uid : undefined;
    const left = previous ? (await listRunOrders(writer, previous, day)).filter((o) => o._id !== id) : [];
    const steps: BatchStep[] = [
      writeGuard(
        `coalesce((SELECT order_status IN ('Approved', 'Packed', 'Out for delivery') FROM orders WHERE id = ?), 0)`,
        [id],
        new NotAssignableError(id),
      ),
      { sql: 'UPDATE orders SET rider_uid = ? WHERE id = ?', args: [riderUid, id] },
      ...renumber(run),
      ...renumber(left),
    ];
    const failed = await runGuardedBatch(writer, steps);
    if (failed) throw notAssignable((await findOrder(writer, id)).orderStatus);
  });
  return findOrder(db, id);
}

/** Rider `riderUid`'s run of shop date `date`, in stop order (DESIGN.md §18 "The run"). */
export async function readRun(db: Client, riderUid: string, date: string): Promise<RunStop[]> {
  return (await listRunOrders(db, riderUid, date)).map(toRunStop);
}

/** How many of `run`'s stops before `order` are still to be delivered (not Delivered). */
const deliveriesBefore = (run: readonly Order[], order: Order): number =>
  run.filter((o) => (o.stop ?? 0) < (order.stop ?? 0) && o.orderStatus !== 'Delivered').length;

/**
 * `POST /rider/run/start`: moves the rider's Packed orders of `date` to Out for delivery, and
 * their Approved ones too, packed as ordered on the way (orders/pack.ts, as a status update does);
 * each shopper is told "on the way with <rider> — N deliveries before yours".
 * @returns how many orders went out.
 */
export async function setOut(c: Context<AppEnv>, date: string): Promise<number> {
  const { db, user } = c.var;
  const deps = refundDeps(c.var);
  const run = await listRunOrders(db, user.uid, date);
  const moved: Order[] = [];
  for (const order of run) {
    const changed =
      order.orderStatus === 'Approved'
        ? await packAsOrdered(deps, order, user.uid)
        : order.orderStatus === 'Packed'
          ? (await changeOrderStatus(db, order._id, 'Packed', 'Out for delivery', user.uid)) === 1
          : false;
    if (changed) moved.push(order);
  }
  const rider = await findRider(db, user.uid);
  const riderName = rider?.name ?? user.name ?? '';
  for (const order of moved)
    notifyOnTheWay(c, order._id, { riderName, deliveriesBefore: deliveriesBefore(run, order) });
  c.var.log.info('run started', { date, stops: run.length, out: moved.length });
  return moved.length;
}

/** The order as its rider (or an admin) may act on it: admins any, a rider only their own stops. */
async function stopFor(c: Context<AppEnv>, id: string): Promise<Order> {
  const { db, user } = c.var;
  const rider = user.isAdmin ? false : await isRiderAccount(db, user);
  if (!user.isAdmin && !rider)
    throw new ApiError(403, 'forbidden', 'Only riders and admins may do this.', undefined, { reason: 'not a rider' });
  const order = await findOrder(db, id);
  if (!user.isAdmin && order.rider?.uid !== user.uid)
    throw new ApiError(403, 'not_your_stop', 'This order is not on your run.', undefined, {
      reason: "another rider's order",
    });
  return order;
}

/** The 409 for delivering or attempting an order that is not Out for delivery. */
const notOut = (current: OrderStatus) =>
  new ApiError(
    409,
    'invalid_transition',
    `This order is ${current}; only an order out for delivery can be delivered.`,
    {
      current,
      next: current === 'Out for delivery' ? 'Delivered' : null,
    },
  );

/** The order moved on (delivered, locked or reassigned) between the read and the commit. */
class StopMovedError extends Error {
  override name = 'StopMovedError';
}

/**
 * What a delivery request does, planned from the order as read: the answer and its batch.
 * @throws ApiError 400 field `code` (a rider sent none), 409 not out, 429 locked.
 */
function planDelivery(user: RequestUser, order: Order, input: DeliveredInput, nowMs: number) {
  if (order.orderStatus !== 'Out for delivery') throw notOut(order.orderStatus);
  const admin = user.isAdmin;
  if (!admin && input.code === undefined)
    throw new ApiError(400, 'validation_failed', 'Enter the 4-digit code the shopper gives you.', {
      fields: { code: ['Enter the 4-digit code'] },
    });
  if (!admin && order.deliveryCodeLocked)
    throw new ApiError(
      429,
      'delivery_code_locked',
      'Five wrong codes: only an admin can mark this order delivered now.',
      undefined,
      { reason: 'delivery code locked' },
    );
  // Still as read: out for delivery, this rider's (an admin: anyone's), not locked for a rider.
  const still = writeGuard(
    `coalesce((SELECT order_status = 'Out for delivery' AND (? OR (rider_uid = ? AND code_failures < ?)) FROM orders WHERE id = ?), 0)`,
    [admin ? 1 : 0, user.uid, MAX_CODE_FAILURES, order._id],
    new StopMovedError(order._id),
  );
  // An admin's mark needs no code, and one sent is not checked.
  return { still, nowMs, checkCode: admin ? undefined : input.code };
}

/** The steps that mark order `id` Delivered with `cash` (Tk, null for a prepaid order), by `byUid`. */
function deliveredSteps(id: string, cash: number | null, byUid: string, nowMs: number, still: BatchStep): BatchStep[] {
  return [
    still,
    {
      sql: `UPDATE orders SET order_status = 'Delivered', cash_collected = ? WHERE id = ? AND order_status = 'Out for delivery'`,
      args: [cash, id],
    },
    {
      sql: `INSERT INTO order_status_history (order_id, status, at, by_uid)
            SELECT ?, 'Delivered', ?, ? WHERE NOT EXISTS (SELECT 1 FROM order_status_history WHERE order_id = ? AND status = 'Delivered')`,
      args: [id, nowMs, byUid, id],
    },
  ];
}

/**
 * `POST /orders/:id/delivered` (DESIGN.md §18): the assigned rider with the shopper's code (or an
 * admin, no code needed) marks the order Delivered and records the cash of a cash order
 * (`cashCollected`, else the amount to collect). A wrong code counts one failure — committed, and
 * stored as the Idempotency-Key's answer when one is sent, so a replay does not count it twice —
 * and answers 400 `wrong_delivery_code` with `details.attemptsLeft`; at 5 the code is locked
 * (429) for riders. After the delivery the shopper is told, and so is the next stop's ("you're next").
 * @returns 200 with the order as delivered (no delivery code: the caller is not its owner).
 * @throws ApiError 403 `forbidden` / `not_your_stop`, 404, 400, 409 `invalid_transition`, 429.
 */
export async function markDelivered(c: Context<AppEnv>, id: string, input: DeliveredInput): Promise<Response> {
  const { db, user } = c.var;
  await stopFor(c, id);
  let delivered = false;
  const write = async (): Promise<{ status: 200 | 400; body: unknown; statements: BatchStep[] }> => {
    const order = await findOrder(db, id);
    const plan = planDelivery(user, order, input, Date.now());
    if (plan.checkCode !== undefined) {
      const stored = await codeState(db, id);
      if (stored.code !== plan.checkCode) {
        const attemptsLeft = Math.max(0, MAX_CODE_FAILURES - stored.failures - 1);
        c.var.log.warn('wrong delivery code', { orderId: id, attemptsLeft });
        return {
          status: 400,
          body: errorBody('wrong_delivery_code', 'That is not this order’s code.', { attemptsLeft }),
          statements: [
            plan.still,
            { sql: 'UPDATE orders SET code_failures = code_failures + 1 WHERE id = ?', args: [id] },
          ],
        };
      }
    }
    const cash = order.paymentMethod === 'cod' ? (input.cashCollected ?? amountToCollect(order)) : null;
    delivered = true;
    return {
      status: 200,
      body: { _id: id, orderStatus: 'Delivered' },
      statements: deliveredSteps(id, cash, user.uid, plan.nowMs, plan.still),
    };
  };
  const refusalNow = async () => {
    const now = await findOrder(db, id);
    return now.orderStatus !== 'Out for delivery'
      ? notOut(now.orderStatus)
      : new ApiError(429, 'delivery_code_locked', 'Five wrong codes: only an admin can mark this order delivered now.');
  };
  let answer: Response | undefined;
  if (c.req.header('Idempotency-Key') !== undefined) {
    try {
      answer = await idempotentWrite(c, user.uid, input, async () => {
        try {
          return await write();
        } catch (error) {
          throw error instanceof StopMovedError ? await refusalNow() : error;
        }
      });
    } catch (error) {
      throw error instanceof StopMovedError ? await refusalNow() : error;
    }
    if (answer.status !== 200) return answer;
    if (answer.headers.get('Idempotent-Replayed') === 'true') delivered = false;
  } else {
    const result = await inWriteTurn(db, async (writer) => {
      const planned = await write();
      const failed = await runGuardedBatch(writer, planned.statements);
      if (failed) throw await refusalNow();
      return planned;
    });
    if (result.status !== 200) return c.json(result.body, 400);
  }
  const order = await findOrder(db, id);
  if (delivered) {
    c.var.log.info('order delivered', { orderId: id, byAdmin: user.isAdmin, cash: order.cashCollected ?? null });
    notifyOrderStatus(c, id, 'Delivered');
    const next = order.rider
      ? (await listRunOrders(db, order.rider.uid, deliveryDayOf(order))).find(
          (o) => o.orderStatus === 'Out for delivery' && (o.stop ?? 0) > (order.stop ?? 0),
        )
      : undefined;
    if (next && order.rider) notifyNextStop(c, next._id, { riderName: order.rider.name });
  }
  if (answer?.headers.get('Idempotent-Replayed') === 'true') c.header('Idempotent-Replayed', 'true');
  return c.json(order, 200);
}

/** Order `id`'s delivery code and how many wrong codes it has had. */
async function codeState(db: Client, id: string): Promise<{ code: string | null; failures: number }> {
  const { rows } = await db.execute({
    sql: 'SELECT delivery_code, code_failures FROM orders WHERE id = ?',
    args: [id],
  });
  const row = rows[0];
  return {
    code: row?.delivery_code == null ? null : String(row.delivery_code),
    failures: Number(row?.code_failures ?? 0),
  };
}

/**
 * `POST /orders/:id/attempt` (DESIGN.md §18): the assigned rider (or an admin) records why order
 * `id`, out for delivery, could not be delivered; it stays Out for delivery, `attempts` grows.
 * With an Idempotency-Key a replay records nothing more.
 * @returns 200 with the order. @throws ApiError 403, 404, 409 `invalid_transition` (not out).
 */
export async function recordAttempt(c: Context<AppEnv>, id: string, reason: AttemptReason): Promise<Response> {
  const { db, user } = c.var;
  await stopFor(c, id);
  const write = async () => {
    const order = await findOrder(db, id);
    if (order.orderStatus !== 'Out for delivery') throw notOut(order.orderStatus);
    const at = new Date().toISOString();
    return {
      status: 200 as const,
      body: { _id: id, attempt: { at, reason } },
      statements: [
        writeGuard(
          "coalesce((SELECT order_status = 'Out for delivery' FROM orders WHERE id = ?), 0)",
          [id],
          new StopMovedError(id),
        ),
        {
          sql: `UPDATE orders SET attempts = json_insert(attempts, '$[#]', json_object('at', ?, 'reason', ?)) WHERE id = ?`,
          args: [at, reason, id],
        },
      ] satisfies BatchStep[],
    };
  };
  const notOutNow = async () => notOut((await findOrder(db, id)).orderStatus);
  if (c.req.header('Idempotency-Key') !== undefined) {
    let res: Response;
    try {
      res = await idempotentWrite(c, user.uid, { reason }, async () => {
        try {
          return await write();
        } catch (error) {
          throw error instanceof StopMovedError ? await notOutNow() : error;
        }
      });
    } catch (error) {
      throw error instanceof StopMovedError ? await notOutNow() : error;
    }
    if (res.status !== 200) return res;
    if (res.headers.get('Idempotent-Replayed') === 'true') c.header('Idempotent-Replayed', 'true');
  } else
    await inWriteTurn(db, async (writer) => {
      const planned = await write();
      if (await runGuardedBatch(writer, planned.statements)) throw await notOutNow();
    });
  c.var.log.info('delivery attempt recorded', { orderId: id, reason });
  return c.json(await findOrder(db, id), 200);
}
