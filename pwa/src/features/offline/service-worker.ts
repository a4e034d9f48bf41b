/**
 * The service worker's updates, as the page follows them: when a new version is waiting
 * (register-worker.ts tells), `useUpdateAvailable()` offers it; accepting asks it to take over
 * and reloads exactly once. On the first load: the registration itself loads later.
 */
import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

let workbox: Workbox | undefined;
let waiting = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Records the registered worker (register-worker.ts), for applyUpdate and checkForUpdate. */
export const setWorkbox = (registered: Workbox) => void (workbox = registered);

/** Records that a new version waits to be applied: useUpdateAvailable() turns true. */
export function markWaiting(): void {
  waiting = true;
  emit();
}

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
