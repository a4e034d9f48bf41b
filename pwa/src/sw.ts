/// <reference lib="webworker" />
/**
 * The service worker (Workbox via vite-plugin-pwa `injectManifest`, DESIGN.md §5). Every rule
 * says its strategy, cache and why. A new version waits until the page asks it to take over
 * (the "Update available — Reload" prompt), so nobody is switched mid-checkout.
 */
import { BroadcastUpdatePlugin } from 'workbox-broadcast-update';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate, type Strategy } from 'workbox-strategies';
import {
  OUTBOX_RAN_MESSAGE,
  OUTBOX_SYNC_TAG,
  PICTURES_CACHE,
  ROLE_CODE_MESSAGE,
  SAVE_PICTURES_MESSAGE,
  SKIP_WAITING_MESSAGE,
} from './lib/storage-keys';
import type { CodeRole } from './features/offline/worker';
import type { OutboxRanMessage } from './lib/offline/outbox/protocol';
import { sendOutbox } from './lib/offline/outbox/worker-sender';
// Web Push: the `push` and `notificationclick` handlers (DESIGN.md §11).
import './lib/offline/push-handlers';
import './lib/offline/bkash-return-worker'; // a bKash return lost offline: kept, and delivered once back online (before Workbox's routes)

declare const self: ServiceWorkerGlobalScope;

// The shopper's shell (index.html, the entry, CSS, the code of every page a shopper may open
// offline, the logo), listed by vite.config.ts at build time (pwa/shopper-precache.ts): code on
// demand and the pictures are not in it. The manifest also names each role's code (entries with
// `roles`), cached only when that role asks (ROLE_CODE_MESSAGE below). Old precaches from
// earlier builds go.
const built = self.__WB_MANIFEST as (PrecacheEntry & { roles?: string[] })[];
precacheAndRoute(built.filter((entry) => !entry.roles));
cleanupOutdatedCaches();

// A first install has no older version mid-checkout to protect: the worker takes the open page at
// once, so the pictures and code it fetches from now on are cached (an update still waits for
// the page's "Reload", as it only activates then).
clientsClaim();

const DAY_S = 24 * 60 * 60;
const sameOrigin = (url: URL) => url.origin === self.location.origin;
const isPicture = (url: URL, request?: Request) =>
  sameOrigin(url) && (request?.destination === 'image' || url.pathname.startsWith('/products/'));
const isCode = (url: URL) => sameOrigin(url) && /^\/assets\/[^/]+\.(js|css)$/.test(url.pathname);

/**
 * A picture neither cached nor reachable (offline, before it was ever seen): a light tile in the
 * page's colours instead of a broken image. Never cached, so the real picture comes once online.
 */
const picturePlaceholder: WorkboxPlugin = {
  handlerDidError: async () =>
    new Response(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#eef4ec"/>' +
        '<path d="M22 40c6-14 14-18 22-18-2 10-8 18-20 20" fill="none" stroke="#c4d6bf" stroke-width="3" stroke-linecap="round"/></svg>',
      { headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' } },
    ),
};

// Product pictures: CacheFirst — they never change under the same URL; capped so a big catalogue
// cannot fill a cheap phone, dropped first when storage runs short. Only complete 200 answers.
const pictures = new CacheFirst({
  cacheName: PICTURES_CACHE,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_S, purgeOnQuotaError: true }),
    picturePlaceholder,
  ],
});
registerRoute(({ request, url }) => isPicture(url, request), pictures);

// Code on demand (a role's screens, signing in: vite.config.ts
// onDemandEntries): CacheFirst when first used (the precache answers everything else first).
// Built file names carry their content's hash, so a new build's code has new names and old ones
// expire.
const code = new CacheFirst({
  cacheName: 'code-on-demand',
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 60 * DAY_S, purgeOnQuotaError: true }),
  ],
});
registerRoute(({ url }) => isCode(url), code);

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

// The delivery areas (DESIGN.md §15), kept like the catalogue's API so the cart prices an area's
// fee and minimum offline: NetworkFirst rather than the catalogue's StaleWhileRevalidate, as a fee
// is a price the shopper is quoted (DESIGN.md §16) — online it is always today's, offline the
// last one seen. The API's ETag keeps the refetch a 304. The admin's list of every area
// (`?all=1`) is not kept.
const areas = new NetworkFirst({
  cacheName: 'delivery-areas',
  networkTimeoutSeconds: 5,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});
registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && sameOrigin(url) && url.pathname === '/api/delivery-areas' && url.search === '',
  areas,
);

// The API answers a role's screens read offline, kept with that role's code (ROLE_CODE below),
// not only once a page asked for them: a shopper whose first checkout is offline can still choose
// their area. A signed-out visit, which cannot check out, does not fetch them. A failed fetch is
// let go; the page's first request online fills the cache then.
const roleData: Partial<Record<CodeRole, { url: string; strategy: Strategy }[]>> = {
  shopper: [{ url: '/api/delivery-areas', strategy: areas }],
};
/** Whether `role`, a string from a message, names a role of roleData (an own key, so not `__proto__`). */
const hasRoleData = (role: string): role is keyof typeof roleData => Object.hasOwn(roleData, role);

// Client routes: every navigation gets the precached index.html, online or not, so the PWA
// routes itself (and shows its own 404). API paths are never answered with HTML.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api\//] }));

// The page's CACHE_URLS message (features/offline/worker.ts) is Workbox's own: its router fetches
// each URL through the routes above, so only pictures and code are kept. SAVE_PICTURES (Save for
// offline) and ROLE_CODE answer only once every file is written to its cache, which Workbox's
// answer does not wait for, so the page can count what it keeps.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string; payload?: { urlsToCache?: unknown; role?: unknown } } | null;
  if (data?.type === SKIP_WAITING_MESSAGE) void self.skipWaiting();
  const pictureUrls = data?.type === SAVE_PICTURES_MESSAGE ? data.payload?.urlsToCache : undefined;
  const role = data?.type === ROLE_CODE_MESSAGE ? data.payload?.role : undefined;
  let saved: Promise<unknown>;
  if (Array.isArray(pictureUrls))
    saved = Promise.all(
      pictureUrls
        .filter((url): url is string => typeof url === 'string' && isPicture(new URL(url, self.location.href)))
        .map((url) => pictures.handleAll({ request: new Request(url), event })[1].catch(() => undefined)),
    );
  else if (typeof role === 'string')
    saved = Promise.all(
      [
        ...built.filter((entry) => entry.roles?.includes(role)).map((entry) => ({ url: entry.url, strategy: code })),
        ...((hasRoleData(role) && roleData[role]) || []),
      ].map(({ url, strategy }) => strategy.handleAll({ request: new Request(url), event })[1].catch(() => undefined)),
    );
  else return;
  event.waitUntil(saved);
  void saved.then(() => event.ports[0]?.postMessage(true));
});

// Background Sync (where the browser has it): the same sender the page runs, so queued orders and
// reviews leave even after the app was closed. It uses the last ID token the page stored, and
// tells open pages after each run, so they show what became of their queued items and My Orders
// the new orders.
async function syncOutbox(): Promise<void> {
  const sent = await sendOutbox();
  for (const client of await self.clients.matchAll({ type: 'window' }))
    client.postMessage({ type: OUTBOX_RAN_MESSAGE, sent } satisfies OutboxRanMessage);
}
self.addEventListener('sync', (event) => {
  const syncEvent = event as Event & { tag: string; waitUntil: (p: Promise<unknown>) => void };
  if (syncEvent.tag === OUTBOX_SYNC_TAG) syncEvent.waitUntil(syncOutbox());
});
