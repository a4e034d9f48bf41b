/**
 * `/api/orders` (spec §7, DESIGN.md §3). The server prices every order itself: it loads the
 * current prices of the ordered product ids, stores a line-item snapshot, computes `totalAmount`
 * with the shared pricing rule and sets `orderStatus: 'Pending'`; client totals are never read.
 */
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import type { Product } from '../contract/catalogue';
import { orderInputSchema, orderStatusUpdateSchema, type Order } from '../contract/order';
import { priceCart } from '../contract/pricing';
import { recordIdParam } from '../contract/product';
import { email } from '../contract/fields';
import { approveOrder, deleteOrder, findOrder, insertOrderStatement, listOrders } from '../db/orders';
import { findProducts } from '../db/products';
import { factory } from '../env';
import { ApiError } from '../errors';
import { idempotentWrite } from '../idempotency';
import { validate } from '../validation';

const listQuery = z.object({ email: email.optional() });

/** The `/api/orders` routes: list, place (idempotent), approve, delete. */
export const orders = factory
  .createApp()
  .get('/', requireUser, validate('query', listQuery), async (c) => {
    const { email: forEmail } = c.req.valid('query');
    const user = c.var.user;
    if (forEmail === undefined && !user.isAdmin) throw new ApiError(403, 'forbidden', 'Only admins may list every order; add ?email= for your own.');
    if (forEmail !== undefined && forEmail !== user.email && !user.isAdmin)
      throw new ApiError(403, 'forbidden', 'You can only see your own orders.');
    return c.json(await listOrders(c.var.db, { email: forEmail }));
  })
  .post('/', requireUser, validate('json', orderInputSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.var.user;
    if (input.email !== user.email) throw new ApiError(403, 'forbidden', 'Orders can only be placed with your own e-mail.', { fields: { email: ['Must be the e-mail you signed in with'] } });
    return idempotentWrite(c, user.uid, input, async () => {
      const ids = input.orderedProduct.map((line) => line._id);
      const byId = await findProducts(c.var.db, ids);
      const unknownIds = ids.filter((id) => !byId.has(id));
      if (unknownIds.length > 0) {
        const fields = Object.fromEntries(
          input.orderedProduct.flatMap((line, i) => (byId.has(line._id) ? [] : [[`orderedProduct.${i}._id`, ['Unknown product']]])),
        );
        throw new ApiError(400, 'unknown_product', `Unknown product: ${unknownIds.join(', ')}`, { fields });
      }
      const lines = input.orderedProduct.map((line) => {
        const product = byId.get(line._id) as Product;
        return { _id: line._id, name: product.name, price: product.price, image: product.image, cartQuantity: line.cartQuantity };
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
        statements: [insertOrderStatement(order, user.uid)],
      };
    });
  })
  .put('/update/:id', requireAdmin, validate('param', recordIdParam), validate('json', orderStatusUpdateSchema), async (c) => {
    const { id } = c.req.valid('param');
    await findOrder(c.var.db, id);
    return c.json({ modifiedCount: await approveOrder(c.var.db, id) });
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
    return c.json({ deletedCount: await deleteOrder(c.var.db, id, { onlyIfPending: !user.isAdmin }) });
  });
