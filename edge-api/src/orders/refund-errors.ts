/**
 * The API's answers when a refund asked of a payment provider does not go through (DESIGN.md
 * §14): 502 `payment_provider_error` when the provider refused (nothing moved) and 503
 * `payment_provider_unavailable` with Retry-After when it did not answer (the claim stays and the
 * next try settles it), and 503 `busy` when another request is making that refund right now.
 * Cancelling, packing and a problem's decision each say what became of the order or problem.
 */
import { ApiError } from '../http/errors';

/** Seconds a client waits before asking again after the payment provider did not answer. */
const PROVIDER_RETRY_AFTER_S = 10;

/** Seconds a client waits before asking again while another request makes the refund. */
const BUSY_RETRY_AFTER_S = 2;

/** What `busy` says unless a caller words it: an order's refund. */
const ORDER_REFUND_BUSY = "This order's refund is under way; try again in a moment.";

/**
 * Returns the three refusals of a refund, with `messages.failed`, `messages.unavailable` and
 * `messages.busy` (by default an order's refund) as their English messages. Their `reason` (never card data) goes to the log, and
 * `code` is the provider's own.
 */
export const refundErrors = (messages: { failed: string; unavailable: string; busy?: string }): RefundErrors => ({
  failed: (reason: string, code?: string) =>
    new ApiError(
      502,
      'payment_provider_error',
      messages.failed,
      { operation: 'refund', ...(code ? { providerCode: code } : {}) },
      { reason },
    ),
  unavailable: (reason: string) =>
    new ApiError(
      503,
      'payment_provider_unavailable',
      messages.unavailable,
      { operation: 'refund' },
      { reason, retryAfterS: PROVIDER_RETRY_AFTER_S },
    ),
  busy: () =>
    new ApiError(
      503,
      'busy',
      messages.busy ?? ORDER_REFUND_BUSY,
      { operation: 'refund' },
      { retryAfterS: BUSY_RETRY_AFTER_S },
    ),
});

/** The refusals {@link refundErrors} makes. */
export type RefundErrors = {
  failed: (reason: string, code?: string) => ApiError;
  unavailable: (reason: string) => ApiError;
  busy: () => ApiError;
};
