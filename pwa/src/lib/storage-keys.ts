/**
 * Every name this app keeps in the browser, in one place: localStorage keys, the IndexedDB
 * database and its `meta` keys, the Web Lock, the Background Sync tag and the messages the
 * service worker posts. Nothing here imports anything: the service worker and the inline preload
 * script index.html gets at build time (pwa/route-preload.ts, through vite.config.ts) read it too.
 */

// localStorage

/** The signed-in user's last ID token (spec §4); present while a session is stored. */
export const ID_TOKEN_KEY = 'idToken';

/** The e-mail of the user last confirmed an admin (auth-session.ts), so their dashboard also opens offline. */
export const ADMIN_EMAIL_KEY = 'adminEmail';

/** The cart mirror: a JSON array of `{...product, cartQuantity}` (spec §3, cart-store.ts). */
export const CART_STORAGE_KEY = 'cartItems';

// `lineChoices` and `defaultSubstitution`, the shopper's packing choices (DESIGN.md §17), are named
// in features/cart/line-choices.ts: a constant here would be on the home page's first load.

/** The delivery area the shopper chose (its id, DESIGN.md §15): the cart prices its fee and minimum before checkout. */
export const DELIVERY_AREA_KEY = 'deliveryArea';

/**
 * The delivery areas' names, a JSON object `{id: [English, Bangla]}` written whenever the areas are
 * loaded (features/delivery-areas), so a refusal names its area on any page (lib/i18n/api-errors.ts).
 */
export const DELIVERY_AREA_NAMES_KEY = 'deliveryAreaNames';

/** The shop's language, `en` or `bn` (lib/i18n/i18n.ts); absent until chosen, when the browser's languages decide. */
export const LOCALE_KEY = 'locale';

/** Present once `table` is mirrored in IndexedDB (catalogue-mirror.ts). */
export const mirroredKey = (table: 'products' | 'reviews') => `${table}Mirrored`;

// IndexedDB (offline/db.ts)

/** The shop's IndexedDB database. */
export const DB_NAME = 'taza-haat';

/** `meta` row: the last ID token, for the service worker's Background Sync (it has no Firebase SDK). */
export const ID_TOKEN_META = 'idToken';

/** `meta` row: the catalogue version the mirrored `table` is at (its next `?since=`). */
export const catalogueVersionMeta = (table: 'products' | 'reviews') => `${table}Version`;

// Outbox coordination (offline/outbox/)

/** The Web Lock held while the outbox is sent, so tabs and the service worker never send at once. */
export const OUTBOX_LOCK = 'taza-haat-outbox-sender';

/** The Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'taza-haat-outbox';

// Messages from the service worker to open pages

/**
 * Posted after each Background Sync run of the outbox: pages read their outbox rows again, and
 * refetch the lists that show what it sent.
 */
export const OUTBOX_RAN_MESSAGE = 'OUTBOX_RAN';

/** Posted by workbox-broadcast-update when the catalogue JSON it served has changed. */
export const CACHE_UPDATED_MESSAGE = 'CACHE_UPDATED';

/** Sent by the page to let a waiting service worker take over (workbox-window's messageSkipWaiting). */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/**
 * Sent by the page with `payload: {urlsToCache: string[]}` (Workbox's router handles it): the
 * worker fetches each URL through its routes and answers `true` on the message's port when done.
 */
export const CACHE_URLS_MESSAGE = 'CACHE_URLS';

/** As CACHE_URLS for pictures only, answered once every one of them is written to PICTURES_CACHE (Save for offline). */
export const SAVE_PICTURES_MESSAGE = 'SAVE_PICTURES';

/**
 * Sent by the page with `payload: {role}` once a role (`admin`, `rider`) opens its screens: the
 * worker caches all of that role's code, which no shopper's precache holds, so each of its
 * screens opens offline afterwards; answers `true` on the message's port when done.
 */
export const ROLE_CODE_MESSAGE = 'CACHE_ROLE_CODE';

// Service worker caches (pwa/src/sw.ts)

/** Product pictures, cached as they are seen and by Save for offline. */
export const PICTURES_CACHE = 'images';

// bKash (lib/bkash.ts, lib/offline/bkash-return.ts)

/** localStorage: the last `GET /api/payments/methods` answer (a JSON array), so an offline checkout still offers bKash. */
export const PAYMENT_METHODS_KEY = 'paymentMethods';

/** IndexedDB database (idb-keyval, store `returns`) where the service worker keeps a bKash return lost offline. */
export const BKASH_RETURN_DB = 'taza-haat-bkash';

/** The Background Sync tag under which the service worker delivers kept bKash returns. */
export const BKASH_SYNC_TAG = 'taza-haat-bkash-return';

/** Sent by the page when the connection returns: the service worker delivers the bKash returns it keeps. */
export const BKASH_DELIVER_MESSAGE = 'BKASH_DELIVER';

/** Posted by the service worker once it delivered a kept bKash return (with how the payment ended). */
export const BKASH_SETTLED_MESSAGE = 'BKASH_SETTLED';

// Data (lib/data-saver.ts)

/** localStorage: `'1'` while the profile's Data saver switch is on (DESIGN.md §5). */
export const DATA_SAVER_KEY = 'dataSaver';
