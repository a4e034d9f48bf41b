/**
 * Stripe card payments (DESIGN.md §6): an embedded Checkout Session for an order, priced from
 * the order the server stored (subtotal × 100 poisha, currency BDT, spec §9), and webhook
 * verification that works on Node and Workers (constructEventAsync with SubtleCrypto).
 * Stripe docs: "Build an embedded checkout page", "Idempotent requests", "Webhook signatures".
 */
import Stripe from 'stripe';
import { toPoisha } from '../contract/pricing';
import type { Order } from '../contract/order';

/** A Stripe client using fetch (Node and Workers alike); `network` points it elsewhere in tests. */
export function createStripe(
  secretKey: string,
  network: { host?: string; port?: number; protocol?: 'http' | 'https' } = {},
): Stripe {
  return new Stripe(secretKey, { httpClient: Stripe.createFetchHttpClient(), maxNetworkRetries: 2, ...network });
}

/**
 * Creates (or, for the same order and amount, returns again — the idempotency key) the
 * embedded Checkout Session that charges `order.totalAmount` Tk.
 * @returns the session id and the client secret the browser mounts.
 */
export async function createOrderCheckout(
  stripe: Stripe,
  order: Order,
): Promise<{ sessionId: string; clientSecret: string }> {
  const amount = toPoisha(order.totalAmount);
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
      customer_email: order.email,
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

const PAID_EVENTS = new Set(['checkout.session.completed', 'checkout.session.async_payment_succeeded']);

/**
 * Verifies a webhook's signature on the raw body and returns the id of the order it reports
 * paid, if any.
 * @throws Error for a missing, wrong or stale (over 5 minutes) signature.
 */
export async function paidOrderFromWebhook(
  stripe: Stripe,
  rawBody: string,
  signature: string,
  secret: string,
): Promise<string | undefined> {
  const event = await stripe.webhooks.constructEventAsync(
    rawBody,
    signature,
    secret,
    undefined,
    Stripe.createSubtleCryptoProvider(),
  );
  if (!PAID_EVENTS.has(event.type)) return undefined;
  const session = event.data.object as Stripe.Checkout.Session;
  if (session.payment_status !== 'paid') return undefined;
  return session.metadata?.orderId ?? undefined;
}
