/**
 * A first visit that saves data (DESIGN.md §5, Data) keeps only the first screen until the
 * shopper does something on the page: what makes the shop work offline — the service worker and
 * its precache, the catalogue's copy in IndexedDB — waits for the first tap, so a look that ends
 * there costs the first screen alone.
 */
import { savingData } from './data-saver';

/**
 * Resolves on the shopper's first tap, click or key press on the page: at once when there was
 * one before this code arrived (Event Timing's `first-input` entry, which the browser keeps from
 * the page's start where it has it; User Activation's sticky flag cannot stand in, as Chromium
 * sets it on a page opened from the address bar), else at the next.
 */
const firstTouch = (): Promise<void> =>
  new Promise((resolve) => {
    if (performance.getEntriesByType('first-input').length > 0) return resolve();
    const events = ['pointerdown', 'keydown', 'click'] as const;
    const touched = () => {
      events.forEach((type) => window.removeEventListener(type, touched, { capture: true }));
      resolve();
    };
    events.forEach((type) => window.addEventListener(type, touched, { capture: true, passive: true }));
  });

/**
 * Resolves when the page may fetch or store what it needs offline: at once, except on a first
 * visit (no service worker controls the page) while saving data, where it waits for the
 * shopper's first touch (firstTouch).
 */
export function whenOfflineIsWanted(): Promise<void> {
  const controlled = 'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;
  return controlled || !savingData() ? Promise.resolve() : firstTouch();
}
