/// <reference lib="webworker" />
/**
 * The service worker's Web Push handlers (DESIGN.md §11), imported by sw.ts. `push` shows the
 * notification for the message (lib/push/push-notification.ts) in the language chosen when
 * subscribing; `notificationclick` opens its page in the app: an open window of the app is focused
 * and taken there, else a new one opens.
 */
import { myOrdersUrl } from '@contract/my-orders';
import catalogues from 'virtual:push-messages';
import { notificationFor, type PushMessages } from '../push/push-notification';

declare const self: ServiceWorkerGlobalScope;

// The build takes every push.notify.* key of both catalogues (pwa/push-messages.ts), the keys PushMessages names.
const messages = catalogues as PushMessages;

/** The push data as JSON, or undefined when it is not JSON. */
function readData(event: PushEvent): unknown {
  try {
    return event.data?.json();
  } catch {
    return undefined;
  }
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationFor(readData(event), messages, self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses an open window of the app and takes it to `url`, or opens one there. */
async function openInApp(url: string): Promise<void> {
  const target = new URL(url, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // Focus may be refused (the window is closing); taking it to the order still helps.
    const focused = await open.focus().catch(() => open);
    // navigate() works on a window this worker controls; an uncontrolled one gets a new window.
    if ((await focused.navigate(target).catch(() => null)) !== null) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data as { url?: unknown } | null)?.url;
  event.waitUntil(openInApp(typeof url === 'string' ? url : myOrdersUrl()));
});
