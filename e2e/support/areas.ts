/** The delivery area picker in browser tests (DESIGN.md §15): checkout, the cart and the profile's addresses. */
import type { Page } from 'playwright-core';

/**
 * Chooses delivery area `areaId` (e.g. `dhanmondi`, `savar`: ids the seed has) in the `nth` area
 * picker of `page`, once the areas are loaded (Playwright waits for the option).
 */
export async function chooseArea(page: Page, areaId: string, nth = 0): Promise<void> {
  await page.getByTestId('area-picker').nth(nth).locator('select').selectOption(areaId);
}
