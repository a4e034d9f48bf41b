/**
 * Order contract (spec §3, DESIGN.md §3): the `POST /orders` body — product ids and quantities
 * only; prices, totals and status are the server's — and the stored order as the API returns it.
 */
import { z } from 'zod';
import { saleUnits } from './catalogue';
import { deliveryFlow, orderStatuses, type DeliverySlot, type DeliverySlotOffer, type StatusChange } from './delivery';
import { deliveryAreaId } from './delivery-area';
import { bdMobile, cartQuantityField, email, optionalText, recordId, requiredText } from './fields';
import { MAX_LINE_NOTE, substitutions } from './line-choice';
import { attemptSchema, orderRiderSchema, payWithChoices } from './rider';

/** How an order is paid: cash on delivery, card (Stripe, DESIGN.md §6) or bKash (DESIGN.md §10). */
export const paymentMethods = ['cod', 'card', 'bkash'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/**
 * `refunded`: the payment was returned (a cancelled paid order, or a refund made at the
 * provider); `disputed`: the card holder disputed the charge (DESIGN.md §6).
 */
export const paymentStatuses = ['unpaid', 'paid', 'refunded', 'disputed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

const MAX_ORDER_LINES = 100;

/** How long a line's `name` may be: a product's name (product.ts) is at most 80 characters. */
const MAX_LINE_NAME = 80;

/** The most a quoted amount may be (Tk): far above any cart, so a typo is refused rather than stored. */
const MAX_QUOTED_TK = 10_000_000;

/** A price the shopper was shown (Tk, ≥ 0): read only to refuse an order that would cost more (DESIGN.md §16). */
const quotedTk = z
  .number({ error: 'Enter a number (Tk)' })
  .min(0, { error: 'Must be 0 or more' })
  .max(MAX_QUOTED_TK, { error: `At most ${MAX_QUOTED_TK} Tk` });

/** A line's substitution choice (DESIGN.md §17): none (the default), similar or call. */
const substitutionField = z.enum(substitutions, { error: 'Choose none, similar or call' });

/**
 * One ordered line: a product id and whole sale units (1–100). `name`, the product's name as the
 * client last saw it, is read only to name a product that is gone (deleted) in the 409
 * `out_of_stock` refusal; a name that is not such a text is dropped, not refused. `price`, the
 * price per sale unit the shopper saw (Tk), names the lines that rose in a 409 `price_changed`
 * (DESIGN.md §16); the server's price is what is charged. `substitution` and `note` are the
 * shopper's choices for packing (DESIGN.md §17). Other fields are ignored (DESIGN.md §3).
 */
const orderLineInputSchema = z.object({
  _id: recordId,
  cartQuantity: cartQuantityField,
  name: z.string().trim().min(1).max(MAX_LINE_NAME).optional().catch(undefined),
  price: quotedTk.optional(),
  substitution: substitutionField.default('none'),
  note: optionalText(MAX_LINE_NOTE),
});

/**
 * The order's e-mail: the account's own, or '' (or left out) for an account signed in with a
 * phone number, which has none (DESIGN.md §3); the route checks it is the token's.
 */
const orderEmailField = z
  .string({ error: 'Enter a valid e-mail address' })
  .trim()
  .pipe(z.union([z.literal(''), email], { error: 'Enter a valid e-mail address' }))
  .default('');

/** The parts of a Dhaka address beside its line and area (DESIGN.md §15 "Addresses"). */
export const addressDetails = {
  floor: optionalText(40),
  landmark: optionalText(120),
  // For the rider: "ring twice", "leave with the guard".
  note: optionalText(200),
};

/**
 * `POST /orders` body. The address is a Dhaka address's parts (DESIGN.md §15): `areaId` (an
 * active delivery area, else 409 area_not_served), `address` (house, road, flat: the spec's
 * field, its line), `floor`, `landmark`, `note`; the order's stored `address` is composed from
 * them with the area's name. `phone` is a BD mobile number, stored in E.164.
 */
export const orderInputSchema = z.object({
  customerName: requiredText(80),
  email: orderEmailField,
  phone: bdMobile,
  areaId: deliveryAreaId,
  address: requiredText(500),
  ...addressDetails,
  // The browser's locale date string (spec §3); the server's clock orders the list.
  orderDate: z.string().trim().max(100).optional(),
  paymentMethod: z.enum(paymentMethods, { error: 'Choose cod, card or bkash' }).default('cod'),
  // The note a cash shopper pays with (DESIGN.md §18 "Change"): cash (cod) orders only — a
  // prepaid order that sends it is refused (400, field payWith).
  payWith: z.enum(payWithChoices, { error: 'Choose exact, 500 or 1000' }).optional(),
  // The slot id the shopper chose (DESIGN.md §8); without one the server gives the earliest free slot.
  deliverySlot: z.string().trim().min(1).max(64).optional(),
  // The subtotal the shopper saw (Tk, spec §3's field): an order that would cost more is refused
  // with 409 price_changed (DESIGN.md §16); without it the server's prices are taken as they are.
  totalAmount: quotedTk.optional(),
  // Store credit (DESIGN.md §19): true spends min(balance, subtotal) of the account's credit on
  // this order, in its own batch; the order answers what it took as creditApplied.
  useCredit: z.boolean({ error: 'Use credit is true or false' }).default(false),
  orderedProduct: z
    .array(orderLineInputSchema, { error: 'Add at least one product' })
    .min(1, { error: 'Add at least one product' })
    .max(MAX_ORDER_LINES, { error: `At most ${MAX_ORDER_LINES} different products` })
    .refine((lines) => new Set(lines.map((l) => l._id)).size === lines.length, {
      error: 'Each product may appear once',
    }),
});

export type OrderInput = z.input<typeof orderInputSchema>;

/**
 * A line-item snapshot stored with the order: the product's name, price (Tk per sale unit),
 * picture, sale unit and weight tolerance (grams, null for none) at order time, the sale units
 * ordered, and the shopper's packing choices (DESIGN.md §17). A line stored before products had
 * units reads as kg, unit size 1; one stored before packing as tolerance null and substitution
 * none (db/order-row.ts).
 */
const orderLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  unit: z.enum(saleUnits),
  unitSize: z.number().int().min(1),
  weightTolerance: z.number().int().min(1).nullable(),
  cartQuantity: z.number().int(),
  substitution: substitutionField,
  note: z.string().optional(),
});

