/**
 * The shopper's first tap, click or key press on the page, heard from the app's start, so work
 * that waits for it (saving data, the service worker's install: features/offline/register-worker)
 * also counts a tap made before that work's code arrived. (User Activation's `hasBeenActive`
 * cannot stand in: Chromium sets it on a page opened from the address bar.)
 */
let touched = false;
const waiting = new Set<() => void>();
// `click` too: a tap made before the app ran is replayed as one (lib/early-taps.ts).
const events = ['pointerdown', 'keydown', 'click'] as const;

const onTouch = () => {
  touched = true;
  events.forEach((type) => window.removeEventListener(type, onTouch, { capture: true }));
  waiting.forEach((resolve) => resolve());
  waiting.clear();
};

/** Starts listening for the first touch; call once, at the app's start. */
export function watchFirstTouch(): void {
  events.forEach((type) => window.addEventListener(type, onTouch, { capture: true, passive: true }));
}

/** Resolves at once if the page was touched since watchFirstTouch(), else at the first touch. */
export const firstTouch = (): Promise<void> =>
  touched ? Promise.resolve() : new Promise((resolve) => waiting.add(resolve));
