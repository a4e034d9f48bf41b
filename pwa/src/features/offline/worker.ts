/**
 * Asking the page's service worker to cache something (pwa/src/sw.ts, CACHE_URLS_MESSAGE), with
 * the answer on a MessageChannel.
 */
import type { SAVE_PICTURES_MESSAGE } from '../../lib/storage-keys';
import { CACHE_URLS_MESSAGE } from '../../lib/storage-keys';

/** True where the shop has a service worker: a production build, in a browser that has them. */
export const workerAvailable = (): boolean => import.meta.env.PROD && 'serviceWorker' in navigator;

/**
 * Asks the active service worker to fetch `urls` through its routes (pwa/src/sw.ts keeps
 * pictures and a role's code; `message` is CACHE_URLS_MESSAGE, or SAVE_PICTURES_MESSAGE to be
 * answered only once the pictures are in the cache) and resolves when it answers; at once without
 * a service worker. Waits for the worker to be active (a first visit installs it after the page
 * settles).
 */
export async function cacheInWorker(
  urls: string[],
  message: typeof CACHE_URLS_MESSAGE | typeof SAVE_PICTURES_MESSAGE = CACHE_URLS_MESSAGE,
): Promise<void> {
  if (!workerAvailable() || urls.length === 0) return;
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    active.postMessage({ type: message, payload: { urlsToCache: urls } }, [channel.port2]);
  });
}
