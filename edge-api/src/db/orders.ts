/**
 * The `orders` table (DESIGN.md §4): its SQL and its row mapper. `total_amount` is whole Tk,
 * `ordered_product` a JSON snapshot of the lines at order time, `created_at` Unix epoch ms.
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { Order } from '../contract/order';
import { ApiError } from '../errors';

const COLUMNS = `id, customer_name, email, phone, address, order_status, total_amount, order_date,
  ordered_product, payment_method, payment_status, created_at`;

/** Maps an `orders` row (the columns of this module's SELECTs) to the spec's order shape. */
export function toOrder(row: Row): Order {
  return {
    _id: String(row.id),
    customerName: String(row.customer_name),
    email: String(row.email),
    phone: String(row.phone),
    address: String(row.address),
    orderStatus: row.order_status === 'Approved' ? 'Approved' : 'Pending',
    totalAmount: Number(row.total_amount),
    orderDate: String(row.order_date),
    orderedProduct: JSON.parse(String(row.ordered_product)) as Order['orderedProduct'],
    paymentMethod: row.payment_method === 'card' ? 'card' : 'cod',
    paymentStatus: row.payment_status === 'paid' ? 'paid' : 'unpaid',
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/**
 * Loads order `id`.
 * @throws ApiError 404 `not_found` when there is no such order.
 */
export async function findOrder(db: Client, id: string): Promise<Order> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM orders WHERE id = ?`, args: [id] });
  if (!rows[0]) throw new ApiError(404, 'not_found', `No order with id ${id}.`);
  return toOrder(rows[0]);
}

/**
 * The statement {@link listOrders} runs: every order, or only `email`'s, newest first (through
 * the `orders_created` / `orders_email_created` index).
 */
export function listOrdersStatement(filter: { email?: string } = {}): InStatement {
  return filter.email === undefined
    ? `SELECT ${COLUMNS} FROM orders ORDER BY created_at DESC`
    : { sql: `SELECT ${COLUMNS} FROM orders WHERE email = ? ORDER BY created_at DESC`, args: [filter.email] };
}

/** Reads every order, or only those placed with `email`, newest first. */
export async function listOrders(db: Client, filter: { email?: string } = {}): Promise<Order[]> {
  return (await db.execute(listOrdersStatement(filter))).rows.map(toOrder);
}

/**
 * The statement that stores `order` (placed by Firebase uid `userId`) as a new row, for a
 * write batch; its `created_at` is `order.createdAt` in epoch ms.
 */
export function insertOrderStatement(order: Order, userId: string): InStatement {
  return {
    sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
            ordered_product, payment_method, payment_status, created_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [order._id, userId, order.customerName, order.email, order.phone, order.address, order.orderStatus, order.totalAmount,
      order.orderDate, JSON.stringify(order.orderedProduct), order.paymentMethod, order.paymentStatus, Date.parse(order.createdAt)],
  };
}

/**
 * Moves order `id` from Pending to Approved.
 * @returns the number of orders changed: 1, or 0 when there is none or it was already Approved.
 */
export async function approveOrder(db: Client, id: string): Promise<number> {
  return (await db.execute({ sql: "UPDATE orders SET order_status = 'Approved' WHERE id = ? AND order_status <> 'Approved'", args: [id] }))
    .rowsAffected;
}

/**
 * Deletes order `id`; with `onlyIfPending`, only while it is still Pending.
 * @returns the number of orders deleted (1 or 0).
 */
export async function deleteOrder(db: Client, id: string, options: { onlyIfPending?: boolean } = {}): Promise<number> {
  const sql = options.onlyIfPending ? "DELETE FROM orders WHERE id = ? AND order_status = 'Pending'" : 'DELETE FROM orders WHERE id = ?';
  return (await db.execute({ sql, args: [id] })).rowsAffected;
}

/** Records that unpaid order `id` is being paid by card (a paid order is left as it is). */
export async function chooseCardPayment(db: Client, id: string): Promise<void> {
  await db.execute({ sql: "UPDATE orders SET payment_method = 'card' WHERE id = ? AND payment_status = 'unpaid'", args: [id] });
}

/** Marks order `id` paid by card; an order already paid is left as it is (a replayed webhook changes nothing). */
export async function markOrderPaid(db: Client, id: string): Promise<void> {
  await db.execute({ sql: "UPDATE orders SET payment_status = 'paid', payment_method = 'card' WHERE id = ? AND payment_status = 'unpaid'", args: [id] });
}
