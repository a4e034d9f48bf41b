/**
 * The interface Web Push messages are sent through (DESIGN.md §11). Node and Workers use one
 * implementation, on WebCrypto (push/webcrypto-sender.ts): it encrypts the payload for the subscription (RFC 8291, `aes128gcm`),
 * signs a VAPID JWT for the push service's origin (RFC 8292) and posts it. The app gets the sender
 * injected (app.ts AppDeps), as it gets its database.
 */

/** A browser's push subscription as stored (push/subscriptions.ts). */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

/** RFC 8030 §5.2–5.4: how long the push service keeps the message, its urgency, and a topic that replaces an undelivered earlier one. */
export type SendOptions = { ttl: number; urgency: 'very-low' | 'low' | 'normal' | 'high'; topic?: string };

/** Sends one message. @returns the push service's HTTP status. @throws on a network failure or timeout. */
export type PushSender = {
  send(subscription: PushTarget, payload: string, options: SendOptions): Promise<{ status: number }>;
};

/** How long a sender waits for a push service (ms) before it gives the message up. */
export const PUSH_TIMEOUT_MS = 10_000;
