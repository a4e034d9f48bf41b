/**
 * Sends the outbox (db.ts) to the API, exactly once per item, from the page or the service
 * worker. One sender at a time across tabs and the worker (Web Locks); items go in order, oldest
 * first, each with its own Idempotency-Key and a fresh ID token taken at send time. The answer
 * is read by the contract's classifyAnswer (the API's test client retries by the same rule):
 * - sent → only a receipt is kept (answered.ts answeredItem: the new id, whether the slot moved);
 * - retry (429, 5xx) → kept, retried with backoff, as after no answer at all (not a 429 for a
 *   limit a day's wait lifts, e.g. too many reviews: that one is failed);
 * - signIn (401) → first one retry with a force-refreshed token (it may have expired while the
 *   item waited); if that fails too — or the service worker, which has only the token the page
 *   last stored, cannot refresh it — kept, waiting (note `signIn`); the page runs the outbox
 *   again as soon as it has a fresh token (at start and on sign-in, runner.ts sendAfterCurrentRun);
 * - failed → the refusal kept (status, code, words; for `out_of_stock` the products the server
 *   could not take, so the shopper can put the rest back in the cart) with the order's lines only.
 * A problem (DESIGN.md §19) uploads its photo first (request.ts); the photo's id then replaces its
 * bytes in the row, so a retry of the claim neither uploads again nor changes the claim's body.
 * Once answered, an item's request is deleted: the shopper's phone and address stay on the device
 * only while an order waits (a row kept before that rule is trimmed the same way by the next run).
 * An item older than MAX_AGE_DAYS is not sent (prices may have changed): failed, the shopper can
 * re-order. Workbox's own replay drops a request on any HTTP answer; this never drops one silently.
 * Notes are codes (protocol.ts OutboxNote): the service worker runs this too and has no catalogue.
 * The rows are reached through OutboxRows, which the page (page-sender.ts, Dexie) and the service
 * worker (worker-sender.ts, idb) each implement.
 */
import { classifyAnswer, OUT_OF_STOCK } from '@contract/outbox-answer';
import { apiErrorOf, detailedProducts } from '../../api-error';
import { OUTBOX_LOCK } from '../../storage-keys';
import { emailOfIdToken, type OutboxItem, MAX_AGE_DAYS, type OutboxNote, type WaitingItem } from './protocol';
import { answeredItem } from './answered';
import { sendOutboxItem } from './request';

/** How long an item may wait before it is not sent any more (ms): MAX_AGE_DAYS. */
export const MAX_AGE_MS = MAX_AGE_DAYS * 24 * 60 * 60 * 1000;
/** The waits (ms) after the 1st, 2nd, … failed attempt; the last one repeats. */
const BACKOFF_MS = [2_000, 5_000, 15_000, 60_000, 300_000];

let localQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `run` alone: across tabs and the service worker with the Web Locks API, and — where a
 * browser has no Web Locks — at least within this page, by chaining runs one after another.
 */
async function withLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) return navigator.locks.request(OUTBOX_LOCK, run);
  const turn = localQueue.then(run);
  localQueue = turn.catch(() => undefined);
  return turn;
}

/** The changes the sender makes to a waiting row: its note, its try count and next try, a problem's uploaded photo. */
export type WaitingChanges = Partial<Pick<WaitingItem, 'note' | 'attempts' | 'nextAttemptAt' | 'payload'>>;

/** The outbox's rows as the sender reads and writes them (db.ts's `outbox` and `meta` tables). */
export type OutboxRows = {
  /** The answered items (sent or failed), in any order. */
  answered(): Promise<OutboxItem[]>;
  /** The waiting items of every account, oldest first (by `seq`). */
  waiting(): Promise<OutboxItem[]>;
  /** Stores `item` whole, in place of the row with its `seq`. */
  put(item: OutboxItem): Promise<void>;
  /** Changes the row `seq` by `changes`; nothing when the row is gone (dismissed meanwhile). */
  update(seq: number, changes: WaitingChanges): Promise<void>;
  /** The last ID token the page stored (store.ts storeIdTokenForSync), undefined when none. */
  storedIdToken(): Promise<string | undefined>;
};

