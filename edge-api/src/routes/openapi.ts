/**
 * `GET /api/openapi.json`: the API described as OpenAPI 3.1 from the same zod schemas the routes
 * validate with (contract/*.ts, converted by zod's `z.toJSONSchema`), so a field rule changed in
 * the contract changes the document too. Each route carries its own description beside its
 * handler, `doc({...})` (hono-openapi's `describeRoute` underneath); the document is collected
 * from the app's routes, so a route without one is missing from it, and routes/openapi.test.ts
 * fails.
 */
import type { Hono, MiddlewareHandler } from 'hono';
import { describeRoute, generateSpecs, type DescribeRouteOptions } from 'hono-openapi';
import { z } from 'zod';
import { deliveryAreaSchema } from '../contract/delivery-area';
import { apiErrorCodes } from '../contract/errors';
import { orderSchema } from '../contract/order';
import { productSchema } from '../contract/product';
import { reviewSchema } from '../contract/review';
import { profileSchema, userSchema } from '../contract/user';
import { factory, type AppEnv } from '../env';

/** The API's one error body (http/errors.ts, DESIGN.md §3); `code` is one of contract/errors.ts's codes. */
const errorBodySchema = z.object({
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
        areaId: z
          .string()
          .optional()
          .meta({ description: 'area_not_served: the delivery area asked for (unknown, or switched off)' }),
        minimumOrder: z
          .number()
          .optional()
          .meta({ description: 'below_minimum: the area’s minimum order (Tk of goods, before shipping and tax)' }),
        cartTotal: z.number().optional().meta({ description: 'below_minimum: the order’s goods (Tk)' }),
        quotedTotal: z.number().optional().meta({ description: 'price_changed: the subtotal the shopper saw (Tk)' }),
        totalAmount: z.number().optional().meta({ description: 'price_changed: today’s subtotal (Tk)' }),
        attemptsLeft: z
          .number()
          .int()
          .optional()
          .meta({ description: 'wrong_delivery_code: wrong codes left before the code locks (429)' }),
        riderUid: z.string().optional().meta({ description: 'not_a_rider: the uid named' }),
        lines: z
          .array(z.object({ _id: z.string(), name: z.string(), quoted: z.number(), price: z.number() }))
          .optional()
          .meta({ description: 'price_changed: the lines whose price rose, quoted and today’s (Tk per sale unit)' }),
        shipping: z
          .object({ quoted: z.number(), price: z.number() })
          .optional()
          .meta({ description: 'price_changed: the delivery fee quoted and today’s (Tk), when the area’s fee rose' }),
      })
      .optional()
      .meta({
        description:
          'For validation errors, `fields` maps each invalid field (dotted path) to its messages (out_of_stock marks `orderedProduct.<i>._id` too)',
      }),
  }),
});

/** `{modifiedCount}`: the answer of an update. */
export const modifiedAnswer = z.object({ modifiedCount: z.number().int() });
/** `{deletedCount}`: the answer of a delete. */
export const deletedAnswer = z.object({ deletedCount: z.number().int() });

// Named once under components.schemas and referenced wherever a route answers them.
const components = new Map<z.ZodType, string>([
  [errorBodySchema, 'Error'],
  [productSchema, 'Product'],
  [orderSchema, 'Order'],
  [reviewSchema, 'Review'],
  [userSchema, 'User'],
  [profileSchema, 'Profile'],
  [deliveryAreaSchema, 'DeliveryArea'],
]);

/** Who may call a route: `rider` is an account an admin named a rider (DESIGN.md §18). */
type Auth = 'anyone' | 'user' | 'admin' | 'rider' | 'stripe';

