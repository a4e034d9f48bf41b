/**
 * The page's service worker as a test waits for it and reads it: whether it controls the page,
 * what its caches hold, and whether a signed-in shopper's code is kept for offline use.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Every cache of the page's origin → the URL paths it holds. */
export const cacheContents = (page: Page): Promise<Record<string, string[]>> =>
  page.evaluate(async () =>
    Object.fromEntries(
      await Promise.all(
        (await caches.keys()).map(async (name) => {
          const requests = await (await caches.open(name)).keys();
          return [name, requests.map((request) => new URL(request.url).pathname)] as const;
        }),
      ),
    ),
  );

/** Waits until the service worker controls the page (installed, precached, claimed after a reload). */
export async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
  await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller));
}

/**
 * Waits, on a signed-in page the service worker controls, until the worker has cached a signed-in
 * shopper's screens (checkout, My Orders, the profile) and the delivery areas: a first visit
 * leaves them out and the header asks for them once someone is signed in
 * (features/offline/components/shopper-code.tsx), so a test that goes offline right after signing
 * in waits as a shopper's phone would have.
 */
export async function shopperCodeKept(page: Page): Promise<void> {
  await expect
    .poll(
      async () => {
        const caches = await cacheContents(page);
        return [...(caches['code-on-demand'] ?? []), ...(caches['delivery-areas'] ?? [])];
      },
      { timeout: 15_000 },
    )
    .toEqual(
      expect.arrayContaining([
        ...['checkout', 'dashboard-my-orders', 'profile'].map((screen) =>
          expect.stringMatching(new RegExp(`^/assets/${screen}-`)),
        ),
        '/api/delivery-areas',
      ]),
    );
}
