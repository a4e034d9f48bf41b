/**
 * Asking the page's service worker to cache something (pwa/src/sw.ts, CACHE_URLS_MESSAGE), with
 * the answer on a MessageChannel.
 */
import { useEffect } from 'react';
import type { SAVE_PICTURES_MESSAGE } from '../../lib/storage-keys';
import { CACHE_URLS_MESSAGE, ROLE_CODE_MESSAGE } from '../../lib/storage-keys';
import { whenSettled } from '../../lib/idle';

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
  if (urls.length > 0) await ask({ type: message, payload: { urlsToCache: urls } });
}

/** Posts `message` to the active service worker and resolves when it answers (at once without one). */
async function ask(message: { type: string; payload: unknown }): Promise<void> {
  if (!workerAvailable()) return;
  const { active } = await navigator.serviceWorker.ready;
  if (!active) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    active.postMessage(message, [channel.port2]);
  });
}

/**
 * Whose screens a first visit leaves out of the precache (vite.config.ts roleScreens): the admin's,
 * the rider's, and a signed-in shopper's (checkout, My Orders, the profile), which nobody signed
 * out can open.
 */
export type CodeRole = 'admin' | 'rider' | 'shopper';

/**
 * Once `role` (undefined for none) has its screens open, or for `shopper` once someone is signed
 * in, and the page has settled, asks the service worker to cache all of that role's code
 * (ROLE_CODE_MESSAGE), which a first visit's precache leaves out, so each of its screens opens
 * offline afterwards.
 */
export function useRoleCode(role: CodeRole | undefined): void {
  useEffect(() => {
    if (role) return whenSettled(() => void ask({ type: ROLE_CODE_MESSAGE, payload: { role } }));
  }, [role]);
}
