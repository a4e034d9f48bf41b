/**
 * `/api/payments` (DESIGN.md §3, §10): the ways to pay the shop offers now, and bKash — starting a
 * payment for the owner's unpaid bKash order, and bKash's callback (the shopper's browser sent back
 * by bKash, or the service worker delivering a callback that was lost offline), which executes the
 * payment exactly once and says how it ended.
 */
import type { Context } from 'hono';
import { z } from 'zod';
import { requireUser } from '../auth/middleware';
import { myOrdersUrl } from '../contract/my-orders';
import {
  bkashCallbackSchema,
  bkashCreateSchema,
  bkashOutcomes,
  paymentMethodsAnswerSchema,
  type PaymentMethodsAnswer,
} from '../contract/payments';
import { paymentMethods, type Order } from '../contract/order';
import { orderFor } from '../orders/access';
import { chargeOrder } from '../orders/pay';
import { paymentsNotConfigured } from '../payments/providers';
import { factory, type AppEnv } from '../env';
import { notifyPaymentCompleted } from '../push/notify';
import { ApiError } from '../http/errors';
import { validate } from '../http/validation';
import { doc } from './openapi';
import { settleBkashCallback, type BkashDeps } from '../payments/bkash-orders';

/** The methods list may be cached a little: configuration changes with a deploy, not per request. */
const PAYMENT_METHODS_CACHE_CONTROL = 'public, max-age=60';

/** The bKash flows' dependencies for request `c`. @throws ApiError 404 when bKash is not configured. */
function bkashDeps(c: Context<AppEnv>): BkashDeps {
  const bkash = c.var.bkash;
  if (!bkash) throw paymentsNotConfigured('bkash');
  return { db: c.var.db, bkash, log: c.var.log, paid: (orderId) => notifyPaymentCompleted(c, orderId) };
}

/** The `/api/payments` routes. */
export const payments = factory
  .createApp()
  // GET /payments/methods → {methods}: cash on delivery always; card with Stripe; bKash with all five BKASH_* settings.
  .get(
    '/methods',
    doc({
      summary: 'The ways to pay the shop offers now: `cod` always, `card` with Stripe, `bkash` with bKash configured',
      auth: 'anyone',
      ok: {
        status: 200,
        description: 'The methods (`Cache-Control: public, max-age=60`)',
        schema: paymentMethodsAnswerSchema,
      },
    }),
    (c) => {
      const methods = paymentMethods.filter((method) => c.var.paymentProvider(method) !== undefined);
      c.header('Cache-Control', PAYMENT_METHODS_CACHE_CONTROL);
      return c.json({ methods } satisfies PaymentMethodsAnswer);
    },
  )
  /**
   * POST /payments/bkash {orderId} → {bkashURL}; 404 `payments_not_configured` without bKash, 404
   * `not_found` for another account's order, 409 `already_paid` for an order not unpaid, 409
   * `not_bkash_order` for an order placed with another method, 503 `payment_provider_unavailable`
   * with Retry-After, 502 `payment_provider_error` with `details.bkashCode`.
   */
  .post(
    '/bkash',
    doc({
      summary: 'Start a bKash payment for your own unpaid bKash order, at the server’s total',
      auth: 'user',
      body: bkashCreateSchema,
      ok: {
        status: 200,
        description: 'bKash’s page to send the shopper to',
        schema: z.object({ bkashURL: z.string() }),
      },
      errors: [404, 409, 502],
    }),
    requireUser,
    validate('json', bkashCreateSchema),
    async (c) => {
      if (!c.var.paymentProvider('bkash')) throw paymentsNotConfigured('bkash');
      const { orderId } = c.req.valid('json');
      // Paid for by the account that placed it (DESIGN.md §3); another's order is answered as missing.
      const { order } = await orderFor(c.var, c.var.user, orderId, 'owner');
      // From the configuration, never the request's Host: bKash sends the shopper (and the state) there.
      const callbackURL = `${c.var.shopOrigin(c)}/api/payments/bkash/callback`;
      // A cash or card order is paid its own way (its owner may switch a bKash one to cash, not back).
      const notBkash = (unpaid: Order) =>
        unpaid.paymentMethod === 'bkash'
          ? undefined
          : new ApiError(
              409,
              'not_bkash_order',
              `This order is paid ${unpaid.paymentMethod === 'cod' ? 'on delivery' : 'by card'}, not with bKash.`,
              { paymentMethod: unpaid.paymentMethod },
            );
      const start = await chargeOrder(c.var, order, 'bkash', callbackURL, notBkash);
      if (start.kind !== 'redirect') throw new Error('the bKash provider answered a charge without a page to go to');
      return c.json({ bkashURL: start.url });
    },
  )
  /**
   * GET /payments/bkash/callback?paymentID=&status= (bKash, through the shopper's browser): settles
   * the payment, then 303 to My Orders `?order=&bkash=paid|failed|cancelled|pending&bkashCode=`. A
   * paymentID the shop never made, or a malformed callback, lands on My Orders with
   * `bkash=failed` and no order — never an error page. Past CALLBACKS_PER_MINUTE requests from
   * one address (both methods, http/rate-limit.ts): 429 `rate_limited` with Retry-After.
   */
  .get(
    '/bkash/callback',
    doc({
      summary:
        'bKash’s return (the shopper’s browser): executes the payment once, then 303 to `/dashboard/my-orders?order=&bkash=paid|failed|cancelled|pending&bkashCode=`',
      auth: 'anyone',
      query: bkashCallbackSchema,
      ok: { status: 303, description: 'To My Orders, saying how the payment ended', schema: z.null() },
      errors: [429],
    }),
    async (c) => {
      const parsed = bkashCallbackSchema.safeParse(c.req.query());
      c.header('Cache-Control', 'no-store');
      if (!c.var.bkash || !parsed.success) {
        c.var.log.warn('bkash callback refused', {
          reason: c.var.bkash ? 'malformed paymentID, status or state' : 'bKash is not configured',
        });
        return c.redirect(myOrdersUrl({ bkash: 'failed' }), 303);
      }
      const answer = await settleBkashCallback(bkashDeps(c), parsed.data);
      return c.redirect(
        myOrdersUrl({ order: answer.orderId, bkash: answer.outcome, bkashCode: answer.bkashCode }),
        303,
      );
    },
  )
  /**
   * POST /payments/bkash/callback {paymentID, status} → 200 {orderId?, outcome, bkashCode?}: the
   * same callback, delivered by the PWA's service worker when the browser's return from bKash was
   * lost offline. 404 `payments_not_configured` without bKash.
   */
  .post(
    '/bkash/callback',
    doc({
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
    }),
    validate('json', bkashCallbackSchema),
    async (c) => {
      const answer = await settleBkashCallback(bkashDeps(c), c.req.valid('json'));
      c.header('Cache-Control', 'no-store');
      return c.json(answer);
    },
  );
