/**
 * Runs the outbox sender from the page: at start, when the connection returns (`online`), when
 * the app is shown again (`visibilitychange`), and right after something is queued; it also
 * registers Background Sync, where the browser has it, so the service worker sends too.
 * The sender (and Dexie with it) is loaded for the first run, which waits until the page has settled.
 */
import { currentIdToken } from '../../api-client';
import { whenSettled } from '../../idle';
import { OUTBOX_SYNC_TAG } from '../../storage-keys';

let running: Promise<number> | undefined;
let onSent: () => void = () => undefined;

/** Sends what is due now (one run at a time in this tab; Web Locks serialise across tabs). */
export function sendNow(): Promise<number> {
  // Offline there is nothing to try, and a token refresh would hang until the network returns.
  if (!navigator.onLine) return Promise.resolve(0);
  // Signed out (or the session not restored yet) nothing may be sent: queued items are sent
  // with their owner's token. Then neither the sender nor Dexie is loaded.
  running ??= currentIdToken()
    .then(async (token) => (token ? (await import('./page-sender')).sendOutbox(currentIdToken) : 0))
    .then((sent) => {
      if (sent > 0) onSent();
      return sent;
    })
    .catch(() => 0)
    .finally(() => {
      running = undefined;
    });
  return running;
}

/**
 * Runs the outbox once more after the run under way, if any: what became sendable since that run
 * read the outbox goes too — an item just queued (checkout waits for its own order's answer), or
 * an item the service worker could not send with the stale token it had (401, note `signIn`) now
 * that the page has a fresh ID token (the session restored at start, or a sign-in).
 * @returns the number of items the new run sent.
 */
export function sendAfterCurrentRun(): Promise<number> {
  return (running ?? Promise.resolve()).then(() => sendNow());
}

/** Asks for a Background Sync of the outbox (Chromium); elsewhere the page triggers suffice. */
export async function requestBackgroundSync(): Promise<void> {
  const registration = await navigator.serviceWorker?.getRegistration();
  const sync = (
    registration as (ServiceWorkerRegistration & { sync?: { register: (tag: string) => Promise<void> } }) | undefined
  )?.sync;
  await sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** Starts the triggers once, at app start; `whenSent` runs after a run that sent something. */
export function startOutboxRunner(whenSent: () => void): void {
  onSent = whenSent;
  whenSettled(() => void sendNow());
  window.addEventListener('online', () => void sendNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void sendNow();
  });
  // Retries with backoff fall due while the app stays open.
  setInterval(() => {
    if (navigator.onLine) void sendNow();
  }, 15_000);
}
