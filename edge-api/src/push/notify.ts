/**
 * Order news by Web Push (DESIGN.md §11): whom each event notifies and with what payload
 * (contract/push.ts). Every function here is called after its write committed, returns at once
 * and never throws: the sending runs after the answer (`waitUntil` on Workers, a detached promise
 * on Node), a push service's 404 or 410 deletes that subscription, and any other failure is
 * logged — its status and the push service's origin only, never the endpoint's path or keys —
 * and dropped. Push is best-effort; the order's state is the truth.
 */
import type { Context } from 'hono';
import type { OrderStatus } from '../contract/delivery';
import { adminOrderUrl, shopperOrderUrl, type PushPayload, type PushType } from '../contract/push';
import { readOrderOwner } from '../db/orders';
import type { AppEnv } from '../env';
import { endpointOrigin } from './origins';
import type { SendOptions } from './sender';
import { adminSubscriptions, deleteSubscription, subscriptionsOf, type StoredSubscription } from './subscriptions';

/** A push service keeps order news a day: older news is stale (the app shows the truth). */
const TTL_SECONDS = 24 * 60 * 60;

/** RFC 8030 §5.4: a topic is at most 32 base64url characters; an order's id, dashes out, is one. */
const topicOf = (orderId: string) => orderId.replace(/[^A-Za-z0-9_]/g, '').slice(0, 32) || undefined;

/**
 * A failure as a log may name it: a system error's code (`ENOTFOUND`, `ECONNRESET`) or the error's
 * name (`TimeoutError`), never its message, which may quote the endpoint.
 */
function failureName(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return error instanceof Error ? error.name : 'unknown';
}

/**
 * Runs `task` after the answer: `waitUntil` where the runtime has an execution context (Workers),
 * else detached (Node, whose process lives on). `task` must not throw.
 */
function afterResponse(c: Context<AppEnv>, task: Promise<void>): void {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | undefined;
  try {
    ctx = c.executionCtx;
  } catch {
    // Node: Hono has no execution context there.
  }
  ctx?.waitUntil(task);
}

/** Sends `payload` (in each subscription's language) to `subscriptions`; never throws. */
async function sendAll(
  c: Context<AppEnv>,
  subscriptions: readonly StoredSubscription[],
  payload: Omit<PushPayload, 'locale'>,
  options: SendOptions,
): Promise<void> {
  const { pushSender, db, log } = c.var;
  if (!pushSender) return;
  await Promise.all(
    subscriptions.map(async (subscription) => {
      const service = endpointOrigin(subscription.endpoint);
      try {
        const { status } = await pushSender.send(
          subscription,
          JSON.stringify({ ...payload, locale: subscription.locale } satisfies PushPayload),
          options,
        );
        if (status === 404 || status === 410) {
          await deleteSubscription(db, subscription.endpoint);
          log.info('push subscription gone, removed', { pushService: service, status, type: payload.type });
        } else if (status < 200 || status > 299)
          log.warn('push message refused', { pushService: service, status, type: payload.type });
      } catch (error) {
        log.warn('push message not sent', { pushService: service, type: payload.type, reason: failureName(error) });
      }
    }),
  );
}

/** Schedules `find`'s subscriptions to get `payload`; a failure to read them is logged. */
function dispatch(
  c: Context<AppEnv>,
  find: () => Promise<StoredSubscription[]>,
  payload: Omit<PushPayload, 'locale'>,
  urgency: SendOptions['urgency'],
): void {
  if (!c.get('pushSender')) return;
  const topic = topicOf(payload.orderId);
  const task = find()
    .then((subscriptions) =>
      sendAll(c, subscriptions, payload, { ttl: TTL_SECONDS, urgency, ...(topic ? { topic } : {}) }),
    )
    .catch((error: unknown) => {
      c.var.log.warn('push news not sent', {
        type: payload.type,
        orderId: payload.orderId,
        reason: failureName(error),
      });
    });
  afterResponse(c, task);
}

/**
 * Tells the shopper who placed `orderId` (all their devices) about it: `news` is the payload's
 * optional parts (`status`, and `packed`, `onTheWay` or `nextStop` for their types); the rider's
 * news goes `high` urgency, as the shopper should see it before the door.
 */
