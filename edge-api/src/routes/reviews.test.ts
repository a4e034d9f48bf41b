/**
 * `/api/reviews` as clients see it (DESIGN.md §3): a public list with no e-mail, paged newest
 * first with ETags; `https:` pictures only; at most REVIEWS_PER_DAY reviews per account in 24
 * hours, held at commit time; an admin deletes a review.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REVIEWS_PAGE, MAX_REVIEWS_PAGE, REVIEWS_PER_DAY, type Review } from '../contract/review';
import { insertReviewStatement } from '../db/reviews';
import { createApp } from '../app';
import { createTestApp, customerA, customerB, type Role, type TestApp } from '../testing/test-app';
import { emulatorToken, type TokenClaims } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());
afterEach(async () => {
  await t.db.execute('DELETE FROM reviews');
});

const HOUR_MS = 60 * 60 * 1000;
const key = () => ({ 'Idempotency-Key': crypto.randomUUID() });
const post = (role: Role, body: unknown, headers: Record<string, string> = key()) =>
  t.call('POST', '/api/reviews', { role, body, headers });

/** Stores `count` reviews by `uid`, the i-th written `i` minutes after `startMs`; returns their ids, oldest first. */
async function storeReviews(count: number, uid = 'uid-someone', startMs = Date.now() - 48 * HOUR_MS) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const review: Review = {
      _id: `review-${String(i).padStart(3, '0')}`,
      name: `Reviewer ${i}`,
      review: `Review number ${i}`,
      rating: 4.5,
      customerImage: null,
      createdAt: new Date(startMs + i * 60_000).toISOString(),
    };
    await t.db.execute(insertReviewStatement(review, uid, `reviewer${i}@example.test`));
    ids.push(review._id);
  }
  return ids;
}

const nextLink = (res: Response) => /^<([^>]+)>; rel="next"$/.exec(res.headers.get('Link') ?? '')?.[1];

