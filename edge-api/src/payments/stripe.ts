/**
 * Stripe card payments (DESIGN.md §6): an embedded Checkout Session for an order, priced from
 * the order the server stored (subtotal × 100 poisha, currency BDT, spec §9), and webhook
 * verification that works on Node and Workers (constructEventAsync with SubtleCrypto), and the
 * full refund of a cancelled paid order (DESIGN.md §6).
 * Stripe docs: "Build an embedded checkout page", "Idempotent requests", "Webhook signatures",
 * "Refunds".
 */
import type { Client } from '@libsql/client';
import Stripe from 'stripe';
import { chargePoisha } from '../orders/amount-due';
import type { Order } from '../contract/order';
import { chooseCardPayment } from '../db/order-payments';
import { ApiError } from '../http/errors';
import { ProviderRefusedError, ProviderUnavailableError, type PaymentProvider } from './provider';

/** A Stripe client using fetch (Node and Workers alike); `network` points it elsewhere in tests. */
export function createStripe(
  secretKey: string,
  network: { host?: string; port?: number; protocol?: 'http' | 'https' } = {},
): Stripe {
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2, ...network });
}

/**
 * Creates (or, for the same order and amount, returns again — the idempotency key) the
 * embedded Checkout Session that charges what `order` owes: its maxAmount less the store credit it
 * took, Tk (DESIGN.md §17, §19; orders/amount-due.ts).
 * @returns the session id and the client secret the browser mounts.
 */
async function createOrderCheckout(stripe: Stripe, order: Order): Promise<{ sessionId: string; clientSecret: string }> {
  // A prepaid order is charged its ceiling less its store credit (DESIGN.md §17, §19); packing
  // refunds what it does not cost.
  const amount = chargePoisha(order);
  const session = await stripe.checkout.sessions.create(
    {
      ui_mode: 'embedded_page',
      mode: 'payment',
      redirect_on_completion: 'never',
      currency: 'bdt',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'bdt',
            unit_amount: amount,
            product_data: {
              name: `Taza Haat order ${order._id.slice(0, 8)} (${order.orderedProduct.length} products)`,
            },
          },
        },
      ],
      // A phone account's order has no e-mail: Stripe's page asks for one then.
      customer_email: order.email || undefined,
      billing_address_collection: 'required',
      shipping_address_collection: { allowed_countries: ['BD'] },
      client_reference_id: order._id,
      metadata: { orderId: order._id },
      payment_intent_data: { metadata: { orderId: order._id } },
    },
    { idempotencyKey: `checkout-${order._id}-${amount}` },
  );
  if (!session.client_secret) throw new Error('Stripe returned a session without a client secret');
  return { sessionId: session.id, clientSecret: session.client_secret };
}

/** What a refund at Stripe came to: the refund's id and status, or `alreadyRefunded` (no new refund). */
export type RefundResult = { refundId: string | null; status: string; alreadyRefunded: boolean };

/**
 * Refunds `amount` poisha of PaymentIntent `paymentIntent` (all of it when absent) under
 * `idempotencyKey` (Stripe "Create a refund",
 * "Idempotent requests": the same key within 24 hours answers the first refund again, never a
 * second one). A charge Stripe says is already refunded counts as refunded (`alreadyRefunded`):
 * the money is back with the card holder either way, also once the key has expired.
 * @throws Stripe's error for any other refusal or failure.
 */
async function createRefund(
  stripe: Stripe,
  paymentIntent: string,
  idempotencyKey: string,
  reason: Stripe.RefundCreateParams.Reason,
  orderId: string,
  amount?: number,
): Promise<RefundResult> {
  try {
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntent, ...(amount === undefined ? {} : { amount }), reason, metadata: { orderId } },
      { idempotencyKey },
    );
    return { refundId: refund.id, status: refund.status ?? 'pending', alreadyRefunded: false };
  } catch (error) {
    if ((error as { code?: unknown }).code === 'charge_already_refunded')
      return { refundId: null, status: 'succeeded', alreadyRefunded: true };
    throw error;
  }
}

/** A Stripe error as a log may name it: its type and code (e.g. `StripeInvalidRequestError email_invalid`), never its message. */
export function stripeErrorName(error: unknown): string {
  const { type, code } = (typeof error === 'object' && error !== null ? error : {}) as {
    type?: unknown;
    code?: unknown;
  };
  const name = typeof type === 'string' ? type : error instanceof Error ? error.name : 'unknown error';
  return typeof code === 'string' ? `${name} ${code}` : name;
}

/** Stripe's error types that say it could not be asked or did not answer: the outcome is unknown. */
const UNAVAILABLE = new Set(['StripeConnectionError', 'StripeAPIError', 'StripeRateLimitError']);

/**
 * Card payments as a {@link PaymentProvider}: a charge is an embedded Checkout Session for the
 * order's total, the order then marked as paid by card; a refund is Stripe's "Create a refund" of
 * `amountPoisha` under the ledger's refund id as its idempotency key, so a retry after a crash or
 * a lost answer is the same refund at Stripe; a charge already refunded counts as refunded.
 */
