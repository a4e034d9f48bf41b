/**
 * How a queued write reads the API's answer to it (DESIGN.md §5 "Outbox"): the one rule that the
 * PWA's outbox sender follows and the API's test client (edge-api/src/testing/order-client.ts)
 * retries by, so the fault tests replay exactly what shoppers' phones do.
 */
import type { ApiErrorCode } from './errors';

/**
 * `sent`: the server has it; `retry`: try again later with the same Idempotency-Key; `signIn`:
 * wait until the shopper signs in again; `failed`: refused for good (the shopper is told why).
 */
export type OutboxVerdict = 'sent' | 'retry' | 'signIn' | 'failed';

/**
 * How many days a queued write may still be sent (the PWA's outbox gives up on it after that:
 * prices may have changed), and so how long the API keeps its Idempotency-Key with the stored
 * answer (which holds the shopper's phone and address). One number: a retry always finds its key,
 * so it never writes twice, and no answer is kept longer than a retry can ask for it.
 */
export const QUEUED_WRITE_MAX_DAYS = 7;

/** The 409 that waiting does not get a queued order past: products out of stock or gone. */
export const OUT_OF_STOCK = 'out_of_stock' satisfies ApiErrorCode;

/**
 * The 429s that waiting does not get a queued write past within the outbox's days: a limit per
 * account and day, and a delivery code locked after five wrong ones (DESIGN.md §18: only an admin
 * unlocks it) — not the shop being busy.
 */
const FINAL_429_CODES: ReadonlySet<string> = new Set([
  'too_many_reviews' satisfies ApiErrorCode,
  'delivery_code_locked' satisfies ApiErrorCode,
]);

/**
 * Takes an answer's HTTP `status` (`network` when none came) and its error `code` (when the body
 * had one) and returns what the outbox does with the write:
 * - 2xx → sent;
 * - no answer, 429 or 5xx → retry (a repeated key replays the first answer, so a retry never
 *   writes twice), except a 429 with one of {@link FINAL_429_CODES};
 * - 401 → signIn (the caller has already tried once with a refreshed token);
 * - any other status → failed: a 4xx is the server's final word on this body (a 409 among them:
 *   products out of stock, too many open orders).
 */
export function classifyAnswer(status: number | 'network', code?: string): OutboxVerdict {
  if (status === 429 && code !== undefined && FINAL_429_CODES.has(code)) return 'failed';
  if (status === 'network' || status === 429 || status >= 500) return 'retry';
  if (status >= 200 && status < 300) return 'sent';
  if (status === 401) return 'signIn';
  return 'failed';
}
