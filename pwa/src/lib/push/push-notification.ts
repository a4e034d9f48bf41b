/**
 * What the service worker shows for a push message (DESIGN.md §11): the payload (contract/push.ts)
 * carries codes and the language chosen when subscribing; the title and body come from the PWA's
 * catalogues, the `push.notify.*` messages of en.json and bn.json, which the service worker's
 * build takes in (pwa/push-messages.ts: only those keys, not the whole catalogues). Pure, so it is
 * tested without a service worker.
 */
import type { OrderStatus } from '@contract/delivery';
// Relative, not @contract/…: vite.config.ts loads this file under Node, which knows no alias.
// eslint-disable-next-line no-restricted-imports
import { myOrdersUrl } from '../../../../edge-api/src/contract/my-orders';
import type { PushPayload } from '@contract/push';
import type english from '../i18n/locales/en.json';

/** The catalogue keys a notification may show. */
export type PushMessageId = Extract<keyof typeof english, `push.notify.${string}`>;
/** The notification messages of each language. */
export type PushMessages = Record<'en' | 'bn', Record<PushMessageId, string>>;

/** The prefix of the messages the service worker carries. */
const PUSH_MESSAGE_PREFIX = 'push.notify.';

/** A catalogue's notification messages (what the service worker's build keeps of it). */
export const pickPushMessages = (catalogue: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(catalogue).filter(([id]) => id.startsWith(PUSH_MESSAGE_PREFIX)));

/** A notification ready for `registration.showNotification(title, options)`. */
export type ShownNotification = {
  title: string;
  options: { body: string; tag: string; icon: string; badge: string; lang: string; data: { url: string } };
};

/** Fills a message's `{name}` placeholders (the service worker carries the messages, not the i18n library). */
const fill = (message: string, values: Record<string, string>): string =>
  message.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/**
 * The Packed notification (DESIGN.md §17): "Packed — final bill 130 Tk" (Bangla "৳১৩০"), and the
 * products substituted and not found when there are any, else that the order is on its way soon.
 * A payload without its `packed` part reads "Order packed".
 */
function packedTexts(
  packed: PushPayload['packed'] | undefined,
  locale: 'en' | 'bn',
  t: (id: PushMessageId) => string,
): [string, string] {
  const valid = packed && typeof packed.finalAmount === 'number' && Number.isFinite(packed.finalAmount);
  if (!valid) return [t('push.notify.packed.titlePlain'), t('push.notify.packed.body')];
  const amount = new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-BD', { maximumFractionDigits: 2 }).format(
    packed.finalAmount,
  );
  const names = (list: unknown) => (Array.isArray(list) ? list.filter((n) => typeof n === 'string').join(', ') : '');
  const [substituted, missing] = [names(packed.substituted), names(packed.missing)];
  const body = [
    substituted && fill(t('push.notify.packed.substituted'), { names: substituted }),
    missing && fill(t('push.notify.packed.missing'), { names: missing }),
  ].filter(Boolean);
  return [
    fill(t('push.notify.packed.title'), { amount }),
    body.length > 0 ? body.join(' ') : t('push.notify.packed.body'),
  ];
}

/**
 * The rider's news (DESIGN.md §18): at set-out "On the way with Karim" and the deliveries before
 * this one (in the language's digits; "yours is the first" at 0); after the stop before, "You're
 * next". A payload without its part, or without the rider's name, reads as Out for delivery.
 */
function riderTexts(
  payload: Partial<PushPayload>,
  locale: 'en' | 'bn',
  t: (id: PushMessageId) => string,
): [string, string] {
  const part = payload.type === 'on-the-way' ? payload.onTheWay : payload.nextStop;
  const rider = typeof part?.riderName === 'string' ? part.riderName.trim() : '';
  if (!rider) return [t('push.notify.outForDelivery.title'), t('push.notify.outForDelivery.body')];
  if (payload.type === 'next-stop')
    return [t('push.notify.nextStop.title'), fill(t('push.notify.nextStop.body'), { rider })];
  const before = payload.onTheWay?.deliveriesBefore;
  const count = typeof before === 'number' && Number.isInteger(before) && before > 0 ? before : 0;
  const body =
    count === 0
      ? t('push.notify.onTheWay.bodyFirst')
      : fill(t('push.notify.onTheWay.body'), {
          before: new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-BD').format(count),
        });
  return [fill(t('push.notify.onTheWay.title'), { rider }), body];
}

