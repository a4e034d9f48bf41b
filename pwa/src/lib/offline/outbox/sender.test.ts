/**
 * The outbox and its sender on a real IndexedDB implementation (fake-indexeddb) and a recording
 * stand-in for the API's HTTP answers: exactly-once, order, retries, 401, 4xx, 409 out of stock
 * or in flight, expiry, races.
 */
import 'fake-indexeddb/auto';
import type { OrderInput } from '@contract/order';
import type { ReviewInput } from '@contract/review';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import { dismiss, enqueue, outboxItem } from './store';
import { MAX_AGE_DAYS, type UnsentItem } from './protocol';
import { sendOutbox as sendFromPage } from './page-sender';
import { MAX_AGE_MS, type SendOutbox } from './sender';
import { sendOutbox as sendFromWorker } from './worker-sender';

const tokenFor = (email: string) => `x.${Buffer.from(JSON.stringify({ email })).toString('base64url')}.y`;
const asha = 'asha@example.test';
const token = async () => tokenFor(asha);
/** A valid `POST /orders` body (the n-th), and a review: what screens queue. */
const order = (n = 1): OrderInput => ({
  customerName: 'Asha Rahman',
  email: asha,
  phone: '01711-000000',
  areaId: 'dhanmondi',
  address: `House ${n}, Road 2`,
  orderedProduct: [{ _id: `p${n}`, cartQuantity: n }],
});
const review = (n = 1): ReviewInput => ({ review: `Fresh, review ${n}`, rating: 5 });

/** An answer of the stand-in API: a status (with a made-up error body), or a status and its body. */
type Answer = number | { status: number; body: unknown };

/** A stand-in API: answers each POST with the next of `answers` (then 201), recording keys. */
function api(answers: Answer[] = []) {
  const seen: Array<{ url: string; key: string | null; auth: string | null; method?: string; body?: unknown }> = [];
  const created = new Set<string>();
  const fetchFn = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    seen.push({
      url,
      key: headers.get('Idempotency-Key'),
      auth: headers.get('Authorization'),
      method: init.method,
      body: JSON.parse(String(init.body)) as unknown,
    });
    const answer = answers.shift() ?? 201;
    const status = typeof answer === 'number' ? answer : answer.status;
    if (status === 201) created.add(headers.get('Idempotency-Key') ?? '');
    const body =
      typeof answer !== 'number'
        ? answer.body
        : status === 201
          ? { _id: `order-${headers.get('Idempotency-Key')}` }
          : { error: { message: `answer ${status}` } };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { seen, created, fetchFn };
}

beforeEach(async () => {
  await db.open();
  await Promise.all([db.outbox.clear(), db.cart.clear(), db.meta.clear()]);
});
afterEach(() => db.close());

