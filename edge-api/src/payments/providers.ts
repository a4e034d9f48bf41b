/**
 * The payment providers this shop runs with (DESIGN.md §14): the one an order was paid with, from
 * the request's configured clients. A new way to pay adds its provider file and one entry here.
 */
import type { Client } from '@libsql/client';
import type Stripe from 'stripe';
import type { PaymentMethod } from '../contract/order';
import { ApiError } from '../http/errors';
import type { BkashClient } from './bkash';
import { bkashProvider } from './bkash-provider';
import { cashProvider } from './cash';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe';

/** What the providers are made from: the request's database and configured clients (env.ts). */
export type ProviderClients = { db: Client; stripe: Stripe | undefined; bkash: BkashClient | undefined };

/**
 * The provider of payment method `method`.
 * @returns it, or undefined when that way to pay is not configured (no Stripe or bKash keys).
 */
export function providerFor(clients: ProviderClients, method: PaymentMethod): PaymentProvider | undefined {
  const { db, stripe, bkash } = clients;
  const providers: Record<PaymentMethod, () => PaymentProvider | undefined> = {
    cod: () => cashProvider,
    card: () => stripe && stripeProvider({ db, stripe }),
    bkash: () => bkash && bkashProvider({ db, bkash }),
  };
  return providers[method]();
}

/**
 * The 404 for a way to pay the shop does not offer now (DESIGN.md §3: a feature switched off, not
 * an error): `details.paymentMethod` names it; the shop offers cash on delivery.
 */
export const paymentsNotConfigured = (method: Exclude<PaymentMethod, 'cod'>) =>
  new ApiError(
    404,
    'payments_not_configured',
    `${method === 'card' ? 'Card' : 'bKash'} payment is not configured; choose cash on delivery.`,
    { paymentMethod: method },
  );