/** What was packed in place of a missing line (DESIGN.md §17): the product then, and sale units packed. */
const packedSubstituteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number().meta({ description: 'Tk per sale unit when packed' }),
  unit: z.enum(saleUnits),
  unitSize: z.number().int().min(1),
  quantity: z.number().int().min(1),
});

/**
 * One ordered line as packed (DESIGN.md §17): `found` false costs nothing; `packedGrams` is the
 * weight packed on a weighed line (null on others); `finalPrice` is what the line costs now (Tk,
 * to the poisha: the packed weight's, the substitute's, or 0).
 */
const packedLineSchema = z.object({
  _id: z.string(),
  found: z.boolean(),
  packedGrams: z.number().int().nullable(),
  finalPrice: z.number(),
  substitute: packedSubstituteSchema.optional(),
});

/** An order's packing: when it was packed and each ordered line as packed, in the order's line order. */
export const packingSchema = z.object({ packedAt: z.string(), lines: z.array(packedLineSchema) });
export type Packing = z.infer<typeof packingSchema>;
export type PackedLine = Packing['lines'][number];

/** A delivery slot as stored with an order. */
const deliverySlotSchema = z.object({
  id: z.string(),
  start: z.string(),
  end: z.string(),
  label: z.string(),
}) satisfies z.ZodType<DeliverySlot>;

/** A slot offered at checkout (`GET /delivery-slots`): `remaining` is how many more orders it takes now (0 when full). */
export const deliverySlotOfferSchema = deliverySlotSchema.extend({
  remaining: z.number().int().min(0),
}) satisfies z.ZodType<DeliverySlotOffer>;

/** One step of an order's timeline. */
const statusChangeSchema = z.object({
  status: z.enum(orderStatuses),
  at: z.string(),
}) satisfies z.ZodType<StatusChange>;

/**
 * An order as the API returns it. `totalAmount` is the subtotal in whole Tk. `statusHistory`
 * is its timeline, oldest first (Pending at the order's time). `deliverySlotChanged` is true on
 * the answer to `POST /orders` when the slot asked for was full or closed and another was given.
 * `paymentRef` is the payment's id at the provider once paid: Stripe's PaymentIntent, or bKash's `trxID`.
 */
