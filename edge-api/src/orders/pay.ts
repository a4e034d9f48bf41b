/**
 * Paying an order online (DESIGN.md §6, §10, §14): its owner starts a charge through the provider
 * of the way to pay they chose; the provider charges the order's total as the server stored it.
 */
import type { Order, PaymentMethod } from '../contract/order';
import { ApiError } from '../http/errors';
import type { RequestLog } from '../http/logger';
import type { ChargeStart, PaymentProvider } from '../payments/provider';
import { paymentsNotConfigured } from '../payments/providers';

/**
 * Starts charging `order` (its owner's, read through orders/access.ts) with `method`'s provider;
 * `callbackURL` is where a provider that sends the shopper away sends them back; `refuse` says why
 * this way may not pay this unpaid order, if it may not.
 * @returns how the shopper goes on paying (payments/provider.ts ChargeStart).
 * @throws ApiError 404 `payments_not_configured`, 409 `already_paid` (paid, refunded or disputed:
 * a Cancelled order is never charged again), and the provider's 502 or 503.
 */
export async function chargeOrder(
  deps: { log: RequestLog; paymentProvider: (method: PaymentMethod) => PaymentProvider | undefined },
  order: Order,
  method: Exclude<PaymentMethod, 'cod'>,
  callbackURL: string,
  refuse: (order: Order) => ApiError | undefined = () => undefined,
): Promise<ChargeStart> {
  const provider = deps.paymentProvider(method);
  if (!provider) throw paymentsNotConfigured(method);
  if (order.paymentStatus !== 'unpaid') throw new ApiError(409, 'already_paid', 'This order is already paid.');
  const refused = refuse(order);
  if (refused) throw refused;
  return provider.charge(order, { callbackURL }, deps.log);
}
