/**
 * A bKash return lost offline (DESIGN.md §10): a phone often loses its connection right
 * after the shopper approved the payment in bKash's page, just as bKash sends the browser back to
 * `GET /api/payments/bkash/callback?paymentID=&status=`. When that navigation fails, the service
 * worker keeps `{paymentID, status}` in IndexedDB (idb-keyval, database BKASH_RETURN_DB) and
 * answers with My Orders (`?bkash=offline`: "We'll confirm your bKash payment when you're back
 * online"). Once the connection returns it POSTs each kept return to
 * `/api/payments/bkash/callback`, which executes the payment once, within bKash's window: a 2xx
 * or 4xx answer settles it (removed; open pages are told how the payment ended), a network
 * failure or 5xx keeps it for the next try.
 *
 * This module is the logic, free of the worker's globals (so it is unit-tested);
 * bkash-return-worker.ts wires it to the worker's events.
 */
import { myOrdersUrl } from '@contract/my-orders';
import { createStore, del, entries, set, type UseStore } from 'idb-keyval';
import type { BkashCallbackAnswer, bkashCallbackStatuses } from '@contract/payments';
import { BKASH_RETURN_DB, BKASH_SETTLED_MESSAGE } from '../storage-keys';

/** Where bKash sends the shopper back, and where a kept return is delivered (DESIGN.md §3). */
export const BKASH_CALLBACK_PATH = '/api/payments/bkash/callback';

/** My Orders, saying the return was kept offline (lib/bkash.ts readBkashReturn). */
const KEPT_RETURN_PAGE = myOrdersUrl({ bkash: 'offline' });

/** The statuses bKash sends back (contract/payments.ts); a callback with another is not kept. */
const statuses: ReadonlyArray<(typeof bkashCallbackStatuses)[number]> = ['success', 'failure', 'cancel'];

/** A callback kept offline, under its paymentID, with the `state` that proves it is the payer's. */
type KeptReturn = { paymentID: string; status: string; state: string; keptAt: number };

/**
 * Posted to open pages once a kept return is delivered: how the payment ended (the callback's
 * JSON answer: order, outcome, bKash's code); without them, after a 4xx, or to a page that asked
 * for a delivery once nothing is kept any more, only that nothing waits.
 */
export type BkashSettledMessage = { type: typeof BKASH_SETTLED_MESSAGE } & Partial<BkashCallbackAnswer>;

let keptStore: UseStore | undefined;
const store = () => (keptStore ??= createStore(BKASH_RETURN_DB, 'returns'));

/**
 * Keeps the return the callback URL `url` carries, when it has a paymentID, one of bKash's
 * statuses and the shop's `state` (a later return of the same payment replaces it).
 * @returns whether it was kept.
 */
async function keepReturn(url: URL): Promise<boolean> {
  const paymentID = url.searchParams.get('paymentID')?.trim();
  const status = url.searchParams.get('status') ?? '';
  const state = url.searchParams.get('state')?.trim();
  if (!paymentID || !state || !(statuses as readonly string[]).includes(status)) return false;
  const kept: KeptReturn = { paymentID, status, state, keptAt: Date.now() };
  return set(paymentID, kept, store()).then(
    () => true,
    () => false,
  );
}

/**
 * Answers the callback's navigation `request` (to `url`) from the network with `fetchFn`; when
 * that fails (offline), keeps the return (keepReturn) and answers with a redirect to My Orders
 * on `origin`. `whenKept` runs once a return was kept (the worker asks for a Background Sync).
 * Never rejects.
 */
export async function answerCallback(
  request: Request,
  url: URL,
  { fetchFn, origin, whenKept }: { fetchFn: typeof fetch; origin: string; whenKept: () => Promise<void> },
): Promise<Response> {
  try {
    return await fetchFn(request);
  } catch {
    if (await keepReturn(url)) await whenKept().catch(() => undefined);
    return Response.redirect(new URL(KEPT_RETURN_PAGE, origin).href, 303);
  }
}

/**
 * Delivers every kept return to `origin`'s callback with `fetchFn`: POST `{paymentID, status}`;
 * on a 2xx or 4xx answer removes it and calls `tell` with the message for open pages; on a
 * network failure or 5xx keeps it. One return at a time, in the order kept.
 * @returns how many are still kept.
 */
export async function deliverKeptReturns({
  fetchFn,
  origin,
  tell,
}: {
  fetchFn: typeof fetch;
  origin: string;
  tell: (message: BkashSettledMessage) => Promise<void>;
}): Promise<number> {
  const kept = await entries<string, KeptReturn>(store()).catch((): Array<[string, KeptReturn]> => []);
  let left = 0;
  for (const [key, { paymentID, status, state }] of kept.sort(([, a], [, b]) => a.keptAt - b.keptAt)) {
    let res: Response;
    try {
      res = await fetchFn(new URL(BKASH_CALLBACK_PATH, origin).href, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ paymentID, status, state }),
      });
    } catch {
      left += 1;
      continue;
    }
    if (res.status >= 500) {
      left += 1;
      continue;
    }
    await del(key, store()).catch(() => undefined);
    const answer = res.ok ? ((await res.json().catch(() => ({}))) as Partial<BkashCallbackAnswer>) : {};
    await tell({ type: BKASH_SETTLED_MESSAGE, ...answer });
  }
  return left;
}
