/**
 * Registers the service worker with workbox-window and follows updates: when a new version is
 * waiting, `useUpdate()` offers it; accepting asks it to take over and reloads exactly once.
 * While the app is open it checks for a new version every 30 minutes. A page the worker did not
 * control yet (the first visit) hands it what it already fetched, so those pictures and that code
 * are kept too; then the catalogue's pictures are saved for offline where that costs nothing
 * (save-for-offline.ts).
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { CACHE_UPDATED_MESSAGE, OUTBOX_SENT_MESSAGE } from '../../lib/storage-keys';
import { saveForOfflineWhenFree } from './save-for-offline';
import { cacheInWorker } from './worker';

let workbox: Workbox | undefined;
let waiting = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers /sw.js (production builds only: the dev server has no service worker).
 * `onCatalogueUpdated(path)` runs when the worker found newer catalogue JSON than it served
 * (workbox-broadcast-update), e.g. "/api/products" right after an admin's change;
 * `onOutboxSent()` when its Background Sync run sent queued orders or reviews.
 * workbox-window is downloaded here, after the page's load: nothing on screen needs it earlier.
 */
export async function registerServiceWorker(handlers: {
  onCatalogueUpdated: (path: string) => void;
  onOutboxSent: () => void;
}): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; payload?: { updatedURL?: string } }>) => {
      if (event.data?.type === CACHE_UPDATED_MESSAGE && event.data.payload?.updatedURL)
        handlers.onCatalogueUpdated(new URL(event.data.payload.updatedURL).pathname);
      if (event.data?.type === OUTBOX_SENT_MESSAGE) handlers.onOutboxSent();
    },
  );
  const controlled = navigator.serviceWorker.controller !== null;
  const { Workbox } = await import('workbox-window');
  workbox = new Workbox('/sw.js', { type: 'module' });
  workbox.addEventListener('waiting', () => {
    waiting = true;
    emit();
  });
  void workbox.register();
  setInterval(() => void workbox?.update(), UPDATE_CHECK_MS);
  await navigator.serviceWorker.ready;
  if (!controlled) await cacheInWorker(fetchedBeforeControl());
  saveForOfflineWhenFree();
}

/** The shop's pictures and code this page fetched (Resource Timing), as URLs. */
const fetchedBeforeControl = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === location.origin && /^\/(assets|products)\//.test(url.pathname))
    .map((url) => url.href);

/** Lets the waiting version take over, then reloads once into it. */
export function applyUpdate(): void {
  if (!workbox) return;
  let reloaded = false;
  workbox.addEventListener('controlling', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  workbox.messageSkipWaiting();
}

/** Checks for a new version now (also used by tests). */
export const checkForUpdate = () => workbox?.update();

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True while a new version waits to be applied. */
export const useUpdateAvailable = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => waiting,
    () => false,
  );
