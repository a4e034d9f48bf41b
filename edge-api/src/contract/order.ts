/**
 * Order contract (spec §3, DESIGN.md §3): the `POST /orders` body — product ids and quantities
 * only; prices, totals and status are the server's — and the stored order as the API returns it.
 */
import { z } from 'zod';
import { cartQuantityField, email, recordId, requiredText } from './fields';

export const orderStatuses = ['Pending', 'Approved'] as const;
export const paymentMethods = ['cod', 'card'] as const;
export const paymentStatuses = ['unpaid', 'paid'] as const;

export const MAX_ORDER_LINES = 100;

/** One ordered line: a product id and whole kilograms (1–100). Other fields are ignored. */
export const orderLineInputSchema = z.object({
  _id: recordId,
  cartQuantity: cartQuantityField,
});

/** Phone: 6–20 characters of digits, +, - and spaces. */
export const phoneField = z
  .string({ error: 'Required' })
  .trim()
  .regex(/^[0-9+\- ]{6,20}$/, { error: 'Enter 6–20 digits (+, - and spaces allowed)' });

/** `POST /orders` body. */
export const orderInputSchema = z.object({
  customerName: requiredText(80),
  email,
  phone: phoneField,
  address: requiredText(500),
  // The browser's locale date string (spec §3); the server's clock orders the list.
  orderDate: z.string().trim().max(100).optional(),
  paymentMethod: z.enum(paymentMethods, { error: 'Choose cod or card' }).default('cod'),
  orderedProduct: z
    .array(orderLineInputSchema, { error: 'Add at least one product' })
    .min(1, { error: 'Add at least one product' })
    .max(MAX_ORDER_LINES, { error: `At most ${MAX_ORDER_LINES} different products` })
    .refine((lines) => new Set(lines.map((l) => l._id)).size === lines.length, { error: 'Each product may appear once' }),
});

export type OrderInput = z.input<typeof orderInputSchema>;

/** A line-item snapshot stored with the order (price in Tk per kg at order time). */
export const orderLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  cartQuantity: z.number().int(),
});

/** An order as the API returns it. `totalAmount` is the subtotal in whole Tk. */
export const orderSchema = z.object({
  _id: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  orderStatus: z.enum(orderStatuses),
  totalAmount: z.number().int(),
  orderDate: z.string(),
  orderedProduct: z.array(orderLineSchema),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  createdAt: z.string(),
});

export type Order = z.infer<typeof orderSchema>;

/** `PUT /orders/update/:id` body. */
export const orderStatusUpdateSchema = z.object({ orderStatus: z.literal('Approved', { error: 'Only Approved can be set' }) });
