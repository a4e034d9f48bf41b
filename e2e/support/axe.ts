/** Runs axe-core in the page and returns its serious and critical violations (ids and targets). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function seriousA11yViolations(page: Page, exclude?: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, as test tooling: an injected <script> tag would be
  // (rightly) refused by the app's Content-Security-Policy.
  await page.evaluate(axeSource);
  return page.evaluate(async (excluded) => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document | { include: Document; exclude: string[][] },
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(excluded ? { include: document, exclude: [[excluded]] } : document);
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
  }, exclude);
}

/**
 * axe's serious and critical findings of the page outside its toasts, once none is showing: a
 * toast fading in or out is judged at its animated opacity, a contrast failure no shopper sees —
 * and one raised while axe runs (an outbox's send reported late) is left out too. The caller
 * first waits for every toast its actions raised (Sonner is loaded with the first one, so a toast
 * may appear well after the click that raised it).
 */
export async function seriousA11yViolationsWithoutToasts(page: Page): Promise<string[]> {
  await expect.poll(() => page.locator('[data-sonner-toast]').count()).toBe(0);
  return seriousA11yViolations(page, '[data-sonner-toaster]');
}
