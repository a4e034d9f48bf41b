/**
 * Web Push in Chromium (DESIGN.md §11): a shopper with an order is offered
 * notifications on My Orders and turns them on; the profile's switch shows it; the service worker
 * shows a pushed order update in the shopper's language and clicking it opens that order; the
 * switch turns them off and on; signing out removes the device's subscription. An admin turns on
 * new-order news from the dashboard. Screenshots at 390×844 and 768×1024, in English and Bangla,
 * go to test-results/screenshots/push-*.png.
 *
 * Headless Chromium has no push service: `pushManager.subscribe` fails ("Registration failed -
 * permission denied") even with the permission granted. So the page's PushManager gives a
 * subscription the test made (an endpoint on the stack's push service, E2E_PUSH_SERVICE_ORIGIN,
 * and real P-256 keys), and the test checks what the page posts and the server keeps. The message
 * itself reaches the real service worker through the DevTools protocol
 * (`ServiceWorker.deliverPushMessage`), and the click is the worker's `notificationclick`
 * dispatched in the worker (no notification can be clicked headless).
 */
import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { adminOrderUrl, shopperOrderUrl, type PushPayload } from '../edge-api/src/contract/push';
import { openDatabase } from '../edge-api/src/db/client';
import { bn, en } from './support/catalogues';
import { E2E_PUSH_SERVICE_ORIGIN } from '../scripts/lib/stack';
import { logIn, newAccount, placeOrderFor, verifyEmail } from './support/accounts';
import { seriousA11yViolations } from './support/axe';
import { useBrowser } from './support/browser';

const browser = useBrowser();
const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
/** A stopped service worker starts again for a push: on two busy cores that takes a few seconds. */
const POLL = { timeout: 15_000, interval: 200 };

/** A browser's subscription as a push service would give it: an endpoint and real keys. */
function fakeSubscription(name: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${E2E_PUSH_SERVICE_ORIGIN}/push/${name}-${Date.now()}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/** Makes the page's PushManager hand out `subscription` (kept in localStorage across reloads). */
async function usePushService(context: BrowserContext, subscription: ReturnType<typeof fakeSubscription>) {
  await context.addInitScript((sub) => {
    const stored = 'e2ePushSubscribed';
    const make = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { applicationServerKey: null, userVisibleOnly: true },
      toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: { p256dh: sub.p256dh, auth: sub.auth } }),
      unsubscribe: () => {
        localStorage.removeItem(stored);
        return Promise.resolve(true);
      },
    });
    PushManager.prototype.subscribe = function () {
      localStorage.setItem(stored, '1');
      return Promise.resolve(make() as unknown as PushSubscription);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(localStorage.getItem(stored) ? (make() as unknown as PushSubscription) : null);
    };
  }, subscription);
}

/** The rows the server keeps for `endpoint`: its owner's language. */
async function storedSubscription(endpoint: string): Promise<{ locale: string } | undefined> {
  const db = await openDatabase(inject('databaseUrl'));
  try {
    const { rows } = await db.execute({
      sql: 'SELECT locale FROM push_subscriptions WHERE endpoint = ?',
      args: [endpoint],
    });
    return rows[0] ? { locale: String(rows[0].locale) } : undefined;
  } finally {
    db.close();
  }
}

/**
 * Delivers `payload` to the page's service worker as its push service would (DevTools protocol)
 * and returns once Chromium has displayed the notification the worker showed for it.
 *
 * Nothing may read `getNotifications()` before that: Chromium answers it from its notification
 * database and deletes every record the platform does not list as displayed, so a read that falls
 * between the worker's `showNotification` writing the record and the display loses the
 * notification for good (it is seen once, then never again). A test polling for the notification
 * hit that window on CI under load. DevTools' Background Services log says when the push event
 * ended and which notification it displayed (`instanceId` is the tag). Headless Chromium drops a
 * displayed notification about 25 s later (its popup times out, and it has no notification centre),
 * so a test reads and clicks it soon after.
 * @throws when the push event fails or ends without displaying a notification tagged `payload.tag`.
 */
