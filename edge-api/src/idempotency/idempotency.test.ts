import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneReviewEachApp } from '../testing/guarded-route';
import { createTestApp, customerA, customerB, orderBody, type TestApp } from '../testing/test-app';
import { logsOf } from '../testing/test-logs';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const countOrders = async () => Number((await t.db.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n);
const post = (body: unknown, key: string | undefined, role: 'customerA' | 'customerB' = 'customerA') =>
  t.call('POST', '/api/orders', { role, body, headers: key === undefined ? {} : { 'Idempotency-Key': key } });

describe('Idempotency-Key on POST /api/orders', () => {
  it('is required, and must be a UUID', async () => {
    const body = await orderBody(t, customerA);
    for (const key of [undefined, 'order-1', '']) {
      const res = await post(body, key);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });
    }
  });

  it('answers a replay with the first answer and creates one order', async () => {
    const body = await orderBody(t, customerA);
    const key = crypto.randomUUID();
    const before = await countOrders();
    const first = await post(body, key);
    const replay = await post(body, key);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await replay.json()).toEqual(await first.json());
    expect((await countOrders()) - before).toBe(1);
  });

  it('creates exactly one order from 10 concurrent requests with one key', async () => {
    const body = await orderBody(t, customerA, 3, 2);
    const key = crypto.randomUUID();
    const before = await countOrders();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(body, key)));
    expect((await countOrders()) - before).toBe(1);
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const ids = new Set(
      await Promise.all(
        answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { _id: string })._id),
      ),
    );
    expect(ids.size).toBe(1);
  });

  it('refuses the same key with another body (422), changing nothing', async () => {
    const key = crypto.randomUUID();
    const sent = [await orderBody(t, customerA, 1), await orderBody(t, customerA, 2)];
    expect((await post(sent[0], key)).status).toBe(201);
    const before = await countOrders();
    const res = await post(sent[1], key);
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ error: { code: 'idempotency_key_reused' } });
    expect(await countOrders()).toBe(before);
    const warning = logsOf(res).find((line) => line.message === 'idempotency conflict');
    expect(warning).toMatchObject({
      level: 'WARN',
      status: 422,
      code: 'idempotency_key_reused',
      reason: 'key used before with another body',
      idempotencyKey: key,
    });
    // Never the body: none of the personal values or products sent, compared whole (a fragment
    // such as the phone's digits can occur by chance in a random request id).
    const written = JSON.stringify(logsOf(res));
    for (const body of sent)
      for (const value of [
        body.customerName,
        body.email,
        body.phone,
        body.address,
        ...body.orderedProduct.map((line) => line._id),
      ])
        expect(written).not.toContain(value);
    expect(written).not.toContain('orderedProduct');
  });

  it('answers a second concurrent request with the same key and another body 422', async () => {
    const key = crypto.randomUUID();
    const before = await countOrders();
    const [a, b] = await Promise.all([
      post(await orderBody(t, customerA, 1), key),
      post(await orderBody(t, customerA, 2), key),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect((await countOrders()) - before).toBe(1);
  });

  it('scopes keys to the user: the same key from two customers makes two orders', async () => {
    const key = crypto.randomUUID();
    const before = await countOrders();
    expect((await post(await orderBody(t, customerA), key, 'customerA')).status).toBe(201);
    expect((await post(await orderBody(t, customerB), key, 'customerB')).status).toBe(201);
    expect((await countOrders()) - before).toBe(2);
  });

  it('stores a 4xx answer too: a replay of an order for a product that is gone gets the same 409', async () => {
    const body = { ...(await orderBody(t, customerA)), orderedProduct: [{ _id: 'no-such-product', cartQuantity: 1 }] };
    const key = crypto.randomUUID();
    const first = await post(body, key);
    const replay = await post(body, key);
    expect(first.status).toBe(409);
    expect(replay.status).toBe(409);
    expect(await replay.json()).toEqual(await first.json());
  });
});

describe('Idempotency-Key on POST /api/reviews', () => {
  it('stores one review for a replayed request', async () => {
    const key = crypto.randomUUID();
    const count = async () => Number((await t.db.execute('SELECT count(*) AS n FROM reviews')).rows[0]?.n);
    const before = await count();
    const body = { review: 'Tomatoes were perfect', rating: 5 };
    const a = await t.call('POST', '/api/reviews', { role: 'customerA', body, headers: { 'Idempotency-Key': key } });
    const b = await t.call('POST', '/api/reviews', { role: 'customerA', body, headers: { 'Idempotency-Key': key } });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect((await count()) - before).toBe(1);
  });
});

describe('guards in an idempotent write', () => {
  const user = 'uid-guarded';
  const send = (key: string, review: string) =>
    oneReviewEachApp(t.db).request('/api/one-review', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key, 'X-Test-User': user },
      body: JSON.stringify({ review }),
    });
  const mine = async () =>
    Number(
      (await t.db.execute({ sql: 'SELECT count(*) AS n FROM reviews WHERE user_id = ?', args: [user] })).rows[0]?.n,
    );

  it('commits when the guard holds; when it fails, keeps nothing of the write and stores its error as the answer', async () => {
    expect((await send(crypto.randomUUID(), 'first')).status).toBe(201);
    const key = crypto.randomUUID();
    const refused = await send(key, 'second');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'one_review_each' } });
    expect(await mine()).toBe(1);
    const replay = await send(key, 'second');
    expect(replay.status).toBe(409);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
  });
});
