/**
 * The checkout's calls (spec §7): placing an order with an Idempotency-Key, and starting a card
 * payment for it. `placeOrder` is the one place an order is sent; the offline outbox wraps it.
 */
import type { Order, OrderInput } from '@contract/order';
import { api, readJson } from '../../../lib/api-client';

/** `POST /api/orders`; the same key on a retry returns the same order instead of a second one. */
export async function placeOrder(input: OrderInput, idempotencyKey: string): Promise<Order> {
  return readJson<Order>(await api.orders.$post({ json: input }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/** `POST /api/checkout`: the client secret of the embedded Stripe Checkout for `orderId`. */
export async function startCardPayment(orderId: string): Promise<string> {
  return (await readJson<{ clientSecret: string }>(await api.checkout.$post({ json: { orderId } }))).clientSecret;
}
