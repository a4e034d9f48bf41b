/**
 * Sends the outbox (db.ts) to the API, exactly once per item, from the page or the service
 * worker. One sender at a time across tabs and the worker (Web Locks); items go in order, oldest
 * first, each with its own Idempotency-Key and a fresh ID token taken at send time:
 * - 2xx → sent; network error, 409 (the same key still in flight), 429 or 5xx → kept, retried
 *   with backoff;
 * - 409 `out_of_stock` → failed, with the products the server could not take (`refusal`), so the
 *   shopper can send the rest as a new order;
 * - 401 → one retry with a force-refreshed token (it may have expired while the item waited); if
 *   that fails too, kept and the shopper is asked to sign in; other 4xx → failed, with the reason;
 * - older than 7 days → not sent (prices may have changed): failed, the shopper can re-order.
 * Workbox's own replay drops a request on any HTTP answer; this never drops one silently.
 */
import { readApiError } from '../../api-error';
import { OUTBOX_LOCK } from '../../storage-keys';
import { db } from '../db';
import { BUSY_NOTE, CONNECTION_NOTE, OUT_OF_STOCK, SIGN_IN_NOTE, TOO_OLD_NOTE, type OutboxRefusal } from './protocol';
import { postOutboxItem } from './request';
import { storedIdToken } from './store';

/** How long an item may wait before it is not sent any more (ms): prices may have changed. */
export const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The waits (ms) after the 1st, 2nd, … failed attempt; the last one repeats. */
const BACKOFF_MS = [2_000, 5_000, 15_000, 60_000, 300_000];

/** The e-mail inside an ID token (our own, already trusted here; the server verifies it). */
function emailOf(token: string): string | undefined {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = JSON.parse(atob(payload.replaceAll('-', '+').replaceAll('_', '/'))) as { email?: unknown };
    return typeof json.email === 'string' ? json.email.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** The `{_id, name}` entries of an `out_of_stock` answer's `details.products` (others are skipped). */
function refusedProducts(details: unknown): OutboxRefusal['products'] {
  const products = (details as { products?: unknown } | null | undefined)?.products;
  if (!Array.isArray(products)) return [];
  return products.flatMap((p: { _id?: unknown; name?: unknown } | null) =>
    typeof p?._id === 'string' && typeof p.name === 'string' ? [{ _id: p._id, name: p.name }] : [],
  );
}

let localQueue: Promise<void> = Promise.resolve();

/**
 * Runs `run` alone: across tabs and the service worker with the Web Locks API, and — where a
 * browser has no Web Locks — at least within this page, by chaining runs one after another.
 */
async function withLock(run: () => Promise<void>): Promise<void> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(OUTBOX_LOCK, run);
  const turn = localQueue.then(run);
  localQueue = turn.catch(() => undefined);
  return turn;
}

/**
 * Sends every waiting item that is due. `getToken(forceRefresh?)` returns a fresh Firebase ID
 * token (the page passes the SDK's; the service worker falls back to the stored one).
 * @returns the number of items sent by this run.
 */
export async function sendOutbox(
  getToken: (forceRefresh?: boolean) => Promise<string | undefined> = storedIdToken,
  fetchFn: typeof fetch = fetch,
  now: () => number = Date.now,
): Promise<number> {
  let sent = 0;
  await withLock(async () => {
    let token = await getToken();
    let refreshed = false;
    const email = token ? emailOf(token) : undefined;
    // Only the signed-in user's items: FIFO per user, and never one user's order with another's token.
    const waiting = (await db.outbox.where('status').equals('waiting').sortBy('seq')).filter(
      (item) => !email || item.userEmail === email,
    );
    for (const item of waiting) {
      const id = item.seq as number;
      if (now() - item.createdAt > MAX_AGE_MS) {
        await db.outbox.update(id, { status: 'failed', note: TOO_OLD_NOTE });
        continue;
      }
      if (item.nextAttemptAt > now()) break; // keep the order: nothing jumps the queue
      if (!token) {
        await db.outbox.update(id, { note: SIGN_IN_NOTE });
        break;
      }
      const retry = (note: string) =>
        db.outbox.update(id, {
          attempts: item.attempts + 1,
          nextAttemptAt: now() + (BACKOFF_MS[Math.min(item.attempts, BACKOFF_MS.length - 1)] ?? 0),
          note,
        });
      const post = (bearer: string) => postOutboxItem(item, bearer, fetchFn);
      let res: Response;
      try {
        res = await post(token);
        // The token may have expired while the item waited: one retry with a new one per run.
        if (res.status === 401 && !refreshed) {
          refreshed = true;
          const fresh = await getToken(true);
          if (fresh && fresh !== token) {
            token = fresh;
            res = await post(token);
          }
        }
      } catch {
        await retry(CONNECTION_NOTE);
        break;
      }
      if (res.ok) {
        await db.outbox.update(id, { status: 'sent', result: await res.json().catch(() => null), note: '' });
        sent += 1;
      } else if (res.status === 401) {
        await db.outbox.update(id, { note: SIGN_IN_NOTE });
        break;
      } else if (res.status >= 500 || res.status === 429) {
        await retry(BUSY_NOTE);
        break;
      } else if (res.status === 409) {
        const error = await readApiError(res);
        if (error.code !== OUT_OF_STOCK) {
          await retry(BUSY_NOTE);
          break;
        }
        await db.outbox.update(id, {
          status: 'failed',
          note: error.message,
          refusal: { code: OUT_OF_STOCK, products: refusedProducts(error.details) },
        });
      } else {
        const error = await readApiError(res, `The server answered ${res.status}.`);
        await db.outbox.update(id, {
          status: 'failed',
          note: error.message,
          ...(error.code === undefined ? {} : { code: error.code }),
        });
      }
    }
  });
  return sent;
}
