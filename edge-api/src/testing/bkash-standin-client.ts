/**
 * The production bKash client (payments/bkash.ts) pointed at the stand-in of a test
 * (scripts/bkash-standin.ts): its URL and the credentials it was started with; and a shopper
 * approving a payment on the stand-in's page.
 */
import { expect } from 'vitest';
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

/** Anything answering requests as the app does: `app.request` of a Hono app. */
type RequestingApp = { request: (path: string, init?: RequestInit) => Response | Promise<Response> };

/**
 * The shopper approving, on the stand-in's page, the payment `started` began (the app's answer
 * to `POST /api/payments/bkash`), and the browser following bKash's redirect to the shop's
 * callback on `app`, as scripts/bkash-standin.ts sends it there. @returns bKash's paymentID.
 */
export async function approveOnStandin(app: RequestingApp, started: Response): Promise<string> {
  expect(started.status).toBe(200);
  const { bkashURL } = (await started.json()) as { bkashURL: string };
  const paymentID = new URL(bkashURL).searchParams.get('paymentID') ?? '';
  const clicked = await fetch(new URL('/checkout/decide', bkashURL), {
    method: 'POST',
    body: new URLSearchParams({ paymentID, choice: 'approve' }),
    redirect: 'manual',
  });
  const callback = new URL(String(clicked.headers.get('location')));
  expect((await app.request(`${callback.pathname}${callback.search}`)).status).toBe(303);
  return paymentID;
}