/**
 * A run of the sender: `getToken(forceRefresh?)` (default: the stored token), `fetchFn` and
 * `now` (ms) as the run's own; resolves to the number of items sent.
 */
export type SendOutbox = (
  getToken?: (forceRefresh?: boolean) => Promise<string | undefined>,
  fetchFn?: typeof fetch,
  now?: () => number,
) => Promise<number>;

/**
 * Trims answered rows still holding their whole request or answer (kept so before answered items
 * were trimmed at once): each becomes what answeredItem keeps.
 */
async function trimAnswered(rows: OutboxRows): Promise<void> {
  for (const item of await rows.answered()) {
    const trimmed = answeredItem(item, item.status === 'sent' ? item : { ...item, status: 'failed' });
    if (JSON.stringify(trimmed) !== JSON.stringify(item)) await rows.put(trimmed);
  }
}

/**
 * The outbox sender over `rows`: a function that sends every waiting item that is due.
 * Its `getToken(forceRefresh?)` returns a fresh Firebase ID token (the page passes the SDK's; the
 * service worker falls back to the stored one); it resolves to the number of items sent by the run.
 */
export const outboxSender =
  (rows: OutboxRows): SendOutbox =>
  (getToken = () => rows.storedIdToken(), fetchFn = fetch, now = Date.now) =>
    withLock(() => sendDue(rows, getToken, fetchFn, now));

/** One run of outboxSender under the lock; resolves to the number of items the server took. */
async function sendDue(
  rows: OutboxRows,
  getToken: (forceRefresh?: boolean) => Promise<string | undefined>,
  fetchFn: typeof fetch,
  now: () => number,
): Promise<number> {
  let sent = 0;
  let token = await getToken();
  let refreshed = false;
  const email = token ? emailOfIdToken(token) : undefined;
  // Only the signed-in user's items: FIFO per user, and never one user's order with another's token.
  await trimAnswered(rows);
  const waiting = (await rows.waiting()).filter(
    (item): item is WaitingItem => item.status === 'waiting' && (!email || item.userEmail === email),
  );
  for (const item of waiting) {
    const id = item.seq as number;
    if (now() - item.createdAt > MAX_AGE_MS) {
      await rows.put(answeredItem(item, { status: 'failed', note: 'tooOld' }));
      continue;
    }
    if (item.nextAttemptAt > now()) break; // keep the order: nothing jumps the queue
    if (!token) {
      await rows.update(id, { note: 'signIn' });
      break;
    }
    const retry = (note: OutboxNote) =>
      rows.update(id, {
        attempts: item.attempts + 1,
        nextAttemptAt: now() + (BACKOFF_MS[Math.min(item.attempts, BACKOFF_MS.length - 1)] ?? 0),
        note,
      });
    // A problem's photo, once uploaded, is kept as its id (row and this copy): a retry sends the same claim.
    const keepPayload = async (payload: WaitingItem['payload']) => {
      item.payload = payload;
      await rows.update(id, { payload });
    };
    const post = (bearer: string) => sendOutboxItem(item, bearer, fetchFn, keepPayload);
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
      await retry('connection');
      break;
    }
    const body: unknown = await res.json().catch(() => undefined);
    const verdict = classifyAnswer(res.status, apiErrorOf(body, '').code);
    if (verdict === 'sent') {
      await rows.put(answeredItem(item, { status: 'sent', result: body }));
      sent += 1;
    } else if (verdict === 'signIn') {
      await rows.update(id, { note: 'signIn' });
      break;
    } else if (verdict === 'retry') {
      await retry('busy');
      break;
    } else {
      const { code, message, details } = apiErrorOf(body, '');
      await rows.put(
        answeredItem(item, {
          status: 'failed',
          note: 'refused',
          httpStatus: res.status,
          ...(code === undefined ? {} : { code, message, details }),
          ...(code === OUT_OF_STOCK ? { refusal: { code, products: detailedProducts(details) } } : {}),
        }),
      );
    }
  }
  return sent;
}