/** One route as the document describes it; its method and path are the route's own. */
export type RouteDoc = {
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

const errorDescriptions: Record<number, string> = {
  400: 'Invalid request: `error.details.fields` maps each invalid field to its messages (also a missing Idempotency-Key); a packing that does not fit its order (`packing_invalid`, `details.lines`: `[{_id, reason, min?, max?}]`); a wrong delivery code (`wrong_delivery_code`, `details.attemptsLeft`); a problem’s lines that do not fit its order (`problem_invalid`, `details.lines`: `[{_id, reason, max?, name?}]`)',
  401: 'No bearer token, or an invalid or expired one: sign in again',
  403: 'Signed in but not allowed (not an admin or a rider, not your own e-mail, or another rider’s order: `not_your_stop`)',
  404: 'No such record, or a feature that is switched off (`payments_not_configured`: card without Stripe keys, or bKash without its settings)',
  409: 'Conflicts with the current state: an order no longer Pending, already paid, a status change other than to the next state (`invalid_transition`), an order packed already (`already_packed`), products out of stock (`out_of_stock`), too many open orders (`too_many_open_orders`, `details.limit`), paying with bKash an order placed with another method (`not_bkash_order`), stock that would go below 0 (`stock_below_zero`, `details.stock`), a delivery area not served (`area_not_served`, `details.areaId`), goods below the area’s minimum order (`below_minimum`, `details.minimumOrder` and `details.cartTotal`), an order that cannot be given to a rider (`not_assignable`, `details.current`) or an account that is not a rider (`not_a_rider`), a problem reported on an order not delivered (`not_delivered`) or more than 48 h after (`too_late`), a problem decided already (`already_decided`) or a refund asked on an order not paid by bKash or card (`not_prepaid`)',
  413: 'Body larger than 64 KB (a problem photo: 150 KB, `details.maxBytes`)',
  415: 'A problem photo that is not JPEG or WebP by its Content-Type and its bytes, or has markup in it (`unsupported_photo`)',
  422: 'Idempotency-Key already used with a different body',
  429: 'Too many writes, or too many requests to the bKash callback from one address; try again after Retry-After seconds (`rate_limited`), or too many reviews from one account in 24 hours (`too_many_reviews`, `details.limit`: not worth retrying the same review), or five wrong delivery codes (`delivery_code_locked`: only an admin can mark the order delivered)',
  500: 'Unexpected error (no internals; the message has a request id)',
  502: 'The payment provider failed or refused (`payment_provider_error`; bKash’s statusCode in `details.bkashCode`)',
  503: 'The database cannot be reached (`database_unavailable`) or is locked by another connection (`database_busy`), or the sign-in key server cannot be reached (`auth_unavailable`), or bKash does not answer (`payment_provider_unavailable`); try again after Retry-After seconds',
};

/** What every write (any method but GET) can also answer: its body is limited, and so are writes per minute. */
const WRITE_ERRORS = [413, 429];

/**
 * The error statuses `route` can answer: its own plus those of its kind (sign-in, admin,
 * validation, idempotency). A write's {@link WRITE_ERRORS} are added by its method when the
 * document is collected.
 */
function errorsOf(route: RouteDoc): number[] {
  const statuses = new Set([...(route.errors ?? []), 500, 503]);
  const add = (...more: number[]) => more.forEach((status) => statuses.add(status));
  if (route.body || route.params || route.query) add(400);
  if (route.auth === 'user' || route.auth === 'admin' || route.auth === 'rider') add(401);
  if (route.auth === 'admin' || route.auth === 'rider') add(403);
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

type Parameter = NonNullable<DescribeRouteOptions['parameters']>[number];

function parameters(location: 'path' | 'query', schema: z.ZodObject | undefined): Parameter[] {
  if (!schema) return [];
  const { properties = {}, required = [] } = z.toJSONSchema(schema, { io: 'input' }) as {
    properties?: Record<string, Extract<Parameter, { in: string }>['schema']>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.includes(name),
    schema: property,
  }));
}

/** The error answers `statuses`, each with the one error body. */
function errorResponses(statuses: readonly number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: errorDescriptions[status] ?? 'Error',
        content: { 'application/json': { schema: jsonSchema(errorBodySchema, 'output') } },
      },
    ]),
  );
}

/** `route` as an OpenAPI operation, but for what its method and path give (see {@link openApiDocument}). */
function operation(route: RouteDoc): DescribeRouteOptions {
  return {
    summary: route.summary,
    ...(route.auth === 'user' || route.auth === 'admin' || route.auth === 'rider'
      ? { security: [{ firebaseIdToken: [] }] }
      : {}),
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
              schema: { type: 'string' as const, maxLength: 200 },
            },
          ]
        : []),
      ...(route.etag
        ? [{ name: 'If-None-Match', in: 'header', required: false, schema: { type: 'string' as const } }]
        : []),
      ...(route.auth === 'stripe'
        ? [{ name: 'Stripe-Signature', in: 'header', required: true, schema: { type: 'string' as const } }]
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
      ...errorResponses(errorsOf(route)),
    },
  };
}

/**
 * The route's description, placed first among its handlers: `.get('/', doc({...}), handler)`.
 * Takes the compact {@link RouteDoc}; returns hono-openapi's `describeRoute` middleware, which
 * does nothing on a request and which {@link openApiDocument} collects.
 */
export function doc(route: RouteDoc): MiddlewareHandler {
  return describeRoute(operation(route));
}

/**
 * The OpenAPI 3.1 document of `app`'s routes (paths as the app serves them, e.g. `/api/orders/{id}`),
 * from the `doc({...})` each route carries; routes without one are left out.
 */
async function openApiDocument(app: Hono<AppEnv>) {
  const writeErrors = { responses: errorResponses(WRITE_ERRORS) };
  const document = await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Taza Haat API',
        version: '1',
        description:
          'Fresh vegetables and fruit, priced in Tk per sale unit (a kg, a 250 g pack, a bundle…). Errors are always `{"error":{"code","message","details"?}}`.',
      },
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
    },
    // `/api/openapi.json` and `/api/reports/orders.csv` are routes, not static files.
    excludeStaticFile: false,
    defaultOptions: { POST: writeErrors, PUT: writeErrors, PATCH: writeErrors, DELETE: writeErrors },
  });
  // What a route's description cannot know, since it learns its full path only where it is mounted.
  for (const [path, methods] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(methods) as [string, { operationId?: string; tags?: string[] }][]) {
      op.operationId = `${method}${path.replace(/[^a-z0-9]+/gi, '_')}`;
      op.tags = [path.split('/')[2] ?? 'api'];
    }
  return document;
}

/**
 * `GET /api/openapi.json` of `app` (the whole app, whose routes are read on the first request, not
 * at start-up, which Workers bill); the document is then kept for the app's life.
 */
export function openApiRoute(app: Hono<AppEnv>) {
  let document: ReturnType<typeof openApiDocument> | undefined;
  return factory.createApp().get(
    '/',
    doc({
      summary: 'This document',
      auth: 'anyone',
      ok: { status: 200, description: 'OpenAPI 3.1', schema: z.object({ openapi: z.string() }).loose() },
    }),
    async (c) => {
      document ??= openApiDocument(app).catch((error: unknown) => {
        document = undefined; // a failure is not kept: the next request tries again
        throw error;
      });
      return c.json(await document);
    },
  );
}