async function deliverPush(page: Page, payload: PushPayload): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  const logged: {
    service: string;
    eventName: string;
    instanceId: string;
    eventMetadata: { key: string; value: string }[];
  }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  cdp.on('BackgroundService.backgroundServiceEventReceived', (event) => logged.push(event.backgroundServiceEvent));
  const services = ['pushMessaging', 'notifications'] as const;
  for (const service of services) {
    await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service });
    await cdp.send('BackgroundService.startObserving', { service });
  }
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.filter((r) => !r.isDeleted).length, POLL).toBeGreaterThan(0);
  const registration = registrations.find((r) => !r.isDeleted);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registration?.registrationId ?? '',
    data: JSON.stringify(payload),
  });
  const ended = () => logged.find((e) => e.service === 'pushMessaging' && e.eventName === 'Push event completed');
  await expect.poll(() => ended() !== undefined, POLL).toBe(true);
  expect(ended()?.eventMetadata, 'the push event').toContainEqual({ key: 'Status', value: 'Success' });
  expect(
    logged.filter((e) => e.eventName === 'Notification displayed').map((e) => e.instanceId),
    'the notifications displayed',
  ).toEqual([payload.tag]);
  for (const service of services) {
    await cdp.send('BackgroundService.stopObserving', { service });
    await cdp.send('BackgroundService.setRecording', { shouldRecord: false, service });
  }
  await cdp.detach();
}

/** The notifications the service worker shows now: title, body, tag, url. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

/** Clicks the notification tagged `tag`: the worker's `notificationclick`, dispatched in the worker. */
async function clickNotification(context: BrowserContext, tag: string): Promise<void> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(async (wanted) => {
    // The worker's global scope (this file is typed for pages, not workers).
    const sw = self as unknown as {
      registration: ServiceWorkerRegistration;
      dispatchEvent: (event: Event) => boolean;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await sw.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification }));
  }, tag);
}

/**
 * Makes sure the service worker controls `page` (a page loaded before the worker was active is not
 * controlled, and a notification's click can take only a controlled window to the order).
 */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Saves `page` at 390×844 and at 768×1024 (test-results/screenshots/<name>-390.png, -768.png), then back at 390. */
