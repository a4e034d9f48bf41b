/**
 * A stand-in for Stripe's API on 127.0.0.1 and the production Stripe client (payments/stripe.ts)
 * pointed at it through stripe-node's host/port/protocol options. Each request's form body
 * (Stripe's API takes form-encoded bodies) is read and handed to the test's handler, which
 * records it and answers in Stripe's response shape.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { createStripe } from '../payments/stripe';

/** Answers one request to the stand-in: `form` is its body, parsed. */
export type StripeHandler = (req: IncomingMessage, form: URLSearchParams, res: ServerResponse) => void;

/** A running stand-in: the client aimed at it, and `close` to stop it. */
export type StripeStandin = { stripe: Stripe; close: () => Promise<void> };

/** Starts a stand-in answering with `handle`; `secretKey` is the client's (any `sk_test_…`). */
export async function startStripeStandin(secretKey: string, handle: StripeHandler): Promise<StripeStandin> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(req, new URLSearchParams(body), res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const stripe = createStripe(secretKey, {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    protocol: 'http',
  });
  return { stripe, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Stripe's answer to "Create a Checkout Session" (https://docs.stripe.com/api/checkout/sessions/create)
 * for the session `id` made of `form`: open and unpaid, its amount the first line's unit amount
 * (poisha), its client secret `<id>_secret_abc`.
 */
export const checkoutSessionAnswer = (id: string, form: URLSearchParams) => ({
  id,
  object: 'checkout.session',
  client_secret: `${id}_secret_abc`,
  amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
  currency: form.get('currency'),
  mode: 'payment',
  ui_mode: form.get('ui_mode'),
  payment_status: 'unpaid',
  status: 'open',
  metadata: { orderId: form.get('metadata[orderId]') },
  livemode: false,
});
