/**
 * Web Push between the API and the service worker (DESIGN.md §11), shared by both: the
 * subscription the PWA posts, and the payload the API sends. The payload carries codes, never
 * words: the service worker shows the title and body for its `type` (and `status`) from the PWA's
 * catalogues in the payload's `locale`, the language chosen when subscribing, so every word a
 * person reads lives in en.json/bn.json (pwa/src/offline/push-handlers.ts).
 */
import { myOrdersUrl } from './my-orders';
import { z } from 'zod';
import type { OrderStatus } from './delivery';
import type { ProblemDecision } from './problem';

const pushLocales = ['en', 'bn'] as const;
export type PushLocale = (typeof pushLocales)[number];

/** base64url without padding, of exactly `bytes` bytes. */
const base64Url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, { message: `Must be base64url (${what})` })
    .length(Math.ceil((bytes * 4) / 3), { message: `Must be ${bytes} bytes, base64url (${what})` });

/**
 * `POST /api/push/subscriptions`: a PushSubscription's JSON (`subscription.toJSON()`) and the
 * language to notify in. The endpoint's push service is checked against the server's allow-list
 * by the route (push/origins.ts).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2048, { message: 'At most 2048 characters' })
    .regex(/^https:\/\//i, { message: 'Must be an https: URL of a push service' }),
  keys: z.object({
    // An uncompressed P-256 point (0x04, x, y): its base64url starts with "B".
    p256dh: base64Url(65, 'a P-256 public key').regex(/^B/, { message: 'Must be an uncompressed P-256 public key' }),
    auth: base64Url(16, 'the auth secret'),
  }),
  locale: z.enum(pushLocales).default('en'),
});
export type PushSubscriptionInput = z.input<typeof pushSubscriptionSchema>;

/** `DELETE /api/push/subscriptions`: the endpoint of this device's subscription. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2048) });

/**
 * What a notification is about: an order moved (`status`), a payment completed or was refunded
 * (`status` Cancelled when the refund cancelled it), or, for admins, a new order. Riders
 * (DESIGN.md §18): `on-the-way` when the rider sets out (`onTheWay`: the rider's name and the
 * deliveries before this one), `next-stop` when the delivery before this one is done ("you're next").
 * After delivery (DESIGN.md §19): `problem-decided` when an admin decides a reported problem.
 */
export const pushTypes = [
  'order-status',
  'payment-completed',
  'payment-refunded',
  'new-order',
  'on-the-way',
  'next-stop',
  'problem-decided',
] as const;
export type PushType = (typeof pushTypes)[number];

/**
 * The JSON a push message carries. `url` is the page the notification opens (same-origin path);
 * `tag` groups an order's notifications so a newer one replaces the older on the phone.
 */
export type PushPayload = {
  type: PushType;
  orderId: string;
  status?: OrderStatus;
  url: string;
  tag: string;
  locale: PushLocale;
  /**
   * On status Packed (DESIGN.md §17): the final bill (whole Tk) and the names of the products
   * substituted and not found, as the order's lines name them.
   */
  packed?: { finalAmount: number; substituted: string[]; missing: string[] };
  /**
   * On type `on-the-way` (DESIGN.md §18): the rider's display name and how many deliveries they
   * make before this order (0: it is the first).
   */
  onTheWay?: { riderName: string; deliveriesBefore: number };
  /** On type `next-stop`: the rider's display name ("<rider> is coming to you next"). */
  nextStop?: { riderName: string };
  /**
   * On type `problem-decided` (DESIGN.md §19): the admin's decision on a reported problem and the
   * Tk credited or refunded (0 for a decline; its note is read in My Orders, not pushed).
   */
  problem?: { decision: ProblemDecision; amount: number };
};

/** The shopper's page of their order: My Orders with that order picked out. */
export const shopperOrderUrl = (orderId: string) => myOrdersUrl({ order: orderId });

/** The admin's page of an order (pwa/src/config/paths.ts dashboard.orderDetails). */
export const adminOrderUrl = (orderId: string) => `/dashboard/manage-orders/${encodeURIComponent(orderId)}`;