describe('GET /api/reviews', () => {
  it("shows the name, picture, rating, text and date of each review, never the reviewer's e-mail", async () => {
    const res = await post('customerA', {
      review: 'Fresh okra!',
      rating: 4.5,
      customerImage: 'https://img.test/a.png',
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).not.toHaveProperty('email');
    const list = await (await t.call('GET', '/api/reviews')).text();
    expect(list).not.toContain(customerA.email);
    expect(JSON.parse(list)).toEqual([
      {
        _id: expect.any(String),
        name: customerA.name,
        review: 'Fresh okra!',
        rating: 4.5,
        customerImage: 'https://img.test/a.png',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
  });

  it('documents no e-mail in the OpenAPI Review schema', async () => {
    const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as {
      components: { schemas: { Review: { properties: Record<string, unknown> } } };
    };
    expect(Object.keys(doc.components.schemas.Review.properties).sort()).toEqual(
      ['_id', 'createdAt', 'customerImage', 'name', 'rating', 'review'].sort(),
    );
  });

  it(`answers the newest ${DEFAULT_REVIEWS_PAGE} first, and every page through Link: rel="next" without a gap or a repeat`, async () => {
    const ids = await storeReviews(45);
    const newestFirst = [...ids].reverse();
    const first = await t.call('GET', '/api/reviews');
    expect(((await first.json()) as Review[]).map((r) => r._id)).toEqual(newestFirst.slice(0, DEFAULT_REVIEWS_PAGE));
    const seen: string[] = [];
    let path: string | undefined = '/api/reviews?limit=10';
    while (path) {
      const res = await t.call('GET', path);
      expect(res.status).toBe(200);
      seen.push(...((await res.json()) as Review[]).map((r) => r._id));
      path = nextLink(res);
    }
    expect(seen).toEqual(newestFirst);
  });

  it(`takes a limit of 1 to ${MAX_REVIEWS_PAGE}, and refuses another limit or a made-up cursor with a field message`, async () => {
    await storeReviews(3);
    const one = await t.call('GET', '/api/reviews?limit=1');
    expect(await one.json()).toHaveLength(1);
    expect(nextLink(one)).toMatch(/^\/api\/reviews\?limit=1&cursor=/);
    expect((await t.call('GET', `/api/reviews?limit=${MAX_REVIEWS_PAGE}`)).headers.get('Link')).toBeNull();
    for (const [query, field] of [
      [`limit=${MAX_REVIEWS_PAGE + 1}`, 'limit'],
      ['limit=0', 'limit'],
      ['limit=ten', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
    ] as const) {
      const res = await t.call('GET', `/api/reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toMatchObject({
        error: { code: 'validation_failed', details: { fields: { [field]: [expect.any(String)] } } },
      });
    }
  });

  it('answers 304 to the ETag of the page it would send, and another ETag once a review is added', async () => {
    await storeReviews(2);
    const first = await t.call('GET', '/api/reviews');
    const etag = first.headers.get('ETag') ?? '';
    expect(first.headers.get('Cache-Control')).toBe('public, no-cache');
    expect((await t.call('GET', '/api/reviews', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    expect((await post('customerB', { review: 'Good', rating: 5 })).status).toBe(201);
    const after = await t.call('GET', '/api/reviews', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
  });
});

describe('POST /api/reviews: pictures', () => {
  it.each([
    ['http://tracker.test/pixel.gif'],
    ['data:image/gif;base64,R0lGODlhAQABAAAAACw='],
    ['javascript:alert(1)'],
    ['ftp://img.test/a.png'],
  ])('refuses %s with a field message and stores nothing', async (customerImage) => {
    const res = await post('customerA', { review: 'Nice', rating: 4, customerImage });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { customerImage: ['Enter an https:// picture URL'] } } },
    });
    expect(await (await t.call('GET', '/api/reviews')).json()).toEqual([]);
  });

  it('takes an https picture or none; a token picture that is not https is not shown', async () => {
    expect(await (await post('customerA', { review: 'Nice', rating: 4 })).json()).toMatchObject({
      customerImage: null,
    });
    const app = createApp({ db: t.db, config: t.config });
    const res = await app.request('/api/reviews', {
      method: 'POST',
      headers: {
        ...key(),
        'Content-Type': 'application/json',
        Authorization: `Bearer ${emulatorToken({ ...customerB, picture: 'http://tracker.test/me.gif' })}`,
      },
      body: JSON.stringify({ review: 'From my phone', rating: 3 }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ customerImage: null });
  });
});

describe(`POST /api/reviews: at most ${REVIEWS_PER_DAY} per account in 24 hours`, () => {
  it('refuses the next with 429 too_many_reviews, the same again on a replay, while another account still posts', async () => {
    for (let i = 0; i < REVIEWS_PER_DAY; i += 1)
      expect((await post('customerA', { review: `Review ${i}`, rating: 5 })).status).toBe(201);
    const fourthKey = key();
    const fourth = await post('customerA', { review: 'One more', rating: 5 }, fourthKey);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      error: {
        code: 'too_many_reviews',
        message: expect.stringContaining(`At most ${REVIEWS_PER_DAY} reviews in 24 hours`),
        details: { limit: REVIEWS_PER_DAY, windowHours: 24 },
      },
    });
    const replay = await post('customerA', { review: 'One more', rating: 5 }, fourthKey);
    expect(replay.status).toBe(429);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await post('customerB', { review: 'Mine', rating: 4 })).status).toBe(201);
    const list = (await (await t.call('GET', '/api/reviews')).json()) as Review[];
    expect(list.filter((r) => r.name === customerA.name)).toHaveLength(REVIEWS_PER_DAY);
  });

  it('counts only the last 24 hours: reviews from yesterday leave room', async () => {
    await storeReviews(REVIEWS_PER_DAY, customerA.uid, Date.now() - 25 * HOUR_MS);
    for (let i = 0; i < REVIEWS_PER_DAY; i += 1)
      expect((await post('customerA', { review: `Today ${i}`, rating: 5 })).status).toBe(201);
    expect((await post('customerA', { review: 'Too many', rating: 5 })).status).toBe(429);
  });

  it('holds when ten reviews arrive at once: three are stored, seven refused', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post('customerA', { review: `At once ${i}`, rating: 5 })),
    );
    const statuses = answers.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(REVIEWS_PER_DAY).fill(201), ...Array(10 - REVIEWS_PER_DAY).fill(429)]);
    const stored = await t.db.execute({
      sql: 'SELECT count(*) AS n FROM reviews WHERE user_id = ?',
      args: [customerA.uid],
    });
    expect(Number(stored.rows[0]?.n)).toBe(REVIEWS_PER_DAY);
  });
});

describe('DELETE /api/reviews/:id', () => {
  it('lets an admin delete a review: gone from the list, the ETag changes, a second delete is 404', async () => {
    const [first, second] = await storeReviews(2);
    const before = await t.call('GET', '/api/reviews');
    const etag = before.headers.get('ETag') ?? '';
    const res = await t.call('DELETE', `/api/reviews/${first}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    const after = await t.call('GET', '/api/reviews', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    expect(((await after.json()) as Review[]).map((r) => r._id)).toEqual([second]);
    const again = await t.call('DELETE', `/api/reviews/${first}`, { role: 'admin' });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ error: { code: 'not_found' } });
  });

  it("refuses anyone else: 401 without a token, 403 for a customer, even the review's author", async () => {
    const [id] = await storeReviews(1, customerA.uid);
    expect((await t.call('DELETE', `/api/reviews/${id}`)).status).toBe(401);
    expect((await t.call('DELETE', `/api/reviews/${id}`, { role: 'customerA' })).status).toBe(403);
    expect(await (await t.call('GET', '/api/reviews')).json()).toHaveLength(1);
  });
});

describe("the reviewer's public name never shows any part of an e-mail", () => {
  /** Posts a review as `claims` (a token of its own) and answers the name GET /api/reviews shows for it. */
  async function shownName(claims: TokenClaims, profileName?: string): Promise<{ name: string; list: string }> {
    const auth = {
      Authorization: `Bearer ${emulatorToken(claims, t.config.firebaseProjectId)}`,
      'Content-Type': 'application/json',
    };
    if (profileName !== undefined) {
      const saved = await t.app.request('/api/users/me', {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ displayName: profileName }),
      });
      expect(saved.status).toBe(200);
    }
    const posted = await t.app.request('/api/reviews', {
      method: 'POST',
      headers: { ...auth, ...key() },
      body: JSON.stringify({ review: 'Good greens', rating: 4 }),
    });
    expect(posted.status).toBe(201);
    const { _id } = (await posted.json()) as Review;
    const list = await (await t.call('GET', '/api/reviews')).text();
    const mine = (JSON.parse(list) as Review[]).find((r) => r._id === _id);
    return { name: String(mine?.name), list };
  }

  it('is empty (the shop shows its own word for a customer) when the account has no name: not the e-mail’s local part', async () => {
    const { name, list } = await shownName({ uid: 'uid-nameless', email: 'rahim.uddin@example.test' });
    expect(name).toBe('');
    expect(list).not.toContain('rahim');
    expect(list).not.toContain('Customer');
  });

  it("is the profile's display name first, then the token's name", async () => {
    expect(
      (await shownName({ uid: 'uid-profiled', email: 'nila@example.test', name: 'Token Name' }, 'Nila Akter')).name,
    ).toBe('Nila Akter');
    expect((await shownName({ uid: 'uid-token-named', email: 'karim@example.test', name: 'Karim Sheikh' })).name).toBe(
      'Karim Sheikh',
    );
  });

  it('skips a name that is the e-mail or its local part', async () => {
    const asEmail = await shownName({
      uid: 'uid-email-name',
      email: 'shuvo.k@example.test',
      name: 'shuvo.k@example.test',
    });
    expect(asEmail.name).toBe('');
    expect(asEmail.list).not.toContain('shuvo');
    const asLocal = await shownName({ uid: 'uid-local-name', email: 'mitu99@example.test' }, 'Mitu99');
    expect(asLocal.name).toBe('');
    expect(asLocal.list.toLowerCase()).not.toContain('mitu99');
  });

  it('shows no e-mail part, nor a stored English word, for reviews stored with one', async () => {
    const stored = (name: string, email: string, i: number): Review => ({
      _id: `stored-name-${i}`,
      name,
      review: 'Stored before',
      rating: 5,
      customerImage: null,
      createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    });
    await t.db.execute(
      insertReviewStatement(
        stored('joynal.abedin', 'joynal.abedin@example.test', 1),
        'uid-1',
        'joynal.abedin@example.test',
      ),
    );
    await t.db.execute(insertReviewStatement(stored('Customer', 'x@example.test', 2), 'uid-2', 'x@example.test'));
    await t.db.execute(
      insertReviewStatement(stored('Ruma Begum', 'ruma@example.test', 3), 'uid-3', 'ruma@example.test'),
    );
    const list = (await (await t.call('GET', '/api/reviews')).json()) as Review[];
    expect(list.map((r) => [r._id, r.name])).toEqual([
      ['stored-name-1', ''],
      ['stored-name-2', ''],
      ['stored-name-3', 'Ruma Begum'],
    ]);
  });
});
