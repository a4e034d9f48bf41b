/**
 * The service worker's messages to the page, heard from the page's first script on: a message
 * posted before anyone listens is lost once the document has been parsed (the client message
 * queue is enabled then; Service Workers §ServiceWorkerContainer), and the worker's first ones
 * come early — its copy of the catalogue found out of date right after it answered the page's
 * first request, or queued orders sent by Background Sync as the app opens.
 */
import { CACHE_UPDATED_MESSAGE, OUTBOX_RAN_MESSAGE } from '../../lib/storage-keys';

/**
 * Calls `onCatalogueUpdated(path)` when the worker found newer catalogue JSON than it served
 * (workbox-broadcast-update), e.g. "/api/products" right after an admin's change, and
 * `onOutboxRan(sent)` after each of its Background Sync runs, `sent` the number of queued orders
 * and reviews it sent. Does nothing in a browser without service workers.
 */
export function listenToWorker(handlers: {
  onCatalogueUpdated: (path: string) => void;
  onOutboxRan: (sent: number) => void;
}) {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener(
    'message',
    (event: MessageEvent<{ type?: string; payload?: { updatedURL?: string }; sent?: number }>) => {
      if (event.data?.type === CACHE_UPDATED_MESSAGE && event.data.payload?.updatedURL)
        handlers.onCatalogueUpdated(new URL(event.data.payload.updatedURL).pathname);
      if (event.data?.type === OUTBOX_RAN_MESSAGE) handlers.onOutboxRan(event.data.sent ?? 0);
    },
  );
}
