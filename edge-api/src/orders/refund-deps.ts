/**
 * What moving an order's money back needs (DESIGN.md §14): the database, the request's log, and
 * the payment provider of the order's way to pay. Cancelling, packing, a status change and
 * setting out all refund through it.
 */
import type { Client } from '@libsql/client';
import type { Order } from '../contract/order';
import type { AppEnv } from '../env';
import type { RequestLog } from '../http/logger';
import type { PaymentProvider } from '../payments/provider';

/** The database, the request's log, and `provider(order)`: the provider of the order's method, undefined when the shop does not offer it now. */
export type RefundDeps = {
  db: Client;
  log: RequestLog;
  provider: (order: Order) => PaymentProvider | undefined;
};

/** The request's {@link RefundDeps}, from its context variables (env.ts `paymentProvider`). */
export const refundDeps = (vars: Pick<AppEnv['Variables'], 'db' | 'log' | 'paymentProvider'>): RefundDeps => ({
  db: vars.db,
  log: vars.log,
  provider: (order) => vars.paymentProvider(order.paymentMethod),
});
