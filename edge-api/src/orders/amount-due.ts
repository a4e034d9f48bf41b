/**
 * What an order still owes once its store credit is applied (DESIGN.md §17, §19): the one rule for
 * the charge a payment provider is asked (a prepaid order's ceiling `maxAmount` less
 * `creditApplied`) and the cash a rider collects (the final bill, else the estimate, less
 * `creditApplied`). Both in Tk to the poisha, never below 0 (contract/credit.ts amountDue). The
 * refunds ledger's SQL counts the same charge (db/refunds.ts CHARGED_POISHA), and the cash report
 * the same cash (db/reports.ts).
 */
import { amountDue } from '../contract/credit-amounts';
import type { Order } from '../contract/order';
import { toPoisha } from '../contract/pricing';

/** Tk a prepaid (card, bKash) order is charged: its ceiling `maxAmount` less the store credit it took. */
export const chargeTk = (order: Pick<Order, 'maxAmount' | 'creditApplied'>): number =>
  amountDue(order.maxAmount, order.creditApplied);

/** {@link chargeTk} in poisha (1 Tk = 100), as Stripe counts. */
export const chargePoisha = (order: Pick<Order, 'maxAmount' | 'creditApplied'>): number => toPoisha(chargeTk(order));

/**
 * Tk a rider collects at the door (DESIGN.md §18): for a cash (cod) order its final bill once
 * packed, else its `totalAmount`, less the store credit it took; 0 for a prepaid one.
 */
export const amountToCollect = (
  order: Pick<Order, 'paymentMethod' | 'finalAmount' | 'totalAmount' | 'creditApplied'>,
): number =>
  order.paymentMethod === 'cod' ? amountDue(order.finalAmount ?? order.totalAmount, order.creditApplied) : 0;