async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(TABLET);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-768.png`, fullPage: true });
  await page.setViewportSize(PHONE);
}

describe('Web Push', () => {
  it.each(['en', 'bn'] as const)(
    'a shopper turns notifications on after an order (%s), sees the pushed news and opens the order from it',
    async (locale) => {
      const shopper = await newAccount(`Push Shopper ${locale}`);
      const order = await placeOrderFor(shopper);
      const subscription = fakeSubscription(`shopper-${locale}`);
      const { page, context } = await browser.open('/login', PHONE);
      await context.grantPermissions(['notifications']);
      await usePushService(context, subscription);
      await logIn(page, shopper);
      if (locale === 'bn') await page.evaluate(() => localStorage.setItem('locale', 'bn'));
      const texts = locale === 'bn' ? bn : en;

      // Asked on My Orders, where the order is, never before.
      await page.goto(browser.url('/dashboard/my-orders'));
      const prompt = page.getByTestId('push-prompt');
      await prompt.getByRole('heading', { name: texts['push.prompt.title'] }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `push-prompt-${locale}`);
      const posted = page.waitForRequest(
        (request) => request.url().endsWith('/api/push/subscriptions') && request.method() === 'POST',
      );
      const answered = page.waitForResponse((res) => res.url().endsWith('/api/push/subscriptions'));
      await prompt.getByRole('button', { name: texts['push.prompt.enable'] }).click();
      expect((await posted).postDataJSON()).toEqual({
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
        locale,
      });
      expect((await answered).status()).toBe(201);
      await page.getByTestId('push-prompt-done').waitFor();
      expect(await storedSubscription(subscription.endpoint)).toEqual({ locale });

      // The profile's switch says it is on.
      await page.goto(browser.url('/profile'));
      const toggle = page.getByRole('switch', { name: texts['push.setting.label'] });
      await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `push-profile-${locale}`);

      // The order goes out for delivery: the worker shows it in the shopper's language.
      const payload: PushPayload = {
        type: 'order-status',
        orderId: order._id,
        status: 'Out for delivery',
        url: shopperOrderUrl(order._id),
        tag: `order-${order._id}`,
        locale,
      };
      await controlled(page);
      await deliverPush(page, payload);
      await expect
        .poll(() => shownNotifications(page), POLL)
        .toEqual([
          {
            title: texts['push.notify.outForDelivery.title'],
            body: texts['push.notify.outForDelivery.body'],
            tag: payload.tag,
            url: payload.url,
          },
        ]);

      // Clicking it takes the open window to that order, picked out in My Orders.
      await clickNotification(context, payload.tag);
      await page.waitForURL(
        (url) => url.pathname === '/dashboard/my-orders' && url.searchParams.get('order') === order._id,
      );
      await page.locator(`#order-${order._id}[aria-current="true"]`).waitFor();
      await expect.poll(() => shownNotifications(page), POLL).toEqual([]);

      // The profile's switch turns them off and on again.
      await page.goto(browser.url('/profile'));
      await expect.poll(() => toggle.isChecked(), POLL).toBe(true);
      await toggle.click();
      await expect.poll(() => storedSubscription(subscription.endpoint), POLL).toBeUndefined();
      await expect.poll(() => toggle.isChecked(), POLL).toBe(false);
      await toggle.click();
      await expect.poll(() => storedSubscription(subscription.endpoint), POLL).toEqual({ locale });

      // Signing out removes this device's subscription.
      await page.locator('main').getByRole('button', { name: texts['auth.logOut'] }).click();
      await expect.poll(() => storedSubscription(subscription.endpoint), POLL).toBeUndefined();
      await context.close();
    },
  );

  it.each(['en', 'bn'] as const)(
    "a shopper's phone says who is on the way and how many deliveries come first, then that they are next (%s)",
    async (locale) => {
      const shopper = await newAccount(`Run Shopper ${locale}`);
      const order = await placeOrderFor(shopper);
      const { page, context } = await browser.open('/login', PHONE);
      await context.grantPermissions(['notifications']);
      if (locale === 'bn') await page.evaluate(() => localStorage.setItem('locale', 'bn'));
      await logIn(page, shopper);
      await controlled(page);
      const texts = locale === 'bn' ? bn : en;
      const fill = (text: string, values: Record<string, string>) =>
        text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
      const base = { orderId: order._id, url: shopperOrderUrl(order._id), tag: `order-${order._id}`, locale };

      // The rider sets out with two deliveries before this one (DESIGN.md §18).
      await deliverPush(page, { ...base, type: 'on-the-way', onTheWay: { riderName: 'Karim', deliveriesBefore: 2 } });
      await expect
        .poll(() => shownNotifications(page), POLL)
        .toEqual([
          {
            title: fill(texts['push.notify.onTheWay.title'], { rider: 'Karim' }),
            body: fill(texts['push.notify.onTheWay.body'], { before: locale === 'bn' ? '২' : '2' }),
            tag: base.tag,
            url: base.url,
          },
        ]);

      // The stop before is delivered: the same order's notification now says it is next.
      await deliverPush(page, { ...base, type: 'next-stop', nextStop: { riderName: 'Karim' } });
      await expect
        .poll(() => shownNotifications(page), POLL)
        .toEqual([
          {
            title: texts['push.notify.nextStop.title'],
            body: fill(texts['push.notify.nextStop.body'], { rider: 'Karim' }),
            tag: base.tag,
            url: base.url,
          },
        ]);
      await context.close();
    },
  );

  it('an admin turns on new-order notifications from the dashboard; a new order opens its details', async () => {
    const admin = await newAccount('Push Admin', { admin: true });
    await verifyEmail(admin);
    const subscription = fakeSubscription('admin');
    const { page, context } = await browser.open('/login', PHONE);
    await context.grantPermissions(['notifications']);
    await usePushService(context, subscription);
    await logIn(page, admin);
    // The prompt is in the dashboard's layout, on every page; the home is the reports helper's.
    await page.goto(browser.url('/dashboard/manage-orders'));
    const prompt = page.getByTestId('push-prompt');
    await prompt.getByRole('heading', { name: en['push.admin.title'] }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'push-admin-prompt-en');
    await prompt.getByRole('button', { name: en['push.prompt.enable'] }).click();
    await page.getByTestId('push-prompt-done').waitFor();
    expect(await storedSubscription(subscription.endpoint)).toEqual({ locale: 'en' });

    const shopper = await newAccount('Push Buyer');
    const order = await placeOrderFor(shopper);
    const payload: PushPayload = {
      type: 'new-order',
      orderId: order._id,
      url: adminOrderUrl(order._id),
      tag: `new-order-${order._id}`,
      locale: 'en',
    };
    await controlled(page);
    await deliverPush(page, payload);
    await expect
      .poll(async () => (await shownNotifications(page)).map((n) => n.title), POLL)
      .toEqual([en['push.notify.newOrder.title']]);
    await clickNotification(context, payload.tag);
    await page.waitForURL((url) => url.pathname === adminOrderUrl(order._id));
    await context.close();
  });
});
