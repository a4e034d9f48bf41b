/**
 * The production bKash client (payments/bkash.ts) pointed at the stand-in of a test
 * (scripts/bkash-standin.ts): its URL and the credentials it was started with.
 */
import type { BkashStandin } from '../../../scripts/bkash-standin';
import { createBkashClient, type BkashClient, type BkashClientOptions } from '../payments/bkash';

/** A bKash client for `standin`, with `options` (e.g. short timeouts so a stalled answer counts as lost). */
export function bkashClientFor(standin: BkashStandin, options?: BkashClientOptions): BkashClient {
  return createBkashClient(
    {
      baseUrl: standin.url,
      appKey: standin.env.BKASH_APP_KEY,
      appSecret: standin.env.BKASH_APP_SECRET,
      username: standin.env.BKASH_USERNAME,
      password: standin.env.BKASH_PASSWORD,
    },
    options,
  );
}
