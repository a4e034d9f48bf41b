/**
 * Registers the service worker with workbox-window (loaded once the page has settled: nothing on
 * its first screen needs it) and follows it: updates (service-worker.ts offers them) and a check
 * for a new version every 30 minutes. A page the worker did not control
 * yet (the first visit) hands it what it already fetched, so those pictures and that code are
 * kept too; then the catalogue's pictures are saved for offline where that costs nothing
 * (save-for-offline.ts). Saving data (DESIGN.md §5, Data), a first visit installs the worker, and
 * so downloads its precache, only once the shopper does something on the page
 * (lib/first-touch.ts): a look that ends there costs the first screen alone.
 */
import { whenOfflineIsWanted } from '../../lib/first-touch';
import { keepWhatThePageFetched, saveForOfflineWhenFree } from './save-for-offline';
import { markWaiting, setWorkbox } from './service-worker';

const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers /sw.js (production builds only: the dev server has no service worker).
 * workbox-window is downloaded here, after the page's load: nothing on screen needs it earlier.
 * The worker's messages are heard from the page's start (worker-messages.ts).
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const controlled = navigator.serviceWorker.controller !== null;
  await whenOfflineIsWanted();
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox('/sw.js', { type: 'module' });
  setWorkbox(workbox);
  workbox.addEventListener('waiting', markWaiting);
  void workbox.register();
  setInterval(() => void workbox.update(), UPDATE_CHECK_MS);
  await navigator.serviceWorker.ready;
  if (!controlled) keepWhatThePageFetched();
  saveForOfflineWhenFree();
}
