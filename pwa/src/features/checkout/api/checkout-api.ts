/**
 * The checkout's own call (spec §7): starting a card payment for a placed order. Orders
 * themselves are sent through the offline outbox (lib/offline/outbox/submit.ts).
 */
import { api, readResponse } from '../../../lib/api-client';

/**
 * `POST /api/checkout`: returns the client secret of the embedded Stripe Checkout for `orderId`.
 * @throws ApiRequestError (non-2xx, e.g. 404 payments_not_configured without Stripe keys) or TypeError (network).
 */
export async function startCardPayment(orderId: string): Promise<string> {
  return (await readResponse(api.checkout.$post({ json: { orderId } }))).clientSecret;
}