export function stripeProvider(deps: { db: Client; stripe: Stripe }): PaymentProvider {
  const { db, stripe } = deps;
  return {
    method: 'card',
    async charge(order) {
      let session;
      try {
        session = await createOrderCheckout(stripe, order);
      } catch (error) {
        // Logged at warn by onError with this reason: Stripe's error type and code only, as its
        // message may quote what was sent (an invalid customer e-mail) or part of the key.
        throw new ApiError(
          502,
          'payment_provider_error',
          'The card payment could not be started. Try again, or pay cash on delivery.',
          undefined,
          { reason: `Stripe checkout for order ${order._id} failed: ${stripeErrorName(error)}` },
        );
      }
      await chooseCardPayment(db, order._id);
      return { kind: 'embedded', ...session };
    },
    async refund(request) {
      let refund;
      try {
        const reason = request.reason === 'stray' ? 'duplicate' : 'requested_by_customer';
        refund = await createRefund(
          stripe,
          request.paymentRef,
          request.refundId,
          reason,
          request.orderId,
          request.amountPoisha,
        );
      } catch (error) {
        const { type, code } = error as { type?: unknown; code?: unknown };
        const name = `${typeof type === 'string' ? type : 'error'}${typeof code === 'string' ? ` ${code}` : ''}`;
        if (typeof type === 'string' && UNAVAILABLE.has(type))
          throw new ProviderUnavailableError(`Stripe refund ${request.refundId}: ${name}`);
        throw new ProviderRefusedError(`Stripe refund ${request.refundId} refused: ${name}`, code as string);
      }
      if (refund.status === 'failed' || refund.status === 'canceled')
        throw new ProviderRefusedError(`Stripe refund ${refund.refundId ?? ''} is ${refund.status}`, refund.status);
      return { providerRef: refund.refundId };
    },
  };
}

/**
 * Refunds in full a card payment the shop cannot keep: `paymentIntent` completed for order
 * `orderId` after the order was deleted or cancelled (`late`), or on an order another payment
 * had already paid (`duplicate`, e.g. a shopper paying in two tabs). The idempotency key is the
 * PaymentIntent's, so a webhook Stripe repeats never refunds twice.
 * @returns the refund's id and status (see {@link RefundResult}).
 * @throws Stripe's error for any other refusal or failure.
 */
export async function refundUnkeptPayment(
  stripe: Stripe,
  orderId: string,
  paymentIntent: string,
  why: 'late' | 'duplicate',
): Promise<RefundResult> {
  return createRefund(
    stripe,
    paymentIntent,
    `refund-${paymentIntent}`,
    why === 'duplicate' ? 'duplicate' : 'requested_by_customer',
    orderId,
  );
}

/** A checkout paid: the order it names, with what Stripe charged (poisha, lower-case currency). */
export type PaidEvent = {
  kind: 'paid';
  orderId: string | undefined;
  amount: number | null;
  currency: string | null;
  paymentIntent: string | null;
};
/** A charge refunded at Stripe (in full or in part), by PaymentIntent; `amountRefunded` in poisha, all refunds so far. */
export type RefundedEvent = { kind: 'refunded'; paymentIntent: string | null; fully: boolean; amountRefunded: number };
/** A charge disputed by the card holder, by PaymentIntent. */
export type DisputedEvent = { kind: 'disputed'; paymentIntent: string | null };
/** A verified webhook event: its id, type and mode, and what it means for an order. */
export type WebhookEvent = { id: string; type: string; livemode: boolean } & (
  PaidEvent | RefundedEvent | DisputedEvent | { kind: 'ignored' }
);

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Verifies a webhook's signature on the raw body and reads what the event means for an order: a
 * checkout paid (`checkout.session.completed` / `async_payment_succeeded` with payment_status
 * paid), a charge refunded (`charge.refunded`) or disputed (`charge.dispute.created`); any other
 * event is `ignored`. Stripe "Webhook signatures", "Checkout fulfillment", "Disputes".
 * @throws Error for a missing, wrong or stale (over 5 minutes) signature.
 */
export async function readWebhookEvent(
  stripe: Stripe,
  rawBody: string,
  signature: string,
  secret: string,
): Promise<WebhookEvent> {
  const event = await stripe.webhooks.constructEventAsync(
    rawBody,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
  const base = { id: event.id, type: event.type, livemode: event.livemode };
  if (PAID_EVENTS.has(event.type)) {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.payment_status !== 'paid') return { ...base, kind: 'ignored' };
    return {
      ...base,
      kind: 'paid',
      orderId: session.metadata?.orderId ?? undefined,
      amount: session.amount_total ?? null,
      currency: session.currency ?? null,
      paymentIntent: idOf(session.payment_intent),
    };
  }
  if (event.type === 'charge.refunded') {
    const charge = event.data.object as Stripe.Charge;
    return {
      ...base,
      kind: 'refunded',
      paymentIntent: idOf(charge.payment_intent),
      fully: charge.refunded,
      amountRefunded: charge.amount_refunded,
    };
  }
  if (event.type === 'charge.dispute.created') {
    const dispute = event.data.object as Stripe.Dispute;
    return { ...base, kind: 'disputed', paymentIntent: idOf(dispute.payment_intent) };
  }
  return { ...base, kind: 'ignored' };
}

/** Whether `secretKey` is a live-mode key (`sk_live_…`, or a restricted `rk_live_…`): live events are expected then, test events otherwise. */
export const isLiveKey = (secretKey: string | undefined): boolean => /^(sk|rk)_live_/.test(secretKey ?? '');
