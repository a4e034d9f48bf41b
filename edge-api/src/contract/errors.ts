/**
 * Every `code` the API answers in its error body `{"error":{"code","message","details"?}}`
 * (DESIGN.md §3). The API's `message` is English for API users; the PWA shows its own
 * catalogue's text for the code, so adding a code here without a text there fails the typecheck.
 */
export const apiErrorCodes = [
  // The request itself (400, 413, 422).
  'validation_failed',
  'malformed_request',
  'payload_too_large',
  'http_error',
  'idempotency_key_required',
  'idempotency_key_reused',
  'invalid_signature',
  // Who is asking (401, 403).
  'unauthenticated',
  'invalid_token',
  'forbidden',
  // What is asked for (404, 409, 429).
  'not_found',
  'payments_not_configured',
  'push_not_configured',
  // A push endpoint another account subscribed (409): it stays that account's.
  'push_endpoint_taken',
  'out_of_stock',
  // An order that would cost more than the subtotal the shopper saw (409, DESIGN.md §16).
  'price_changed',
  'slot_full',
  // An order for an unknown or inactive delivery area, or below its minimum (409, DESIGN.md §15).
  'area_not_served',
  'below_minimum',
  'one_review_each',
  'not_pending',
  'invalid_transition',
  // Packing (DESIGN.md §17): entries that do not fit the order (400, details.lines), and a
  // second packing of an order (409).
  'packing_invalid',
  'already_packed',
  // Riders and the doorstep (DESIGN.md §18): a wrong delivery code (400, details.attemptsLeft),
  // a code locked after 5 wrong ones (429, until an admin marks it), a rider acting on another
  // rider's order (403), assigning an order that is not Approved, Packed or Out for delivery
  // (409), and naming a uid that is not a rider (409).
  'wrong_delivery_code',
  'delivery_code_locked',
  'not_your_stop',
  'not_assignable',
  'not_a_rider',
  // After delivery (DESIGN.md §19): a claim on an order not delivered or past its 48 h (409),
  // lines that do not fit the order (400, details.lines), a photo whose bytes are not JPEG or
  // WebP (415), a problem decided already (409), a refund asked on an order not paid by bKash
  // or card (409).
  'not_delivered',
  'too_late',
  'problem_invalid',
  'unsupported_photo',
  'already_decided',
  'not_prepaid',
  'already_paid',
  'rate_limited',
  'too_many_reviews',
  'too_many_open_orders',
  'verify_to_order_more',
  'too_many_units',
  'stock_below_zero',
  // Our side or a dependency (5xx).
  'busy',
  'database_unavailable',
  'database_busy',
  'auth_unavailable',
  'payment_provider_error',
  // bKash (DESIGN.md §10): paying with bKash an order placed with another method (409), and
  // bKash not answering (503 with Retry-After).
  'not_bkash_order',
  'payment_provider_unavailable',
  'service_misconfigured',
  'internal',
] as const;

/** One of the API's error codes. */
export type ApiErrorCode = (typeof apiErrorCodes)[number];

/** The API's error body (DESIGN.md §3); `details` only where the code documents some. */
export type ApiErrorBody = { error: { code: ApiErrorCode; message: string; details?: unknown } };