function notifyShopper(
  c: Context<AppEnv>,
  orderId: string,
  type: PushType,
  news: Pick<PushPayload, 'status' | 'packed' | 'onTheWay' | 'nextStop' | 'problem'> = {},
  urgency: 'normal' | 'high' = 'normal',
): void {
  const { db } = c.var;
  const parts = Object.fromEntries(Object.entries(news).filter(([, value]) => value !== undefined));
  dispatch(
    c,
    async () => {
      const owner = await readOrderOwner(db, orderId);
      return owner ? subscriptionsOf(db, owner) : [];
    },
    { type, orderId, ...parts, url: shopperOrderUrl(orderId), tag: `order-${orderId}` },
    urgency,
  );
}

/**
 * The shopper's order `orderId` was packed (DESIGN.md §17): status Packed with the final bill
 * (whole Tk) and the names of the products substituted and not found, as the order's lines name
 * them. Call after the packing committed, once.
 */
export function notifyOrderPacked(
  c: Context<AppEnv>,
  orderId: string,
  packed: NonNullable<PushPayload['packed']>,
): void {
  notifyShopper(c, orderId, 'order-status', { status: 'Packed', packed });
}

/**
 * The shopper's order `orderId` moved to `status` (Approved, Out for delivery, Delivered; or
 * Cancelled by an admin). For an order an admin deleted, call before the row goes: its owner is
 * read in the background, so pass {@link notifyOrderCancelled} the owner instead.
 */
export function notifyOrderStatus(c: Context<AppEnv>, orderId: string, status: OrderStatus): void {
  notifyShopper(c, orderId, 'order-status', { status });
}

/** An admin deleted the unpaid order `orderId` of account `ownerUid` (the row is gone: the owner is given). */
export function notifyOrderCancelled(c: Context<AppEnv>, orderId: string, ownerUid: string): void {
  dispatch(
    c,
    () => subscriptionsOf(c.var.db, ownerUid),
    { type: 'order-status', orderId, status: 'Cancelled', url: shopperOrderUrl(orderId), tag: `order-${orderId}` },
    'normal',
  );
}

/**
 * The payment of order `orderId` completed (Stripe's webhook marked it paid; bKash's callback
 * after its execute succeeds). Call after the write that records it committed, once per payment.
 */
export function notifyPaymentCompleted(c: Context<AppEnv>, orderId: string): void {
  notifyShopper(c, orderId, 'payment-completed');
}

/**
 * The payment of order `orderId` was refunded in full; `cancelled` when the refund cancelled the
 * order (an admin's cancel), so the notification says both. Call after the refund is recorded.
 */
export function notifyPaymentRefunded(
  c: Context<AppEnv>,
  orderId: string,
  options: { cancelled?: boolean } = {},
): void {
  notifyShopper(c, orderId, 'payment-refunded', options.cancelled ? { status: 'Cancelled' } : {});
}

/** A new order `orderId` arrived: every admin's devices are told, at high urgency (someone must pack it). */
export function notifyNewOrder(c: Context<AppEnv>, orderId: string): void {
  dispatch(
    c,
    () => adminSubscriptions(c.var.db),
    { type: 'new-order', orderId, url: adminOrderUrl(orderId), tag: `new-order-${orderId}` },
    'high',
  );
}

/**
 * The rider set out with the shopper's order `orderId` (DESIGN.md §18): "On the way with <rider>
 * — N deliveries before yours". Call after the order went Out for delivery, once.
 */
export function notifyOnTheWay(
  c: Context<AppEnv>,
  orderId: string,
  onTheWay: NonNullable<PushPayload['onTheWay']>,
): void {
  notifyShopper(c, orderId, 'on-the-way', { status: 'Out for delivery', onTheWay }, 'high');
}

/** The stop before the shopper's order `orderId` was delivered: "You're next" (DESIGN.md §18). */
export function notifyNextStop(
  c: Context<AppEnv>,
  orderId: string,
  nextStop: NonNullable<PushPayload['nextStop']>,
): void {
  notifyShopper(c, orderId, 'next-stop', { nextStop }, 'high');
}

/**
 * An admin decided a problem the shopper reported on order `orderId` (DESIGN.md §19): the decision
 * and the Tk credited or refunded (0 for a decline). Call after the decision (and, for a refund,
 * the refund) is recorded, once.
 */
export function notifyProblemDecided(
  c: Context<AppEnv>,
  orderId: string,
  problem: NonNullable<PushPayload['problem']>,
): void {
  notifyShopper(c, orderId, 'problem-decided', { problem });
}
