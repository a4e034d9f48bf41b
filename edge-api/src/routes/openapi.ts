/**
 * `GET /api/openapi.json`: the API described as OpenAPI 3.1 from the same zod schemas the routes
 * validate with (contract/*.ts, converted by zod's `z.toJSONSchema`), so a field rule changed in
 * the contract changes the document too. The routes are listed here rather than annotated in
 * each route file; routes/openapi.test.ts fails when the app has a route this list lacks, or the other
 * way round.
 */
import { z } from 'zod';
import { apiErrorCodes } from '../contract/errors';
import { email, recordId } from '../contract/fields';
import {
  deliverySlotOfferSchema,
  orderInputSchema,
  myOrdersQuery,
  orderListQuery,
  orderSchema,
  orderStatusUpdateSchema,
} from '../contract/order';
import {
  catalogueQuery,
  productInputSchema,
  productSchema,
  productStockChangeSchema,
  productUpdateSchema,
  recordIdParam,
} from '../contract/product';
import {
  DEFAULT_REVIEWS_PAGE,
  MAX_REVIEWS_PAGE,
  REVIEWS_PER_DAY,
  reviewInputSchema,
  reviewListQuery,
  reviewSchema,
} from '../contract/review';
import {
  bkashCallbackSchema,
  bkashCreateSchema,
  bkashOutcomes,
  paymentMethodsAnswerSchema,
} from '../contract/payments';
import { pushSubscriptionSchema, pushUnsubscribeSchema } from '../contract/push';
import {
  DEFAULT_SALES_DAYS,
  MAX_EXPORT_DAYS,
  MAX_SALES_DAYS,
  ordersCsvQuery,
  purchaseItemSchema,
  reportDayQuery,
  salesDaySchema,
  salesQuery,
  slotLoadSchema,
} from '../contract/report';
import { adminGrantSchema, profileSchema, profileUpdateSchema, userSchema, userUpsertSchema } from '../contract/user';
import { factory } from '../env';
import { paymentMethodChangeSchema } from './order-payment-method';

/** The API's one error body (http/errors.ts, DESIGN.md §3); `code` is one of contract/errors.ts's codes. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(apiErrorCodes).meta({ description: 'Stable, machine-readable, e.g. validation_failed' }),
    message: z.string().meta({ description: 'One sentence for the user' }),
    details: z
      .object({
        fields: z.record(z.string(), z.array(z.string())).optional(),
        products: z
          .array(
            z.object({
              _id: z.string(),
              name: z.string(),
              available: z.number().int().min(0).meta({ description: 'Sale units it can have now (0: none)' }),
            }),
          )
          .optional()
          .meta({ description: 'out_of_stock: the products that cannot be ordered now, or not as many as asked' }),
        current: z.string().optional().meta({ description: 'invalid_transition, not_pending: the order’s state now' }),
        next: z
          .string()
          .nullable()
          .optional()
          .meta({ description: 'invalid_transition: the one state it may move to (null once Delivered)' }),
        stock: z
          .number()
          .int()
          .nullable()
          .optional()
          .meta({ description: 'stock_below_zero: the units in stock now (null: not counted, taken as 0)' }),
      })
      .optional()
      .meta({
        description:
          'For validation errors, `fields` maps each invalid field (dotted path) to its messages (out_of_stock marks `orderedProduct.<i>._id` too)',
      }),
  }),
});

const catalogueDeltaSchema = z.object({
  version: z.number().int(),
  changed: z.array(productSchema),
  deleted: z.array(z.string()),
});
const modified = z.object({ modifiedCount: z.number().int() });
const deleted = z.object({ deletedCount: z.number().int() });

// Named once under components.schemas and referenced wherever a route answers them.
const components = new Map<z.ZodType, string>([
  [errorBodySchema, 'Error'],
  [productSchema, 'Product'],
  [orderSchema, 'Order'],
  [reviewSchema, 'Review'],
  [userSchema, 'User'],
  [profileSchema, 'Profile'],
]);

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Auth = 'anyone' | 'user' | 'admin' | 'stripe';

/** One route as the document describes it; `path` is Hono's (`:id`). */
export type RouteDoc = {
  method: Method;
  path: string;
  summary: string;
  auth: Auth;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Needs an `Idempotency-Key` header; a replay with the same body answers the first answer. */
  idempotent?: boolean;
  /** Answers 304 to a matching If-None-Match. */
  etag?: boolean;
  ok: { status: number; description: string; schema: z.ZodType; contentType?: string };
  /** Error statuses besides those every route of its kind has (see {@link errorsOf}). */
  errors?: number[];
};