/**
 * A decision on a problem the shopper reported (DESIGN.md §19): "Store credit added: 40 Tk" or
 * "Refunded: 40 Tk" (in the language's digits), or declined — the reason is read in My Orders.
 * A payload without its `problem` part, or with an unknown decision, reads as an order update.
 */
function problemTexts(
  problem: PushPayload['problem'] | undefined,
  locale: 'en' | 'bn',
  t: (id: PushMessageId) => string,
): [string, string] | undefined {
  if (problem?.decision === 'decline')
    return [t('push.notify.problemDeclined.title'), t('push.notify.problemDeclined.body')];
  if (problem?.decision !== 'credit' && problem?.decision !== 'refund') return undefined;
  if (typeof problem.amount !== 'number' || !Number.isFinite(problem.amount)) return undefined;
  const amount = new Intl.NumberFormat(locale === 'bn' ? 'bn-BD' : 'en-BD', { maximumFractionDigits: 2 }).format(
    problem.amount,
  );
  return problem.decision === 'credit'
    ? [fill(t('push.notify.problemCredited.title'), { amount }), t('push.notify.problemCredited.body')]
    : [fill(t('push.notify.problemRefunded.title'), { amount }), t('push.notify.problemRefunded.body')];
}

/** The title and body of `payload`, by its type and status. */
function texts(payload: Partial<PushPayload>, locale: 'en' | 'bn', t: (id: PushMessageId) => string): [string, string] {
  switch (payload.type) {
    case 'new-order':
      return [t('push.notify.newOrder.title'), t('push.notify.newOrder.body')];
    case 'on-the-way':
    case 'next-stop':
      return riderTexts(payload, locale, t);
    case 'problem-decided': {
      const decided = problemTexts(payload.problem, locale, t);
      if (decided) return decided;
      break;
    }
    case 'payment-completed':
      return [t('push.notify.paid.title'), t('push.notify.paid.body')];
    case 'payment-refunded':
      return payload.status === 'Cancelled'
        ? [t('push.notify.cancelledRefunded.title'), t('push.notify.cancelledRefunded.body')]
        : [t('push.notify.refunded.title'), t('push.notify.refunded.body')];
    case 'order-status': {
      // One entry per state, so a new state is a typecheck error here until it has its texts.
      const byStatus: Record<OrderStatus, (() => [string, string]) | null> = {
        Pending: null,
        Approved: () => [t('push.notify.approved.title'), t('push.notify.approved.body')],
        Packed: () => packedTexts(payload.packed, locale, t),
        'Out for delivery': () => [t('push.notify.outForDelivery.title'), t('push.notify.outForDelivery.body')],
        Delivered: () => [t('push.notify.delivered.title'), t('push.notify.delivered.body')],
        Cancelled: () => [t('push.notify.cancelled.title'), t('push.notify.cancelled.body')],
      };
      const known = payload.status && Object.hasOwn(byStatus, payload.status) ? byStatus[payload.status] : null;
      if (known) return known();
    }
  }
  return [t('push.notify.update.title'), t('push.notify.update.body')];
}

/**
 * The notification for push data `data` (the decrypted JSON, or anything else a push service
 * delivered), in its `locale` (English by default). A browser requires every push to show one, so
 * an unreadable payload gets the general "Order update" opening My Orders. `url` is kept only
 * when it is a path of this app (`origin`): a notification never opens another site.
 */
export function notificationFor(data: unknown, messages: PushMessages, origin: string): ShownNotification {
  const payload = (typeof data === 'object' && data !== null ? data : {}) as Partial<PushPayload>;
  const locale = payload.locale === 'bn' ? 'bn' : 'en';
  const [title, body] = texts(payload, locale, (id) => messages[locale][id] ?? messages.en[id] ?? id);
  let url = myOrdersUrl();
  if (typeof payload.url === 'string') {
    const resolved = new URL(payload.url, origin);
    if (resolved.origin === origin) url = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  }
  return {
    title,
    options: {
      body,
      tag: typeof payload.tag === 'string' ? payload.tag : 'order-update',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: locale,
      data: { url },
    },
  };
}