// The same rules hold for the page's sender (Dexie) and the service worker's (idb): each runs the
// whole suite on the rows the page's Dexie wrote.
describe.each<[string, SendOutbox]>([
  ['the page (Dexie)', sendFromPage],
  ['the service worker (idb)', sendFromWorker],
])('outbox sent by %s', (_, sendOutbox) => {
  it('writes the order and empties the cart in one transaction — or neither', async () => {
    await db.cart.put({
      _id: 'p1',
      name: 'Potato',
      price: 30,
      image: '/x',
      category: 'vegetable',
      season: null,
      cartQuantity: 2,
      position: 0,
    });
    await enqueue('order', order(), asha, { clearCart: true });
    expect(await db.cart.count()).toBe(0);
    expect(await db.outbox.count()).toBe(1);

    await db.cart.put({
      _id: 'p1',
      name: 'Potato',
      price: 30,
      image: '/x',
      category: 'vegetable',
      season: null,
      cartQuantity: 2,
      position: 0,
    });
    const key = (await db.outbox.toArray())[0]?.key;
    // Same Idempotency-Key again: the unique index refuses the row, so the cart must stay.
    await expect(enqueue('order', order(), asha, { key, clearCart: true })).rejects.toThrow();
    expect(await db.cart.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
  });

  it('sends each item once, oldest first, with its own key and a bearer token', async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('review', review(2), asha);
    const server = api();
    expect(await sendOutbox(token, server.fetchFn)).toBe(2);
    expect(server.seen.map((s) => [s.url, s.key])).toEqual([
      ['/api/orders', a.key],
      ['/api/reviews', b.key],
    ]);
    expect(server.seen[0]?.auth).toBe(`Bearer ${tokenFor(asha)}`);
    expect(await sendOutbox(token, server.fetchFn)).toBe(0);
    expect(server.seen).toHaveLength(2);
    expect((await outboxItem(a.key))?.status).toBe('sent');
  });

  it('runs three times in a row and twice at once without sending anything twice', async () => {
    await enqueue('order', order(1), asha);
    await enqueue('order', order(2), asha);
    const server = api();
    await Promise.all([sendOutbox(token, server.fetchFn), sendOutbox(token, server.fetchFn)]);
    await sendOutbox(token, server.fetchFn);
    await sendOutbox(token, server.fetchFn);
    await sendOutbox(token, server.fetchFn);
    expect(server.seen).toHaveLength(2);
    expect(server.created.size).toBe(2);
  });

  it('keeps an item after a 500 or a network error and retries it later, in order', async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('order', order(2), asha);
    let now = Date.now();
    const server = api([500]);
    expect(await sendOutbox(token, server.fetchFn, () => now)).toBe(0);
    expect((await outboxItem(a.key))?.status).toBe('waiting');
    expect(server.seen).toHaveLength(1); // b did not jump the queue
    expect(await sendOutbox(token, server.fetchFn, () => now)).toBe(0); // not due yet
    now += 3_000;
    expect(await sendOutbox(token, server.fetchFn, () => now)).toBe(2);
    expect(server.seen.map((s) => s.key)).toEqual([a.key, a.key, b.key]);

    const c = await enqueue('order', order(3), asha);
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await sendOutbox(token, offline, () => now);
    expect(await outboxItem(c.key)).toMatchObject({ status: 'waiting', attempts: 1, note: 'connection' });
  });

  it('keeps an item on 401 and asks the shopper to sign in; sends it with a fresh token later', async () => {
    const a = await enqueue('order', order(), asha);
    const server = api([401]);
    await sendOutbox(token, server.fetchFn);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'waiting', note: 'signIn' });
    await sendOutbox(async () => undefined, server.fetchFn);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'waiting', note: 'signIn' });
    expect(await sendOutbox(token, server.fetchFn)).toBe(1);
  });

  it('retries once with a force-refreshed token when the waiting token has expired (401)', async () => {
    const a = await enqueue('order', order(), asha);
    const server = api([401]);
    const refreshing = async (forceRefresh?: boolean) => (forceRefresh ? `${tokenFor(asha)}.new` : tokenFor(asha));
    expect(await sendOutbox(refreshing, server.fetchFn)).toBe(1);
    expect(server.seen.map((s) => s.auth)).toEqual([`Bearer ${tokenFor(asha)}`, `Bearer ${tokenFor(asha)}.new`]);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'sent' });
  });

  it("marks an item failed on another 4xx, with the server's reason: its code, else its status", async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('order', order(2), asha);
    const invalid = {
      status: 400,
      body: {
        error: {
          code: 'validation_failed',
          message: 'Some fields are invalid; see details.fields.',
          details: { fields: { phone: ['Enter 6–20 digits (+, - and spaces allowed)'] } },
        },
      },
    };
    await sendOutbox(token, api([invalid, 400]).fetchFn);
    expect(await outboxItem(a.key)).toMatchObject({
      status: 'failed',
      note: 'refused',
      httpStatus: 400,
      code: 'validation_failed',
      details: { fields: { phone: ['Enter 6–20 digits (+, - and spaces allowed)'] } },
    });
    expect(await outboxItem(b.key)).toMatchObject({ status: 'failed', note: 'refused', httpStatus: 400 });
    expect(((await outboxItem(b.key)) as UnsentItem | undefined)?.code).toBeUndefined();
  });

  it('marks an order failed on 409 out_of_stock, keeping the products the server named, and goes on with the next', async () => {
    const a = await enqueue(
      'order',
      {
        ...order(1),
        orderedProduct: [
          { _id: 'p1', cartQuantity: 1 },
          { _id: 'p2', cartQuantity: 2 },
        ],
      },
      asha,
    );
    const b = await enqueue('order', order(3), asha);
    const outOfStock = {
      status: 409,
      body: {
        error: {
          code: 'out_of_stock',
          message: 'Tomato is out of stock.',
          details: { fields: { 'orderedProduct.1._id': ['Out of stock'] }, products: [{ _id: 'p2', name: 'Tomato' }] },
        },
      },
    };
    const server = api([outOfStock]);
    expect(await sendOutbox(token, server.fetchFn)).toBe(1);
    expect(await outboxItem(a.key)).toMatchObject({
      status: 'failed',
      note: 'refused',
      httpStatus: 409,
      code: 'out_of_stock',
      details: { products: [{ _id: 'p2', name: 'Tomato' }] },
      refusal: { code: 'out_of_stock', products: [{ _id: 'p2', name: 'Tomato' }] },
    });
    expect((await outboxItem(b.key))?.status).toBe('sent');
    // A failed item is not sent again.
    await sendOutbox(token, server.fetchFn);
    expect(server.seen.map((s) => s.key)).toEqual([a.key, b.key]);
  });

  it("marks an item failed on a 409 without a code too: a 409 is the server's final word on that body", async () => {
    const a = await enqueue('order', order(), asha);
    const server = api([409]);
    expect(await sendOutbox(token, server.fetchFn)).toBe(0);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'failed', note: 'refused', httpStatus: 409 });
    expect(((await outboxItem(a.key)) as UnsentItem | undefined)?.refusal).toBeUndefined();
    // A failed item is not sent again.
    await sendOutbox(token, server.fetchFn);
    expect(server.seen.map((s) => s.key)).toEqual([a.key]);
  });

  it("marks a review failed on 429 too_many_reviews (a day's limit, not a busy shop), and retries a plain 429", async () => {
    const a = await enqueue('review', review(1), asha);
    const b = await enqueue('review', review(2), asha);
    const tooMany = {
      status: 429,
      body: { error: { code: 'too_many_reviews', message: 'At most 3…', details: { limit: 3, windowHours: 24 } } },
    };
    const server = api([tooMany, 429]);
    await sendOutbox(token, server.fetchFn);
    expect(await outboxItem(a.key)).toMatchObject({
      status: 'failed',
      note: 'refused',
      httpStatus: 429,
      code: 'too_many_reviews',
      details: { limit: 3 },
    });
    expect(await outboxItem(b.key)).toMatchObject({ status: 'waiting', note: 'busy' });
  });

  it('marks a delivery whose code is locked (429 delivery_code_locked) not sent, with its code: waiting would never get it past', async () => {
    const item = await enqueue('delivered', { orderId: 'o1', delivery: { code: '0427' } }, asha);
    const locked = { status: 429, body: { error: { code: 'delivery_code_locked', message: 'Five wrong codes' } } };
    const server = api([locked]);
    await sendOutbox(token, server.fetchFn);
    expect(server.seen).toMatchObject([{ url: '/api/orders/o1/delivered', method: 'POST', body: { code: '0427' } }]);
    expect(await outboxItem(item.key)).toMatchObject({ status: 'failed', code: 'delivery_code_locked' });
  });

  it('queues a replacement and removes the item it replaces in one transaction; dismiss removes one', async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('order', order(2), asha, { replaces: a.key });
    expect(await outboxItem(a.key)).toBeUndefined();
    expect(await outboxItem(b.key)).toMatchObject({ status: 'waiting' });
    // The replacement's key is taken: nothing is added, so nothing is removed either.
    await expect(enqueue('order', order(3), asha, { key: b.key, replaces: b.key })).rejects.toThrow();
    expect(await outboxItem(b.key)).toMatchObject({ payload: order(2) });
    await dismiss(b.key);
    expect(await db.outbox.count()).toBe(0);
  });

  it('does not send items older than MAX_AGE_DAYS, and tells the shopper why', async () => {
    const a = await enqueue('order', order(), asha);
    const server = api();
    await sendOutbox(token, server.fetchFn, () => Date.now() + MAX_AGE_MS + 1000);
    expect(server.seen).toHaveLength(0);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'failed', note: 'tooOld' });
    expect(MAX_AGE_MS).toBe(MAX_AGE_DAYS * 24 * 60 * 60 * 1000);
  });

  it("keeps no phone or address once the server has answered: a sent order's receipt, a refused one's lines and reason", async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('order', order(2), asha);
    const outOfStock = {
      status: 409,
      body: { error: { code: 'out_of_stock', message: '…', details: { products: [{ _id: 'p2', name: 'Tomato' }] } } },
    };
    // The server's answer repeats the order's contact, as the API's does.
    const answer = { status: 201, body: { ...order(1), _id: 'o1', deliverySlotChanged: true } };
    await sendOutbox(token, api([answer, outOfStock]).fetchFn);
    const stored = JSON.stringify(await db.outbox.toArray());
    for (const personal of ['01711-000000', 'House 1', 'House 2', 'Dhanmondi']) expect(stored).not.toContain(personal);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'sent', result: { _id: 'o1', deliverySlotChanged: true } });
    expect((await outboxItem(a.key)) ?? {}).not.toHaveProperty('payload');
    expect(await outboxItem(b.key)).toMatchObject({
      status: 'failed',
      note: 'refused',
      code: 'out_of_stock',
      payload: { orderedProduct: [{ _id: 'p2', cartQuantity: 2 }] },
      refusal: { products: [{ _id: 'p2', name: 'Tomato' }] },
    });
    // An order too old to send keeps its lines only, too.
    const c = await enqueue('order', order(3), asha);
    await sendOutbox(token, api().fetchFn, () => Date.now() + MAX_AGE_MS + 1000);
    expect(await outboxItem(c.key)).toMatchObject({
      status: 'failed',
      note: 'tooOld',
      payload: { orderedProduct: [{ _id: 'p3' }] },
    });
    expect(JSON.stringify(await outboxItem(c.key))).not.toContain('House 3');
  });

  it('trims rows answered before answers were trimmed, on the next run', async () => {
    const a = await enqueue('order', order(1), asha);
    const b = await enqueue('order', order(2), asha);
    await db.outbox.update(a.seq as number, { status: 'sent', result: { ...order(1), _id: 'o1' } } as never);
    await db.outbox.update(b.seq as number, { status: 'failed', note: 'refused', httpStatus: 400 } as never);
    await sendOutbox(token, api().fetchFn);
    expect(JSON.stringify(await db.outbox.toArray())).not.toMatch(/01711-000000|House/);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'sent', result: { _id: 'o1' } });
    expect(await outboxItem(b.key)).toMatchObject({
      status: 'failed',
      httpStatus: 400,
      payload: { orderedProduct: [{ _id: 'p2' }] },
    });
  });

  it("never sends one user's items with another user's token", async () => {
    const a = await enqueue('order', order(), asha);
    const server = api();
    await sendOutbox(async () => tokenFor('babul@example.test'), server.fetchFn);
    expect(server.seen).toHaveLength(0);
    expect((await outboxItem(a.key))?.status).toBe('waiting');
  });

  it("PUTs a packing to its order's path with the packing alone as its body, once; a refusal keeps the packing and why", async () => {
    const packing = { lines: [{ _id: 'p1', found: true, packedGrams: 950 }] };
    const a = await enqueue('packing', { orderId: 'order/7', packing }, asha);
    const server = api([{ status: 200, body: { _id: 'order/7', orderStatus: 'Packed', phone: '+8801711000000' } }]);
    expect(await sendOutbox(token, server.fetchFn)).toBe(1);
    expect(await sendOutbox(token, server.fetchFn)).toBe(0);
    expect(server.seen).toEqual([
      expect.objectContaining({ url: '/api/orders/order%2F7/packing', method: 'PUT', key: a.key, body: packing }),
    ]);
    expect(await outboxItem(a.key)).toMatchObject({ status: 'sent', result: { _id: 'order/7' } });

    const b = await enqueue('packing', { orderId: 'order-8', packing }, asha);
    const invalid = {
      status: 400,
      body: {
        error: { code: 'packing_invalid', message: 'x', details: { lines: [{ _id: 'p1', reason: 'missing' }] } },
      },
    };
    await sendOutbox(token, api([invalid]).fetchFn);
    expect(await outboxItem(b.key)).toMatchObject({
      status: 'failed',
      note: 'refused',
      httpStatus: 400,
      code: 'packing_invalid',
      payload: { orderId: 'order-8', packing },
    });
  });
});