/** Every route of the app (app.ts), in its order. */
export const routeDocs: readonly RouteDoc[] = [
  {
    method: 'get',
    path: '/api/health',
    summary: 'Liveness, with a database round trip',
    auth: 'anyone',
    ok: { status: 200, description: 'Up', schema: z.object({ ok: z.literal(true), db: z.literal('up') }) },
  },
  {
    method: 'get',
    path: '/api/products',
    summary: 'The catalogue in shop order, or with `since` only what changed after that catalogue version',
    auth: 'anyone',
    query: catalogueQuery,
    etag: true,
    ok: {
      status: 200,
      description: 'The products (header Catalogue-Version), or the delta when `since` is given',
      schema: z.union([z.array(productSchema), catalogueDeltaSchema]),
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/products',
    summary: 'Add a product',
    auth: 'admin',
    body: productInputSchema,
    ok: { status: 201, description: 'The stored product', schema: productSchema },
  },
  {
    method: 'put',
    path: '/api/products/update/:id',
    summary: 'Change any of a product’s fields',
    auth: 'admin',
    params: recordIdParam,
    body: productUpdateSchema,
    ok: { status: 200, description: 'The updated product', schema: modified.extend({ product: productSchema }) },
    errors: [404],
  },
  {
    method: 'patch',
    path: '/api/products/:id/stock',
    summary:
      'Add units to a product’s stock or take them away (`delta`), applied to the stock the server has; a product not counted starts from 0',
    auth: 'admin',
    params: recordIdParam,
    body: productStockChangeSchema,
    ok: {
      status: 200,
      description: 'The units in stock now, and the product',
      schema: z.object({ stock: z.number().int().min(0), product: productSchema }),
    },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/products/:id',
    summary: 'Delete a product',
    auth: 'admin',
    params: recordIdParam,
    ok: { status: 200, description: 'Deleted', schema: deleted },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/orders',
    summary:
      'Every order (admins; filtered by `status`, `slot`, or `q` in name, e-mail or phone), or one customer’s with `email` (that customer or an admin); newest first, `limit` a page',
    auth: 'user',
    query: orderListQuery,
    etag: true,
    ok: {
      status: 200,
      description:
        'A page of orders (`Cache-Control: private, no-cache`). When more follow, header `Link: </api/orders?…&cursor=…>; rel="next"` gives the next page; with `q` a page examines at most 2,000 orders, so it may hold fewer than `limit` (even none) and still have a next page',
      schema: z.array(orderSchema),
    },
    errors: [400, 403],
  },
  {
    method: 'get',
    path: '/api/orders/:id',
    summary:
      'One order by its id: any order for admins, else only your own (another customer’s is the same 404 as a missing one)',
    auth: 'user',
    params: recordIdParam,
    etag: true,
    ok: {
      status: 200,
      description: 'The order, as in `GET /api/orders` (`Cache-Control: private, no-cache`)',
      schema: orderSchema,
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/orders',
    summary: 'Place an order with your own e-mail; the server prices it, sets it Pending and gives it a delivery slot',
    auth: 'user',
    body: orderInputSchema,
    idempotent: true,
    ok: {
      status: 201,
      description:
        'The stored order with the server’s totalAmount and its delivery slot: the one asked for, or — when it was full, closed or unknown — the earliest free one, with `deliverySlotChanged: true` (never a refusal)',
      schema: orderSchema,
    },
    errors: [403, 404, 409],
  },
  {
    method: 'put',
    path: '/api/orders/update/:id',
    summary:
      'Move an order to its next status (Pending → Approved → Out for delivery → Delivered), recorded in its statusHistory',
    auth: 'admin',
    params: recordIdParam,
    body: orderStatusUpdateSchema,
    ok: {
      status: 200,
      description: 'Changed (1); any other state than the next is 409 invalid_transition',
      schema: modified,
    },
    errors: [404, 409],
  },
  {
    method: 'delete',
    path: '/api/orders/:id',
    summary:
      'Delete an unpaid order (admins), or cancel your own while it is Pending; a paid order is refunded and kept as Cancelled',
    auth: 'user',
    params: recordIdParam,
    ok: {
      status: 200,
      description:
        'Deleted (unpaid: deletedCount 1), or refunded and kept as Cancelled with paymentStatus refunded (paid: cancelledCount 1); both 0 for an order already Cancelled',
      schema: deleted.extend({ cancelledCount: z.number().int() }),
    },
    errors: [404, 409, 502, 503],
  },
  {
    method: 'put',
    path: '/api/orders/:id/payment-method',
    summary: 'Pay on delivery instead: your unpaid, Pending bKash order becomes cash on delivery',
    auth: 'user',
    params: recordIdParam,
    body: paymentMethodChangeSchema,
    ok: { status: 200, description: 'The order, now paymentMethod cod', schema: orderSchema },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/delivery-slots',
    summary: 'The delivery slots an order can ask for now (today’s still open and the next days’), Asia/Dhaka time',
    auth: 'anyone',
    ok: {
      status: 200,
      description: 'The slots, earliest first, with the orders each still takes (`Cache-Control: public, max-age=60`)',
      schema: z.array(deliverySlotOfferSchema),
    },
  },
  {
    method: 'get',
    path: '/api/reviews',
    summary: `The reviews, newest first, a page of \`limit\` (default ${DEFAULT_REVIEWS_PAGE}, at most ${MAX_REVIEWS_PAGE})`,
    auth: 'anyone',
    query: reviewListQuery,
    etag: true,
    ok: {
      status: 200,
      description:
        'A page of reviews (no e-mail). When more follow, header `Link: </api/reviews?limit=…&cursor=…>; rel="next"` gives the next page',
      schema: z.array(reviewSchema),
    },
    errors: [400],
  },
  {
    method: 'post',
    path: '/api/reviews',
    summary: `Post a review (an \`https:\` picture or none); the name comes from the token; at most ${REVIEWS_PER_DAY} per account in any 24 hours`,
    auth: 'user',
    body: reviewInputSchema,
    idempotent: true,
    ok: { status: 201, description: 'The stored review', schema: reviewSchema },
  },
  {
    method: 'delete',
    path: '/api/reviews/:id',
    summary: 'Delete a review',
    auth: 'admin',
    params: recordIdParam,
    ok: { status: 200, description: 'Deleted', schema: deleted },
    errors: [404],
  },
  {
    method: 'put',
    path: '/api/users/admin',
    summary: 'Make a user an admin',
    auth: 'admin',
    body: adminGrantSchema,
    ok: { status: 200, description: '1, or 0 for an unknown user or one already admin', schema: modified },
  },
  {
    method: 'get',
    path: '/api/users/me',
    summary: 'Your account’s profile: name, saved phone and addresses, and the effective admin flag',
    auth: 'user',
    ok: { status: 200, description: 'The profile', schema: profileSchema },
  },
  {
    method: 'put',
    path: '/api/users/me',
    summary: 'Change your name, saved phone (null clears it) or saved addresses (the whole list, at most 5)',
    auth: 'user',
    body: profileUpdateSchema,
    ok: { status: 200, description: 'The saved profile', schema: profileSchema },
    errors: [400],
  },
  {
    method: 'put',
    path: '/api/users',
    summary: 'Save your own profile',
    auth: 'user',
    body: userUpsertSchema,
    ok: { status: 200, description: 'The saved profile', schema: userSchema },
    errors: [403],
  },
  {
    method: 'post',
    path: '/api/users',
    summary: 'Save your own profile (as PUT)',
    auth: 'user',
    body: userUpsertSchema,
    ok: { status: 200, description: 'The saved profile', schema: userSchema },
    errors: [403],
  },
  {
    method: 'get',
    path: '/api/users/:email',
    summary: 'A profile: your own, or anyone’s for admins',
    auth: 'user',
    params: z.object({ email }),
    ok: { status: 200, description: 'The profile', schema: userSchema },
    errors: [400, 403, 404],
  },
  {
    method: 'get',
    path: '/api/users/me/orders',
    summary:
      'Your own orders (by account, whatever the sign-in: e-mail, Google, phone number), newest first, optionally of one `status`; `limit` a page',
    auth: 'user',
    query: myOrdersQuery,
    etag: true,
    ok: {
      status: 200,
      description:
        'A page of orders (`Cache-Control: private, no-cache`). When more follow, header `Link: </api/users/me/orders?…&cursor=…>; rel="next"` gives the next page',
      schema: z.array(orderSchema),
    },
    errors: [400],
  },
  {
    method: 'get',
    path: '/api/reports/sales',
    summary: `Orders and revenue (sum of totalAmount, Tk; cancelled orders left out) per Asia/Dhaka day for the last \`days\` days (default ${DEFAULT_SALES_DAYS}, at most ${MAX_SALES_DAYS}), today included`,
    auth: 'admin',
    query: salesQuery,
    ok: {
      status: 200,
      description: 'One entry per day, oldest first, today last; days without orders as zeros',
      schema: z.array(salesDaySchema),
    },
  },
  {
    method: 'get',
    path: '/api/reports/purchase-list',
    summary:
      'The sale units to buy and pack for the deliveries of one Asia/Dhaka date: every order not cancelled in a slot of that day (without a slot: placed that day), summed per product and unit, sorted by name',
    auth: 'admin',
    query: reportDayQuery,
    ok: { status: 200, description: 'The products of the day', schema: z.array(purchaseItemSchema) },
  },
  {
    method: 'get',
    path: '/api/reports/slots',
    summary: 'The delivery slots of one Asia/Dhaka date with their orders (not cancelled) and the places left',
    auth: 'admin',
    query: reportDayQuery,
    ok: { status: 200, description: 'The day’s slots, earliest first', schema: z.array(slotLoadSchema) },
  },
  {
    method: 'get',
    path: '/api/reports/orders.csv',
    summary: `Every order placed in the Asia/Dhaka dates \`from\`–\`to\` (at most ${MAX_EXPORT_DAYS} days) as RFC 4180 CSV for the shop’s accounts`,
    auth: 'admin',
    query: ordersCsvQuery,
    ok: {
      status: 200,
      description:
        'A download (`Content-Disposition: attachment`), UTF-8 with a byte-order mark, CRLF, header row: order id, placed at, customer name, phone, address, slot, status, payment method, payment status, total (Tk), lines. Cells starting with = + - @ (or a tab or CR) begin with a quote mark (CSV injection)',
      schema: z.string(),
      contentType: 'text/csv',
    },
  },
  {
    method: 'post',
    path: '/api/checkout',
    summary: 'Start a card payment (embedded Stripe Checkout) for your own order, at the server’s total',
    auth: 'user',
    body: z.object({ orderId: recordId }),
    ok: {
      status: 200,
      description: 'The Checkout session',
      schema: z.object({ sessionId: z.string(), clientSecret: z.string() }),
    },
    errors: [404, 409, 502],
  },
  {
    method: 'post',
    path: '/api/stripe/webhook',
    summary:
      'Stripe’s payment events (signed): marks the order paid when amount, currency and mode match it, and refunds once a payment the order cannot keep (its order deleted or cancelled, or already paid by another); follows refunds and disputes; 200 for every signed event, 502 when such a refund could not be asked (Stripe sends the event again)',
    auth: 'stripe',
    ok: { status: 200, description: 'Received', schema: z.object({ received: z.literal(true) }) },
    errors: [400, 404, 502],
  },
  {
    method: 'get',
    path: '/api/payments/methods',
    summary: 'The ways to pay the shop offers now: `cod` always, `card` with Stripe, `bkash` with bKash configured',
    auth: 'anyone',
    ok: {
      status: 200,
      description: 'The methods (`Cache-Control: public, max-age=60`)',
      schema: paymentMethodsAnswerSchema,
    },
  },
  {
    method: 'post',
    path: '/api/payments/bkash',
    summary: 'Start a bKash payment for your own unpaid bKash order, at the server’s total',
    auth: 'user',
    body: bkashCreateSchema,
    ok: { status: 200, description: 'bKash’s page to send the shopper to', schema: z.object({ bkashURL: z.string() }) },
    errors: [404, 409, 502],
  },
  {
    method: 'get',
    path: '/api/payments/bkash/callback',
    summary:
      'bKash’s return (the shopper’s browser): executes the payment once, then 303 to `/dashboard/my-orders?order=&bkash=paid|failed|cancelled|pending&bkashCode=`',
    auth: 'anyone',
    query: bkashCallbackSchema,
    ok: { status: 303, description: 'To My Orders, saying how the payment ended', schema: z.null() },
  },
  {
    method: 'post',
    path: '/api/payments/bkash/callback',
    summary: 'bKash’s return delivered later (a callback the browser lost offline): executes the payment once',
    auth: 'anyone',
    body: bkashCallbackSchema,
    ok: {
      status: 200,
      description: 'How the payment ended; `orderId` absent for a payment the shop never created',
      schema: z.object({
        orderId: z.string().optional(),
        outcome: z.enum(bkashOutcomes),
        bkashCode: z.string().optional().meta({ description: 'bKash’s statusCode when bKash refused, e.g. 2023' }),
      }),
    },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/openapi.json',
    summary: 'This document',
    auth: 'anyone',
    ok: { status: 200, description: 'OpenAPI 3.1', schema: z.object({ openapi: z.string() }).loose() },
  },
  {
    method: 'get',
    path: '/api/push/public-key',
    summary: 'The VAPID public key (base64url) a browser subscribes with; 404 push_not_configured when push is off',
    auth: 'anyone',
    ok: { status: 200, description: 'The key', schema: z.object({ publicKey: z.string() }) },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/push/subscriptions',
    summary:
      'Keep this browser’s push subscription for your account (an https: endpoint of an allowed push service), with the language to notify in',
    auth: 'user',
    body: pushSubscriptionSchema,
    ok: { status: 201, description: 'Kept', schema: z.object({ endpoint: z.string() }) },
    errors: [400, 404],
  },
  {
    method: 'delete',
    path: '/api/push/subscriptions',
    summary: 'Remove one of your push subscriptions, by endpoint',
    auth: 'user',
    body: pushUnsubscribeSchema,
    ok: { status: 200, description: 'How many were removed (0 or 1)', schema: deleted },
    errors: [400, 404],
  },
];

const errorDescriptions: Record<number, string> = {
  400: 'Invalid request: `error.details.fields` maps each invalid field to its messages (also a missing Idempotency-Key)',
  401: 'No bearer token, or an invalid or expired one: sign in again',
  403: 'Signed in but not allowed (not an admin, or not your own e-mail)',
  404: 'No such record, or a feature that is switched off (`payments_not_configured`: card without Stripe keys, or bKash without its settings)',
  409: 'Conflicts with the current state: an order no longer Pending, already paid, a status change other than to the next state (`invalid_transition`), products out of stock (`out_of_stock`), too many open orders (`too_many_open_orders`, `details.limit`), paying with bKash an order placed with another method (`not_bkash_order`), stock that would go below 0 (`stock_below_zero`, `details.stock`)',
  413: 'Body larger than 64 KB',
  422: 'Idempotency-Key already used with a different body',
  429: 'Too many writes; try again after Retry-After seconds (`rate_limited`), or too many reviews from one account in 24 hours (`too_many_reviews`, `details.limit`: not worth retrying the same review)',
  500: 'Unexpected error (no internals; the message has a request id)',
  502: 'The payment provider failed or refused (`payment_provider_error`; bKash’s statusCode in `details.bkashCode`)',
  503: 'The database cannot be reached (`database_unavailable`) or is locked by another connection (`database_busy`), or the sign-in key server cannot be reached (`auth_unavailable`), or bKash does not answer (`payment_provider_unavailable`); try again after Retry-After seconds',
};

/** The error statuses `route` can answer: its own plus those of its kind (writes, sign-in, idempotency). */
export function errorsOf(route: RouteDoc): number[] {
  const statuses = new Set([...(route.errors ?? []), 500, 503]);
  const add = (...more: number[]) => more.forEach((status) => statuses.add(status));
  if (route.method !== 'get') add(413, 429);
  if (route.body || route.params || route.query) add(400);
  if (route.auth === 'user' || route.auth === 'admin') add(401);
  if (route.auth === 'admin') add(403);
  if (route.idempotent) add(400, 422);
  return [...statuses].sort((a, b) => a - b);
}

function inlineSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  // Refinements (e.g. "each product once") are not expressible and are left out; the API still applies them.
  const json: Record<string, unknown> = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  delete json.$schema; // the document's dialect is OpenAPI 3.1's own (JSON Schema 2020-12)
  return json;
}

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const name = components.get(schema);
  if (name) return { $ref: `#/components/schemas/${name}` };
  if (schema instanceof z.ZodArray) return { type: 'array', items: jsonSchema(schema.element as z.ZodType, io) };
  return inlineSchema(schema, io);
}

