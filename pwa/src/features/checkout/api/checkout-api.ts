/**
 * The checkout's calls (spec §7): placing an order with an Idempotency-Key, and starting a card
 * payment for it. The checkout screen sends orders through the offline outbox (lib/offline/outbox),
 * which replays the same request; `placeOrder` is the direct call.
 */
import type { Order, OrderInput } from '@contract/order';
import { api, readUntypedResponse } from '../../../lib/api-client';

/**
 * `POST /api/orders`: returns the stored order; the same key on a retry returns the same order
 * instead of a second one.
 * @throws ApiRequestError (non-2xx) or TypeError (network).
 */
export async function placeOrder(input: OrderInput, idempotencyKey: string): Promise<Order> {
  return readUntypedResponse<Order>(api.orders.$post({ json: input }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}

/**
 * `POST /api/checkout`: returns the client secret of the embedded Stripe Checkout for `orderId`.
 * @throws ApiRequestError (non-2xx, e.g. 501 without Stripe keys) or TypeError (network).
 */
export async function startCardPayment(orderId: string): Promise<string> {
  return (await readUntypedResponse<{ clientSecret: string }>(api.checkout.$post({ json: { orderId } }))).clientSecret;
}
