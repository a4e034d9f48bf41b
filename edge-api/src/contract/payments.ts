/**
 * Payment contract (DESIGN.md §3, §10): the ways to pay the shop offers now (`GET
 * /payments/methods`), and bKash's return — how a payment ended, as the callback's redirect to My
 * Orders (`?order=&bkash=&bkashCode=`) and its JSON answer (the service worker's delivery of a
 * callback lost offline) say it.
 */
import { z } from 'zod';
import { paymentMethods } from './order';
import { recordId } from './fields';

/** `GET /payments/methods` answer: `cod` always, `card` with Stripe, `bkash` with bKash configured. */
export const paymentMethodsAnswerSchema = z.object({ methods: z.array(z.enum(paymentMethods)) });
export type PaymentMethodsAnswer = z.infer<typeof paymentMethodsAnswerSchema>;

/** `POST /payments/bkash` body: the order to pay. */
export const bkashCreateSchema = z.object({ orderId: recordId });
/** `POST /payments/bkash` answer: bKash's page to send the shopper to. */
export type BkashCreateAnswer = { bkashURL: string };

/** What bKash says the shopper did on its page (the callback's `status`). */
export const bkashCallbackStatuses = ['success', 'failure', 'cancel'] as const;

/** `GET /payments/bkash/callback` query and `POST /payments/bkash/callback` body. */
export const bkashCallbackSchema = z.object({
  paymentID: z.string().trim().min(1, { error: 'Required' }).max(100),
  status: z.enum(bkashCallbackStatuses, { error: `Choose one of ${bkashCallbackStatuses.join(', ')}` }),
  /** The `state` the shop put in the payment's callbackURL: proof that the return is the payer's. */
  state: z.string().trim().min(1, { error: 'Required' }).max(100),
});

/**
 * How a bKash payment ended for the shopper: `paid`; `failed` (refused, insufficient balance, an
 * amount that did not match…); `cancelled` on bKash's page; `pending` (bKash did not answer the
 * execute in time and its status could not settle it yet: My Orders asks again later).
 */
export const bkashOutcomes = ['paid', 'failed', 'cancelled', 'pending'] as const;
export type BkashOutcome = (typeof bkashOutcomes)[number];

/**
 * `POST /payments/bkash/callback` answer: the order (absent for a paymentID the shop never
 * created), the outcome, and bKash's statusCode when bKash refused (e.g. 2023 insufficient
 * balance, 2056 invalid payment state, 2062 already completed, 2117) — not an API error code: the
 * PWA says it in the shopper's language.
 */
export type BkashCallbackAnswer = { orderId?: string; outcome: BkashOutcome; bkashCode?: string };
