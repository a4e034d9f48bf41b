/**
 * Save for offline (DESIGN.md §5, Data): the service worker keeps the pictures a shopper has
 * seen; this fetches the rest of the mirrored catalogue's pictures into the same cache, at the
 * size the shop shows now (the small copies while saving data). On its own it runs only on a
 * connection the browser reports unmetered, never while saving data; the profile's button runs
 * it by choice, and so does installing the app.
 */
import { savingData, unmeteredConnection } from '../../lib/data-saver';
import { whenSettled } from '../../lib/idle';
import { whenMirrored } from '../../lib/offline/catalogue-mirror';
import { loadDb } from '../../lib/offline/live-query';
import { smallPicture } from '../../lib/picture';
import { PICTURES_CACHE, SAVE_PICTURES_MESSAGE } from '../../lib/storage-keys';
import { cacheInWorker } from './worker';

/** A same-origin picture or built file this page fetched past its service worker (`workerStart` is 0 then). */
const fetchedPastTheWorker = (entry: PerformanceEntry): boolean => {
  const url = new URL(entry.name);
  return (
    (entry as PerformanceResourceTiming).workerStart === 0 &&
    url.origin === location.origin &&
    /^\/(assets|products)\//.test(url.pathname)
  );
};

/**
 * Hands the service worker the shop's pictures and code this page fetched without it (Resource
 * Timing), so they are kept as if fetched through it: what was fetched before the worker took
 * the page, and what was still on its way then and completes later (a lazy picture whose request
 * started a moment before). Returns at once; each batch goes to the worker as it is seen.
 */
export function keepWhatThePageFetched(): void {
  const keep = (entries: PerformanceEntryList) => {
    const urls = entries.filter(fetchedPastTheWorker).map((entry) => entry.name);
    if (urls.length > 0) void cacheInWorker([...new Set(urls)]);
  };
  keep(performance.getEntriesByType('resource'));
  if (typeof PerformanceObserver === 'undefined') return;
  new PerformanceObserver((list) => keep(list.getEntries())).observe({ type: 'resource' });
}

/** The same-origin picture URLs of the mirrored catalogue (absolute), as the shop shows them now. */
async function cataloguePictures(): Promise<string[]> {
  const small = savingData();
  try {
    const { db } = await loadDb();
    const products = (await db.products.toArray()) as unknown as { image?: string }[];
    const urls = products.flatMap(({ image }) => {
      const url = image && new URL(small ? smallPicture(image) : image, location.href);
      return url && url.origin === location.origin ? [url.href] : [];
    });
    return [...new Set(urls)];
  } catch {
    return []; // no IndexedDB here: nothing mirrored to save
  }
}

/** How many of the catalogue's pictures this phone keeps for offline, of `total`. */
export type PicturesKept = { kept: number; total: number };

/** Counts the catalogue's pictures already in the picture cache (none without the Cache API). */
export async function picturesKept(): Promise<PicturesKept> {
  const urls = await cataloguePictures();
  if (typeof caches === 'undefined') return { kept: 0, total: urls.length };
  const cache = await caches.open(PICTURES_CACHE);
  // A picture kept under Save-Data varies on that header (the server's Vary): either copy counts.
  const found = await Promise.all(urls.map((url) => cache.match(url, { ignoreVary: true })));
  return { kept: found.filter(Boolean).length, total: urls.length };
}

/** Fetches every catalogue picture not kept yet into the worker's cache; resolves with the count kept after. */
export async function saveForOffline(): Promise<PicturesKept> {
  await cacheInWorker(await cataloguePictures(), SAVE_PICTURES_MESSAGE);
  return picturesKept();
}

/**
 * Saves the catalogue's pictures once the page has settled and the catalogue is mirrored, when
 * the connection is unmetered and the shop is not saving data; and whenever the app is
 * installed (`appinstalled`, where the browser fires it), unless saving data.
 */
export function saveForOfflineWhenFree(): void {
  window.addEventListener(
    'appinstalled',
    () => {
      if (!savingData()) void saveForOffline();
    },
    { once: true },
  );
  if (!unmeteredConnection() || savingData()) return;
  void whenMirrored('products').then(() => whenSettled(() => void saveForOffline()));
}
