/**
 * `/api/orders` (spec §7, DESIGN.md §3). The server prices every order itself: it loads the
 * current prices of the ordered product ids, stores a line-item snapshot, computes `totalAmount`
 * with the shared pricing rule and sets `orderStatus: 'Pending'`; client totals are never read.
 */
import type { Client, Row } from '@libsql/client';
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import { orderInputSchema, orderStatusUpdateSchema, type Order } from '../contract/order';
import { priceCart } from '../contract/pricing';
import { recordIdParam } from '../contract/product';
import { email } from '../contract/fields';
import { factory } from '../env';
import { ApiError } from '../errors';
import { idempotentWrite } from '../idempotency';
import { validate } from '../validation';

const COLUMNS = `id, customer_name, email, phone, address, order_status, total_amount, order_date,
  ordered_product, payment_method, payment_status, created_at`;

/** Maps an `orders` row to the spec's order shape. */
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

/** Loads one order or throws 404. */
export async function findOrder(db: Client, id: string): Promise<Order> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM orders WHERE id = ?`, args: [id] });
  if (!rows[0]) throw new ApiError(404, 'not_found', `No order with id ${id}.`);
  return toOrder(rows[0]);
}

const listQuery = z.object({ email: email.optional() });

export const orders = factory
  .createApp()
  .get('/', requireUser, validate('query', listQuery), async (c) => {
    const { email: forEmail } = c.req.valid('query');
    const user = c.var.user;
    if (forEmail === undefined && !user.isAdmin) throw new ApiError(403, 'forbidden', 'Only admins may list every order; add ?email= for your own.');
    if (forEmail !== undefined && forEmail !== user.email && !user.isAdmin)
      throw new ApiError(403, 'forbidden', 'You can only see your own orders.');
    const { rows } = await c.var.db.execute(
      forEmail === undefined
        ? `SELECT ${COLUMNS} FROM orders ORDER BY created_at DESC`
        : { sql: `SELECT ${COLUMNS} FROM orders WHERE email = ? ORDER BY created_at DESC`, args: [forEmail] },
    );
    return c.json(rows.map(toOrder));
  })
  .post('/', requireUser, validate('json', orderInputSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.var.user;
    if (input.email !== user.email) throw new ApiError(403, 'forbidden', 'Orders can only be placed with your own e-mail.', { fields: { email: ['Must be the e-mail you signed in with'] } });
    return idempotentWrite(c, user.uid, input, async () => {
      const ids = input.orderedProduct.map((line) => line._id);
      const { rows } = await c.var.db.execute({
        sql: `SELECT id, name, price, image FROM products WHERE id IN (${ids.map(() => '?').join(', ')})`,
        args: ids,
      });
      const byId = new Map(rows.map((row) => [String(row.id), row]));
      const unknownIds = ids.filter((id) => !byId.has(id));
      if (unknownIds.length > 0) {
        const fields = Object.fromEntries(
          input.orderedProduct.flatMap((line, i) => (byId.has(line._id) ? [] : [[`orderedProduct.${i}._id`, ['Unknown product']]])),
        );
        throw new ApiError(400, 'unknown_product', `Unknown product: ${unknownIds.join(', ')}`, { fields });
      }
      const lines = input.orderedProduct.map((line) => {
        const row = byId.get(line._id) as Row;
        return { _id: line._id, name: String(row.name), price: Number(row.price), image: String(row.image), cartQuantity: line.cartQuantity };
      });
      const now = Date.now();
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
      };
      return {
        status: 201,
        body: order,
        statements: [
          {
            sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, order_status, total_amount, order_date,
                    ordered_product, payment_method, payment_status, created_at)
                  VALUES (?, ?, ?, ?, ?, ?, 'Pending', ?, ?, ?, ?, 'unpaid', ?)`,
            args: [order._id, user.uid, order.customerName, order.email, order.phone, order.address, order.totalAmount, order.orderDate,
              JSON.stringify(lines), order.paymentMethod, now],
          },
        ],
      };
    });
  })
  .put('/update/:id', requireAdmin, validate('param', recordIdParam), validate('json', orderStatusUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    await findOrder(c.var.db, id);
    const { rowsAffected } = await c.var.db.execute({
      sql: "UPDATE orders SET order_status = 'Approved' WHERE id = ? AND order_status <> 'Approved'",
      args: [id],
    });
    return c.json({ modifiedCount: rowsAffected });
  })
  .delete('/:id', requireUser, validate('param', recordIdParam), async (c) => {
    const { id } = c.req.valid('param');
    const user = c.var.user;
    const order = await findOrder(c.var.db, id);
    if (!user.isAdmin) {
      // Another customer's order is reported as missing: its existence is not theirs to know.
      if (order.email !== user.email) throw new ApiError(404, 'not_found', `No order with id ${id}.`);
      if (order.orderStatus !== 'Pending') throw new ApiError(409, 'not_pending', 'Only Pending orders can be cancelled; this one is already Approved.');
    }
    const { rowsAffected } = await c.var.db.execute({
      sql: user.isAdmin ? 'DELETE FROM orders WHERE id = ?' : "DELETE FROM orders WHERE id = ? AND order_status = 'Pending'",
      args: [id],
    });
    return c.json({ deletedCount: rowsAffected });
  });
