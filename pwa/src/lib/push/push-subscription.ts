/**
 * This device's Web Push subscription (DESIGN.md §11): whether notifications can be, and are, on;
 * turning them on (the permission prompt, `pushManager.subscribe` with the server's VAPID key,
 * `POST /api/push/subscriptions` with the language shown) and off (`DELETE`, then unsubscribe).
 * Loaded only when a push screen or a sign-out needs it, never with the shop's first page.
 */
import { base64url, fromBase64url } from '@contract/base64url';
import type { PushLocale } from '@contract/push';
import { api, readResponse } from '../api-client';

/**
 * `unsupported`: no service worker or Push API here (or the server has push off); `denied`: the
 * person blocked notifications for the site; `off`/`on`: whether this device is subscribed.
 */
export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

/** True when this browser has what Web Push needs. */
const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window &&
  window.isSecureContext;

/** How long to wait for the service worker of a first visit to be ready (ms); none comes in development. */
const READY_TIMEOUT_MS = 10_000;

/** The service worker's registration once it is active (a first visit's is still installing), or undefined. */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined;
  const registered = await navigator.serviceWorker.getRegistration();
  if (registered?.active) return registered;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), READY_TIMEOUT_MS)),
  ]);
}

/** This device's push subscription, if any. */
async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await registration())?.pushManager.getSubscription()) ?? null;
}

/** Where this device stands (see {@link PushState}). */
export async function readPushState(): Promise<PushState> {
  if (!(await registration())) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return Notification.permission === 'granted' && (await currentSubscription()) ? 'on' : 'off';
}

/** The server's VAPID public key. @throws ApiRequestError 404 `push_not_configured` when push is off. */
const publicKey = async () => (await readResponse(api.push['public-key'].$get())).publicKey;

/**
 * Asks for permission (call from a click: browsers allow the prompt only then), subscribes this
 * device with the server's key and stores it for the signed-in account, in `locale`.
 * @returns the state after: `on`, or `denied`/`off` when the person did not allow it.
 * @throws ApiRequestError (server refused or push off) or DOMException (the push service failed).
 */
export async function turnPushOn(locale: PushLocale): Promise<PushState> {
  const reg = await registration();
  if (!reg) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const key = await publicKey();
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made with another key (the server's keys changed) cannot be used: make a new one.
  const made = subscription?.options.applicationServerKey;
  if (subscription && made && base64url(made) !== base64url(fromBase64url(key))) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(key) });
  const json = subscription.toJSON();
  await readResponse(
    api.push.subscriptions.$post({
      json: {
        endpoint: json.endpoint ?? '',
        keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        locale,
      },
    }),
  );
  return 'on';
}

/** How long a sign-out waits for the server to forget this device before it goes on (ms). */
const FORGET_TIMEOUT_MS = 3000;

/**
 * Turns this device's notifications off: the server forgets the subscription (while the account
 * is still signed in), then the browser drops it. Offline, the browser still drops it; the push
 * service then answers the server 404/410 and the server deletes its copy. Never throws.
 */
export async function turnPushOff(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription) return;
  const forget = readResponse(api.push.subscriptions.$delete({ json: { endpoint: subscription.endpoint } })).catch(
    () => undefined,
  );
  await Promise.race([forget, new Promise((resolve) => setTimeout(resolve, FORGET_TIMEOUT_MS))]);
  await subscription.unsubscribe().catch(() => false);
}
