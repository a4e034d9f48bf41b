/**
 * The page's runs of the outbox after the service worker met an expired token: the
 * worker, which has only the token the page last stored, leaves the item waiting (note `signIn`);
 * the page sends it as soon as it has a fresh token, with no action of the shopper. And checkout's
 * order is sent, not left queued, when a run is already under way. On a real IndexedDB implementation (fake-indexeddb) and a stand-in for the API's answers.
 */
import 'fake-indexeddb/auto';
import type { OrderInput } from '@contract/order';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setTokenProvider } from '../../api-client';
import { db } from '../db';
import { sendOutbox } from './page-sender';
import { enqueue, outboxItem } from './store';

const tokenFor = (email: string, n: number) => `x.${Buffer.from(JSON.stringify({ email, n })).toString('base64url')}.y`;
const asha = 'asha@example.test';
const stale = tokenFor(asha, 1);
const fresh = tokenFor(asha, 2);
const order: OrderInput = {
  customerName: 'Asha Rahman',
  email: asha,
  phone: '01711-000000',
  areaId: 'dhanmondi',
  address: 'House 1, Road 2',
  orderedProduct: [{ _id: 'p1', cartQuantity: 1 }],
};

/** A stand-in API that accepts only `fresh` (401 for any other token), recording the tokens it saw. */
const seen: string[] = [];
const fetchFn = (async (_url: string, init: RequestInit) => {
  const auth = new Headers(init.headers).get('Authorization') ?? '';
  seen.push(auth);
  const ok = auth === `Bearer ${fresh}`;
  return new Response(JSON.stringify(ok ? { _id: 'order-1' } : { error: { code: 'invalid_token', message: 'x' } }), {
    status: ok ? 201 : 401,
    headers: { 'content-type': 'application/json' },
  });
}) as unknown as typeof fetch;

let sendAfterCurrentRun: () => Promise<number>;
beforeAll(async () => {
  // The runner is page code: it reads the page's load state and connection.
  vi.stubGlobal('document', { readyState: 'loading', addEventListener: () => undefined });
  vi.stubGlobal('window', { addEventListener: () => undefined });
  vi.stubGlobal('navigator', { onLine: true });
  vi.stubGlobal('fetch', fetchFn);
  ({ sendAfterCurrentRun } = await import('./runner'));
});
afterAll(() => {
  vi.unstubAllGlobals();
  db.close();
});
beforeEach(async () => {
  seen.length = 0;
  await db.open();
  await db.outbox.clear();
});

describe('after the service worker met an expired token', () => {
  it('leaves the order waiting, and the page sends it once it has a fresh token', async () => {
    const item = await enqueue('order', order, asha);
    // The worker's run: its token provider has only the stored, expired token, even when asked to refresh.
    expect(await sendOutbox(async () => stale, fetchFn)).toBe(0);
    expect(await outboxItem(item.key)).toMatchObject({ status: 'waiting', note: 'signIn' });

    // The page restores the session (or the shopper signs in): a fresh token, and the outbox runs.
    setTokenProvider(async () => fresh);
    expect(await sendAfterCurrentRun()).toBe(1);
    expect(await outboxItem(item.key)).toMatchObject({ status: 'sent', result: { _id: 'order-1' } });
    expect(seen).toEqual([`Bearer ${stale}`, `Bearer ${fresh}`]);
  });

  it('runs again after a run that started before the token came', async () => {
    const item = await enqueue('order', order, asha);
    let giveToken: (token: string | undefined) => void = () => undefined;
    // The session is not restored yet: the start run waits for a token that turns out to be none.
    setTokenProvider(() => new Promise((resolve) => (giveToken = resolve)));
    const { sendNow } = await import('./runner');
    const startRun = sendNow();
    setTokenProvider(async () => fresh);
    const afterToken = sendAfterCurrentRun();
    giveToken(undefined);
    expect(await startRun).toBe(0);
    expect(await afterToken).toBe(1);
    expect((await outboxItem(item.key))?.status).toBe('sent');
  });
});

describe('an order placed while a run is under way', () => {
  it('is sent by checkout, not left queued behind a run that began before it', async () => {
    setTokenProvider(async () => fresh);
    const earlier = await enqueue('order', order, asha);
    // The run under way (e.g. the one at page load) read the outbox and waits for the API's answer to an earlier order.
    let answerEarlier: () => void = () => undefined;
    const slowOnce = vi.fn(async (url: string, init: RequestInit) => {
      if (slowOnce.mock.calls.length === 1) await new Promise<void>((resolve) => (answerEarlier = resolve));
      return fetchFn(url, init);
    });
    vi.stubGlobal('fetch', slowOnce);
    const { sendNow } = await import('./runner');
    const { submit } = await import('./submit');
    const runUnderWay = sendNow();
    await vi.waitFor(() => expect(slowOnce).toHaveBeenCalledTimes(1));
    const placed = submit('order', order, { userEmail: asha });
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(2));
    answerEarlier();
    expect(await runUnderWay).toBe(1);
    expect(await placed).toMatchObject({ status: 'sent' });
    expect((await outboxItem(earlier.key))?.status).toBe('sent');
    expect(slowOnce).toHaveBeenCalledTimes(2);
    vi.stubGlobal('fetch', fetchFn);
  });
});