export const orderSchema = z.object({
  _id: z.string(),
  customerName: z.string(),
  email: z.string(),
  phone: z
    .string()
    .meta({ description: 'E.164 (+8801…); an order placed before phones were checked keeps what was typed' }),
  address: z.string().meta({ description: 'Composed: line, floor, landmark, area name (DESIGN.md §15)' }),
  areaId: z.string().nullable().meta({ description: 'The delivery area; null for an order placed before areas' }),
  note: z.string().optional().meta({ description: 'The shopper’s note for the rider' }),
  shipping: z.number().meta({ description: 'The delivery fee charged (Tk), in totalAmount' }),
  orderStatus: z.enum(orderStatuses),
  totalAmount: z.number().int().meta({ description: 'The estimate at nominal weights (spec §3’s subtotal, whole Tk)' }),
  maxAmount: z.number().int().meta({
    description:
      'The most the order can cost once weighed lines are packed (whole Tk, DESIGN.md §17); prepaid orders are charged it',
  }),
  finalAmount: z
    .number()
    .int()
    .optional()
    .meta({ description: 'The final bill once packed (whole Tk, ≤ maxAmount): what a cash order collects' }),
  refundedAmount: z
    .number()
    .optional()
    .meta({ description: 'Tk returned to the payer so far (a packing’s maxAmount − finalAmount, or a cancel)' }),
  packing: packingSchema.optional(),
  orderDate: z.string(),
  orderedProduct: z.array(orderLineSchema),
  paymentMethod: z.enum(paymentMethods),
  paymentStatus: z.enum(paymentStatuses),
  // The provider's payment id (Stripe: pi_…; bKash: its trxID), for the admin; only on a paid order.
  paymentRef: z.string().optional(),
  createdAt: z.string(),
  statusHistory: z.array(statusChangeSchema),
  deliverySlot: deliverySlotSchema.nullable(),
  deliverySlotChanged: z.boolean().optional(),
  // Riders and the doorstep (DESIGN.md §18).
  payWith: z.enum(payWithChoices).optional().meta({ description: 'The note a cash shopper pays with' }),
  rider: orderRiderSchema
    .optional()
    .meta({ description: 'The assigned rider; in answers to the owner, admins and the rider' }),
  stop: z.number().int().optional().meta({ description: 'The order’s place in the rider’s run (1 = first)' }),
  deliveryCode: z
    .string()
    .optional()
    .meta({ description: 'The 4-digit proof of delivery: ONLY in answers to the order’s owner' }),
  deliveryCodeLocked: z
    .boolean()
    .optional()
    .meta({ description: 'True after 5 wrong codes: only an admin can mark it delivered' }),
  cashCollected: z.number().optional().meta({ description: 'Tk the rider recorded at the door (cash orders)' }),
  attempts: z.array(attemptSchema).optional().meta({ description: 'Failed delivery attempts, oldest first' }),
  // Store credit (DESIGN.md §19).
  creditApplied: z.number().optional().meta({
    description:
      'Tk of store credit this order took (given back if it is cancelled): the cash to collect or the charge is lowered by it',
  }),
});

export type Order = z.infer<typeof orderSchema>;

/**
 * `PUT /orders/update/:id` body: the state of the delivery flow to move to (only the next one is
 * accepted: 409 otherwise). Cancelling is `DELETE /orders/:id`, not a step of the flow.
 */
export const orderStatusUpdateSchema = z.object({
  orderStatus: z.enum(deliveryFlow, { error: `Choose one of ${deliveryFlow.join(', ')}` }),
});

/**
 * One entry of a packing (DESIGN.md §17): the ordered line's product `_id`; `found`; the grams
 * packed (`packedGrams`, whole grams, required on a found weighed line and within its tolerance);
 * and, on a line not found whose substitution allows it, the substitute's product id and sale units.
 */
const packingLineInputSchema = z.object({
  _id: recordId,
  found: z.boolean({ error: 'Found is true or false' }),
  packedGrams: z
    .number({ error: 'Enter the grams packed' })
    .int({ error: 'Enter whole grams' })
    .min(1, { error: 'Enter the grams packed' })
    .optional(),
  substituteId: recordId.optional(),
  substituteQuantity: cartQuantityField.optional(),
});

/**
 * `PUT /orders/:id/packing` body (DESIGN.md §17): one entry per ordered line. Whether the entries
 * fit the order (every line once, grams within tolerance, substitutes only where allowed and in
 * the catalogue) is checked against the order: 400 `packing_invalid` naming the lines.
 */
export const packingInputSchema = z.object({
  lines: z
    .array(packingLineInputSchema, { error: 'Send one entry per ordered line' })
    .min(1, { error: 'Send one entry per ordered line' })
    .max(MAX_ORDER_LINES, { error: `At most ${MAX_ORDER_LINES} lines` }),
});
export type PackingInput = z.input<typeof packingInputSchema>;

/** Largest page of `GET /orders`. */
const MAX_ORDERS_PAGE = 200;

/**
 * `GET /orders` query (DESIGN.md §3): `email` for one customer's orders; `limit` (default 50),
 * `cursor` (opaque, from the previous page's `Link: <…>; rel="next"`), `status`, `slot` (a slot
 * id) and `q` (matches name, e-mail or phone) for the admin's queue.
 */
export const orderListQuery = z.object({
  email: email.optional(),
  limit: z.coerce
    .number({ error: 'Enter a page size' })
    .int({ error: 'Enter a whole page size' })
    .min(1, { error: 'At least 1' })
    .max(MAX_ORDERS_PAGE, { error: `At most ${MAX_ORDERS_PAGE}` })
    .default(50),
  cursor: z.string().trim().min(1).max(200).optional(),
  status: z.enum(orderStatuses, { error: `Choose one of ${orderStatuses.join(', ')}` }).optional(),
  slot: z.string().trim().min(1).max(64).optional(),
  q: z.string().trim().min(1).max(100).optional(),
});

/** `GET /users/me/orders` query: the account's own orders, paged like `GET /orders`. */
export const myOrdersQuery = orderListQuery.pick({ limit: true, cursor: true, status: true });
