/**
 * One way to pay, as the order code sees it (DESIGN.md §14): the order code asks a provider to
 * charge an order or refund it without knowing which one it is, and a provider's word that a
 * payment completed reaches the order through orders/settle.ts. Stripe (payments/stripe.ts), bKash
 * (payments/bkash-provider.ts) and cash (payments/cash.ts) each implement {@link PaymentProvider};
 * payments/providers.ts picks the one an order was paid with.
 */
import type { Order, PaymentMethod } from '../contract/order';
import type { RequestLog } from '../http/logger';

/** A refund the shop asks of a provider; claimed in the `refunds` ledger (db/refunds.ts) first. */
export type RefundRequest = {
  /** The ledger's id of this refund: the provider's idempotency key. */
  refundId: string;
  orderId: string;
  /** The provider's reference of the payment refunded: Stripe's PaymentIntent, bKash's trxID. */
  paymentRef: string;
  /** How much goes back, in poisha (1 Tk = 100): the whole payment or part of it. */
  amountPoisha: number;
  /**
   * Why: the order was cancelled, the payment is one no order may keep, packing billed less than
   * the ceiling (DESIGN.md §17), or an admin refunds a reported problem (DESIGN.md §19).
   */
  reason: 'cancel' | 'stray' | 'packing' | 'problem';
  /**
   * Asked before with no known outcome (a crash, a lost answer): the provider first finds out
   * whether the refund was made, and makes it only when it was not.
   */
  retry: boolean;
};

/** A refund the provider made (or had made already): its refund id, when it names one. */
export type RefundMade = { providerRef: string | null };

/**
 * The provider could not be asked or did not answer: whether the refund was made is unknown.
 * The claim stays, and a retry ({@link RefundRequest.retry}) settles it.
 */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The provider refused: nothing moved. `code` is the provider's own (bKash's statusCode, Stripe's error code). */
export class ProviderRefusedError extends Error {
  override name = 'ProviderRefusedError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * How the shopper goes on paying: to the provider's page (`redirect`, bKash), through a form the
 * page mounts (`embedded`, Stripe's Checkout), or at the door (`on-delivery`, cash).
 */
export type ChargeStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'embedded'; sessionId: string; clientSecret: string }
  | { kind: 'on-delivery' };

/** A way to pay the shop offers: what the order code may ask of it. */
export type PaymentProvider = {
  readonly method: PaymentMethod;
  /**
   * Starts charging what `order` owes (orders/amount-due.ts chargeTk: its maxAmount, the server's
   * ceiling of DESIGN.md §17, less the store credit it took, §19 — never a client's figure);
   * `callbackURL` is where a provider that sends the shopper away sends them back.
   * @throws ApiError 503 `payment_provider_unavailable` or 502 `payment_provider_error`.
   */
  charge(order: Order, request: { callbackURL: string }, log: RequestLog): Promise<ChargeStart>;
  /**
   * Returns `request.amountPoisha` of payment `request.paymentRef` to the payer, at most once per
   * `request.refundId`.
   * @throws ProviderUnavailableError (outcome unknown), ProviderRefusedError (nothing moved).
   */
  refund(request: RefundRequest, log: RequestLog): Promise<RefundMade>;
};
