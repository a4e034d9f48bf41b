/**
 * Stripe's webhook as the tests send it (https://docs.stripe.com/webhooks): events in Stripe's
 * shape, signed with the endpoint's secret as Stripe signs them, posted to the app's
 * `POST /api/stripe/webhook`. Shared by the payment and push tests.
 */
import Stripe from 'stripe';

type RequestingApp = { request: (path: string, init: RequestInit) => Response | Promise<Response> };

/** The `Stripe-Signature` header for `payload` signed with `secret` at `timestamp` (s; now by default). */
export const stripeSignature = (payload: string, secret: string, timestamp?: number): Promise<string> =>
  new Stripe('sk_test_taza_haat').webhooks.generateTestHeaderStringAsync({
    payload,
    secret,
    timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });

/** Posts `event` to `app`'s Stripe webhook signed with `secret`; returns the app's answer. */
export async function sendStripeWebhook(
  app: RequestingApp,
  event: object,
  secret: string,
  timestamp?: number,
): Promise<Response> {
  const body = JSON.stringify(event);
  return app.request('/api/stripe/webhook', {
    method: 'POST',
    headers: { 'Stripe-Signature': await stripeSignature(body, secret, timestamp), 'Content-Type': 'application/json' },
    body,
  });
}

/**
 * Stripe's `checkout.session.completed` for a paid checkout of order `orderId`: `totalAmount`
 * Tk as poisha in BDT, test mode, paid by `paymentIntent`; `session` and `event` override fields.
 */
export const paidCheckoutEvent = (
  order: { orderId: string; totalAmount: number; paymentIntent: string },
  session: Record<string, unknown> = {},
  event: Record<string, unknown> = {},
) => ({
  id: `evt_${crypto.randomUUID()}`,
  object: 'event',
  type: 'checkout.session.completed',
  livemode: false,
  data: {
    object: {
      id: 'cs_test_1',
      object: 'checkout.session',
      payment_status: 'paid',
      amount_total: order.totalAmount * 100,
      currency: 'bdt',
      livemode: false,
      payment_intent: order.paymentIntent,
      metadata: { orderId: order.orderId },
      ...session,
    },
  },
  ...event,
});