function parameters(location: 'path' | 'query', schema: z.ZodObject | undefined) {
  if (!schema) return [];
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

/** Hono's `/orders/:id` as OpenAPI's `/orders/{id}`. */
export const openApiPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

function operation(route: RouteDoc) {
  const errorResponses = Object.fromEntries(
    errorsOf(route).map((status) => [
      String(status),
      {
        description: errorDescriptions[status] ?? 'Error',
        content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
      },
    ]),
  );
  return {
    operationId: `${route.method}${openApiPath(route.path).replace(/[^a-z0-9]+/gi, '_')}`,
    summary: route.summary,
    tags: [route.path.split('/')[2] ?? 'api'],
    ...(route.auth === 'user' || route.auth === 'admin' ? { security: [{ firebaseIdToken: [] }] } : {}),
    parameters: [
      ...parameters('path', route.params),
      ...parameters('query', route.query),
      ...(route.idempotent
        ? [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: true,
              description: 'A fresh UUID per order or review; a replay answers the first answer',
              schema: { type: 'string', maxLength: 200 },
            },
          ]
        : []),
      ...(route.etag ? [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' } }] : []),
      ...(route.auth === 'stripe'
        ? [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' } }]
        : []),
    ],
    ...(route.body
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
        }
      : {}),
    responses: {
      [String(route.ok.status)]: {
        description: route.ok.description,
        content: { [route.ok.contentType ?? 'application/json']: { schema: jsonSchema(route.ok.schema, 'output') } },
      },
      ...(route.etag ? { '304': { description: 'Not modified (If-None-Match matched the ETag)' } } : {}),
      ...errorResponses,
    },
  };
}

/** The OpenAPI 3.1 document of {@link routeDocs}. */
export function openApiDocument() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routeDocs) (paths[openApiPath(route.path)] ??= {})[route.method] = operation(route);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Taza Haat API',
      version: '1',
      description:
        'Fresh vegetables and fruit, priced in Tk per sale unit (a kg, a 250 g pack, a bundle…). Errors are always `{"error":{"code","message","details"?}}`.',
    },
    paths,
    components: {
      schemas: Object.fromEntries([...components].map(([schema, name]) => [name, inlineSchema(schema, 'output')])),
      securitySchemes: {
        firebaseIdToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'A Firebase Auth ID token',
        },
      },
    },
  };
}

let document: ReturnType<typeof openApiDocument> | undefined;

/** `GET /api/openapi.json`, built on the first request (not at start-up, which Workers bill). */
export const openapi = factory.createApp().get('/', (c) => c.json((document ??= openApiDocument())));
