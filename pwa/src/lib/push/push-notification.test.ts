/** The notification the service worker shows for each push payload, in the subscriber's language, from the catalogues. */
import { describe, expect, it } from 'vitest';
import { readMessages } from '../../../i18n-inline';
import { notificationFor, pickPushMessages, type PushMessages } from './push-notification';

/** A catalogue as the service worker's build reads it (pwa/push-messages.ts): the JSON's strings, not the compiled Bangla an import gives. */
const catalogue = (language: 'en' | 'bn'): Record<string, string> => readMessages(language);
const [en, bn] = [catalogue('en'), catalogue('bn')];
const messages = { en: pickPushMessages(en), bn: pickPushMessages(bn) } as PushMessages;
const origin = 'https://shop.example';
const order = '6f1c2d3e-0000-4000-8000-000000000001';
const url = `/dashboard/my-orders?order=${order}`;

describe('notificationFor', () => {
  it('says an order’s move in the language the shopper subscribed in, opening that order', () => {
    const shown = notificationFor(
      { type: 'order-status', orderId: order, status: 'Out for delivery', url, tag: `order-${order}`, locale: 'bn' },
      messages,
      origin,
    );
    expect(shown).toEqual({
      title: bn['push.notify.outForDelivery.title'],
      options: {
        body: bn['push.notify.outForDelivery.body'],
        tag: `order-${order}`,
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'bn',
        data: { url },
      },
    });
  });

  it.each([
    [{ type: 'order-status', status: 'Approved' }, 'push.notify.approved.title'],
    [{ type: 'order-status', status: 'Delivered' }, 'push.notify.delivered.title'],
    [{ type: 'order-status', status: 'Cancelled' }, 'push.notify.cancelled.title'],
    [{ type: 'payment-completed' }, 'push.notify.paid.title'],
    [{ type: 'payment-refunded' }, 'push.notify.refunded.title'],
    [{ type: 'payment-refunded', status: 'Cancelled' }, 'push.notify.cancelledRefunded.title'],
    [{ type: 'new-order' }, 'push.notify.newOrder.title'],
  ] as const)('%o → %s, in English by default', (payload, title) => {
    expect(notificationFor({ ...payload, orderId: order, url, tag: 't' }, messages, origin).title).toBe(en[title]);
  });

  it('says who is coming and how many deliveries come first, in the subscriber’s language and digits', () => {
    const base = { orderId: order, url, tag: `order-${order}` };
    const onTheWay = (deliveriesBefore: number, locale: 'en' | 'bn') =>
      notificationFor(
        { ...base, type: 'on-the-way', onTheWay: { riderName: 'Karim', deliveriesBefore }, locale },
        messages,
        origin,
      );
    expect([onTheWay(3, 'en').title, onTheWay(3, 'en').options.body]).toEqual([
      'On the way with Karim',
      '3 deliveries before yours. Have your delivery code ready.',
    ]);
    expect(onTheWay(12, 'bn').options.body).toBe('আপনার আগে ১২টি ডেলিভারি। ডেলিভারি কোড হাতে রাখুন।');
    expect(onTheWay(0, 'en').options.body).toBe(en['push.notify.onTheWay.bodyFirst']);
    const next = notificationFor(
      { ...base, type: 'next-stop', nextStop: { riderName: 'Karim' }, locale: 'bn' },
      messages,
      origin,
    );
    expect([next.title, next.options.body]).toEqual([
      bn['push.notify.nextStop.title'],
      'Karim এখন আপনার কাছে আসছেন। ডেলিভারি কোড হাতে রাখুন।',
    ]);
    // Without the rider's part the order is simply out for delivery.
    expect(notificationFor({ ...base, type: 'next-stop' }, messages, origin).title).toBe(
      en['push.notify.outForDelivery.title'],
    );
  });

  it('shows the general update for a payload it cannot read, and never opens another site', () => {
    for (const data of [undefined, 'text', { type: 'unknown' }]) {
      const shown = notificationFor(data, messages, origin);
      expect(shown.title).toBe(en['push.notify.update.title']);
      expect(shown.options.data.url).toBe('/dashboard/my-orders');
    }
    const foreign = notificationFor({ type: 'new-order', url: 'https://evil.example/x' }, messages, origin);
    expect(foreign.options.data.url).toBe('/dashboard/my-orders');
  });

  it('carries every notification message in both languages', () => {
    expect(Object.keys(messages.bn).sort()).toEqual(Object.keys(messages.en).sort());
    expect(Object.keys(messages.en).length).toBeGreaterThanOrEqual(18);
  });
});

describe('the Packed notification (DESIGN.md §17)', () => {
  const packed = (locale: 'en' | 'bn', part?: object) =>
    notificationFor(
      { type: 'order-status', status: 'Packed', orderId: order, url, tag: 't', locale, ...(part && { packed: part }) },
      messages,
      origin,
    );

  it('gives the final bill and names what was substituted and what was missing, in English', () => {
    const shown = packed('en', { finalAmount: 1234, substituted: ['Deshi tomato'], missing: ['Lau', 'Potol'] });
    expect(shown.title).toBe('Packed — final bill 1,234 Tk');
    expect(shown.options.body).toBe('Substituted: Deshi tomato. Not found, not charged: Lau, Potol.');
  });

  it('in Bangla, with Bangla digits and ৳', () => {
    const shown = packed('bn', { finalAmount: 130, substituted: [], missing: ['লাউ'] });
    expect(shown.title).toBe('প্যাক হয়েছে — চূড়ান্ত বিল ৳১৩০');
    expect(shown.options.body).toBe('পাওয়া যায়নি, দাম নেওয়া হয়নি: লাউ।');
  });

  it('says the order is on its way soon when every line was packed, and "Order packed" without the bill', () => {
    expect(packed('en', { finalAmount: 95, substituted: [], missing: [] }).options.body).toBe(
      en['push.notify.packed.body'],
    );
    expect(packed('en').title).toBe(en['push.notify.packed.titlePlain']);
  });
});

describe('the problem-decided notification (DESIGN.md §19)', () => {
  const decided = (locale: 'en' | 'bn', problem?: unknown) =>
    notificationFor(
      { type: 'problem-decided', orderId: order, url, tag: `problem-${order}`, locale, problem },
      messages,
      origin,
    );

  it('says the credit or the refund with its Tk, opening the order in My Orders', () => {
    const credited = decided('en', { decision: 'credit', amount: 40 });
    expect([credited.title, credited.options.body, credited.options.data.url]).toEqual([
      'Store credit added: 40 Tk',
      en['push.notify.problemCredited.body'],
      url,
    ]);
    expect(decided('en', { decision: 'refund', amount: 1250.5 }).title).toBe('Refunded: 1,250.5 Tk');
  });

  it('in Bangla, with Bangla digits and ৳; a decline sends the shopper to My Orders for why', () => {
    expect(decided('bn', { decision: 'credit', amount: 40 }).title).toBe('স্টোর ক্রেডিট যোগ হয়েছে: ৳৪০');
    const declined = decided('bn', { decision: 'decline', amount: 0 });
    expect([declined.title, declined.options.body]).toEqual([
      bn['push.notify.problemDeclined.title'],
      bn['push.notify.problemDeclined.body'],
    ]);
  });

  it('reads as an order update without its decision', () => {
    expect(decided('en').title).toBe(en['push.notify.update.title']);
    expect(decided('en', { decision: 'credit' }).title).toBe(en['push.notify.update.title']);
  });
});
