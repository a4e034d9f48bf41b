/**
 * Taps on a prerendered page before the app runs (DESIGN.md §13). The page is drawn
 * and its buttons are there long before the app's code arrives on a slow phone; a shopper who taps
 * Add to cart then would otherwise lose that tap. index.html's inline script (pwa/route-preload.ts)
 * records each tapped button under {@link EARLY_TAPS} (and keeps the tap from doing anything
 * natively, such as submitting a form); the app stops the recording as it hands the page to React,
 * which handles every later tap itself — during hydration too, by hydrating the tapped part first —
 * and replays the recorded ones once hydrated.
 */

/** The page global the inline script keeps its recording under: `{ taps, stop }`. */
export const EARLY_TAPS = '__tazaHaatEarlyTaps';

type Recording = { taps: HTMLButtonElement[]; stop: () => void };

/**
 * Stops the inline script's recording (call it in the task that calls hydrateRoot, so no tap
 * falls between the two) and returns the buttons tapped so far, oldest first; `[]` when nothing
 * was recorded (a page that is not prerendered).
 */
export function stopEarlyTaps(): HTMLButtonElement[] {
  const scope = window as unknown as Record<string, Recording | undefined>;
  const recording = scope[EARLY_TAPS];
  if (!recording) return [];
  recording.stop();
  delete scope[EARLY_TAPS];
  return recording.taps;
}

/**
 * Taps `buttons` again, in order, now that the app handles them: those the hydrated page still
 * shows and enables (a button the hydrated page disabled, e.g. sold out, stays untapped).
 */
export function replayTaps(buttons: readonly HTMLButtonElement[]): void {
  for (const button of buttons) if (button.isConnected && !button.disabled) button.click();
}
