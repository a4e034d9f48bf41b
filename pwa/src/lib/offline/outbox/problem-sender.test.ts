/**
 * The outbox's `problem` kind (DESIGN.md §19) on a real IndexedDB implementation (fake-indexeddb)
 * and a recording stand-in for the API: the photo is uploaded first and its id kept in place of its
 * bytes, so a retry sends the same claim under the same Idempotency-Key without uploading again; a
 * refused upload or claim is final and keeps the lines, not the bytes.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '../db';
import type { ProblemPayload } from './protocol';
import { sendOutbox } from './page-sender';
import { enqueue, outboxItem } from './store';

const asha = 'asha@example.test';
const token = async () => `x.${Buffer.from(JSON.stringify({ email: asha })).toString('base64url')}.y`;

/** A claim on order `o1`, with a 3-byte "photo" unless `photo` is false. */
const claim = (photo = true): ProblemPayload => ({
  orderId: 'o1',
  lines: [{ _id: 'p1', reason: 'spoiled', quantity: 1 }],
  ...(photo && { photo: { type: 'image/jpeg' as const, bytes: new Uint8Array([0xff, 0xd8, 0xff]).buffer } }),
});

type Seen = { url: string; key: string | null; type: string | null; body: unknown };

/** A stand-in API answering each request with the next of `answers` (then 201), recording what came. */
function api(answers: Array<number | 'network'> = []) {
  const seen: Seen[] = [];
  const fetchFn = (async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const photo = url.endsWith('/problem-photos');
    seen.push({
      url,
      key: headers.get('Idempotency-Key'),
      type: headers.get('Content-Type'),
      body: photo ? (init.body as ArrayBuffer).byteLength : (JSON.parse(String(init.body)) as unknown),
    });
    const answer = answers.shift() ?? 201;
    if (answer === 'network') throw new TypeError('Failed to fetch');
    const body =
      answer !== 201
        ? { error: { code: answer === 409 ? 'too_late' : 'payload_too_large', message: `answer ${answer}` } }
        : photo
          ? { photoId: `photo-${seen.length}` }
          : { _id: 'problem-1', status: 'credited' };
    return new Response(JSON.stringify(body), { status: answer, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { seen, fetchFn };
}

beforeEach(async () => {
  await db.open();
  await Promise.all([db.outbox.clear(), db.meta.clear()]);
});
afterEach(() => db.close());

describe('the outbox’s problem kind', () => {
  it('uploads the photo, then posts the claim with its id under the Idempotency-Key', async () => {
    await enqueue('problem', claim(), asha, { key: 'k1' });
    const stand = api();
    expect(await sendOutbox(token, stand.fetchFn)).toBe(1);
    expect(stand.seen).toEqual([
      { url: '/api/problem-photos', key: null, type: 'image/jpeg', body: 3 },
      {
        url: '/api/orders/o1/problems',
        key: 'k1',
        type: 'application/json',
        body: { lines: [{ _id: 'p1', reason: 'spoiled', quantity: 1 }], photoId: 'photo-1' },
      },
    ]);
    expect(await outboxItem('k1')).toMatchObject({ status: 'sent', result: { _id: 'problem-1' } });
    // Nothing is sent twice.
    expect(await sendOutbox(token, stand.fetchFn)).toBe(0);
    expect(stand.seen).toHaveLength(2);
  });

  it('keeps the uploaded photo’s id when the claim gets no answer, and retries the same body without uploading again', async () => {
    await enqueue('problem', claim(), asha, { key: 'k2' });
    const stand = api([201, 'network']);
    let now = Date.now();
    expect(await sendOutbox(token, stand.fetchFn, () => now)).toBe(0);
    const waiting = await outboxItem('k2');
    expect(waiting).toMatchObject({ status: 'waiting', note: 'connection', payload: { photoId: 'photo-1' } });
    expect(waiting?.status === 'waiting' && 'photo' in waiting.payload && waiting.payload.photo).toBeFalsy();
    now += 60_000;
    expect(await sendOutbox(token, stand.fetchFn, () => now)).toBe(1);
    expect(stand.seen.map((s) => s.url)).toEqual([
      '/api/problem-photos',
      '/api/orders/o1/problems',
      '/api/orders/o1/problems',
    ]);
    expect(stand.seen[2]).toEqual(stand.seen[1]);
  });

  it('sends a claim without a photo as its lines alone', async () => {
    await enqueue('problem', claim(false), asha, { key: 'k3' });
    const stand = api();
    await sendOutbox(token, stand.fetchFn);
    expect(stand.seen).toEqual([
      {
        url: '/api/orders/o1/problems',
        key: 'k3',
        type: 'application/json',
        body: { lines: [{ _id: 'p1', reason: 'spoiled', quantity: 1 }] },
      },
    ]);
  });

  it('takes a refused upload as the item’s final answer, keeping the lines and not the bytes', async () => {
    await enqueue('problem', claim(), asha, { key: 'k4' });
    const stand = api([413]);
    await sendOutbox(token, stand.fetchFn);
    expect(stand.seen).toHaveLength(1);
    expect(await outboxItem('k4')).toEqual(
      expect.objectContaining({
        status: 'failed',
        note: 'refused',
        httpStatus: 413,
        code: 'payload_too_large',
        payload: { orderId: 'o1', lines: [{ _id: 'p1', reason: 'spoiled', quantity: 1 }] },
      }),
    );
  });

  it('takes a refused claim (409 too_late) as final: not sent again', async () => {
    await enqueue('problem', claim(false), asha, { key: 'k5' });
    const stand = api([409]);
    await sendOutbox(token, stand.fetchFn);
    await sendOutbox(token, stand.fetchFn);
    expect(stand.seen).toHaveLength(1);
    expect(await outboxItem('k5')).toMatchObject({ status: 'failed', code: 'too_late', httpStatus: 409 });
  });
});
