/// <reference lib="webworker" />
/**
 * The service worker's listeners for a bKash return lost offline (bkash-return.ts says what and
 * why). Imported for its listeners by sw.ts before Workbox's routes, so it alone answers the
 * callback's navigation (Workbox's navigation route leaves /api/ alone). Kept returns are
 * delivered when the page says the connection is back (its `online` event: BKASH_DELIVER_MESSAGE),
 * on Background Sync where the browser has it, and on the worker's next fetch while online.
 */
import { BKASH_DELIVER_MESSAGE, BKASH_SETTLED_MESSAGE, BKASH_SYNC_TAG } from '../storage-keys';
import { answerCallback, BKASH_CALLBACK_PATH, deliverKeptReturns, type BkashSettledMessage } from './bkash-return';

declare const self: ServiceWorkerGlobalScope;

/** Whether a kept return may be waiting (true until a delivery run found none left). */
let maybeKept = true;
/** When a fetch last started a delivery: a busy page's fetches start at most one each 10 s. */
let lastFetchTry = 0;
const FETCH_TRY_EVERY_MS = 10_000;

let delivering: Promise<void> | undefined;

/** One delivery run at a time; rejects when something is still kept (Background Sync then tries again later). */
function deliver(): Promise<void> {
  delivering ??= deliverKeptReturns({
    fetchFn: (input, init) => fetch(input, init),
    origin: self.location.origin,
    tell: async (message) => {
      for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage(message);
    },
  })
    .then((left) => {
      maybeKept = left > 0;
      if (left > 0) throw new Error(`${left} bKash return(s) still kept`);
    })
    .finally(() => {
      delivering = undefined;
    });
  return delivering;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (
    request.mode === 'navigate' &&
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    url.pathname === BKASH_CALLBACK_PATH
  ) {
    event.respondWith(
      answerCallback(request, url, {
        fetchFn: (input) => fetch(input),
        origin: self.location.origin,
        whenKept: async () => {
          maybeKept = true;
          const { sync } = self.registration as ServiceWorkerRegistration & {
            sync?: { register: (tag: string) => Promise<void> };
          };
          await sync?.register(BKASH_SYNC_TAG);
        },
      }),
    );
    return;
  }
  // Any other request says the worker is running; online, it also delivers what it keeps.
  if (maybeKept && self.navigator.onLine && Date.now() - lastFetchTry >= FETCH_TRY_EVERY_MS) {
    lastFetchTry = Date.now();
    event.waitUntil(deliver().catch(() => undefined));
  }
});

// The page asks when its connection returns (and when My Orders opens); once nothing is kept
// it is told so, even when an earlier run delivered before the page listened.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type !== BKASH_DELIVER_MESSAGE) return;
  const nothingKept: BkashSettledMessage = { type: BKASH_SETTLED_MESSAGE };
  event.waitUntil(
    deliver().then(
      () => event.source?.postMessage(nothingKept),
      () => undefined,
    ),
  );
});

self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil: (p: Promise<unknown>) => void };
  if (syncEvent.tag === BKASH_SYNC_TAG) syncEvent.waitUntil(deliver());
});
