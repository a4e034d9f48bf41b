/** The test hooks the e2e build puts on `window` (pwa/src/app/e2e-hooks.ts), typed for page.evaluate. */
import type { Page } from 'playwright-core';
import type { E2EHooks } from '../../pwa/src/app/e2e-hooks';

export type E2EWindow = { tazaHaatE2E?: E2EHooks };

/** Waits until the page has loaded its test hooks (they are imported after the app starts). */
export async function hooksReady(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as E2EWindow).tazaHaatE2E));
}
