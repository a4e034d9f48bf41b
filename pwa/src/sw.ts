/// <reference lib="webworker" />
/**
 * The service worker (Workbox via vite-plugin-pwa `injectManifest`, DESIGN.md §5). Every rule
 * says its strategy, cache and why. A new version waits until the page asks it to take over
 * (the "Update available — Reload" prompt), so nobody is switched mid-checkout.
 */
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { OUTBOX_SENT_MESSAGE, OUTBOX_SYNC_TAG, SKIP_WAITING_MESSAGE } from './lib/storage-keys';
import type { OutboxSentMessage } from './lib/offline/outbox/protocol';
import { sendOutbox } from './lib/offline/outbox/sender';
// Web Push: the `push` and `notificationclick` handlers (DESIGN.md §11).
import './lib/offline/push-handlers';
import './lib/offline/bkash-return-worker'; // a bKash return lost offline: kept, and delivered once back online (before Workbox's routes)

declare const self: ServiceWorkerGlobalScope;

// The app shell (index.html, the main bundle, CSS, the route chunks a shopper needs offline and
// the icons), listed by vite.config.ts at build time. Old precaches from earlier builds go.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Product pictures: CacheFirst — they never change under the same URL; capped so a big catalogue
// cannot fill a cheap phone, dropped first when storage runs short. Only complete 200 answers.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({
    cacheName: 'images',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The catalogue JSON: StaleWhileRevalidate — the shop renders at once from the last copy (also
// offline) while a fresh copy is fetched; the API's ETag makes that revalidation a cheap 304.
// When the fresh copy differs (its ETag changed), open pages are told, and refetch it.
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    url.origin === self.location.origin &&
    (url.pathname === '/api/products' || url.pathname === '/api/reviews') &&
    // A catalogue delta (`?since=`) is only worth having fresh: it goes to the network.
    !url.searchParams.has('since'),
  new StaleWhileRevalidate({
    cacheName: 'catalogue',
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new BroadcastUpdatePlugin({ headersToCheck: ['etag'] }),
    ],
  }),
);

// Client routes: every navigation gets the precached index.html, online or not, so the PWA
// routes itself (and shows its own 404). API paths are never answered with HTML.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
});

// Background Sync (where the browser has it): the same sender the page runs, so queued orders and
// reviews leave even after the app was closed. It uses the last ID token the page stored, and
// tells open pages when it sent something so My Orders shows the new order.
async function syncOutbox(): Promise<void> {
  if ((await sendOutbox()) === 0) return;
  for (const client of await self.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: OUTBOX_SENT_MESSAGE } satisfies OutboxSentMessage);
}
self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil: (p: Promise<unknown>) => void };
  if (syncEvent.tag === OUTBOX_SYNC_TAG) syncEvent.waitUntil(syncOutbox());
});
