/**
 * The service worker's bKash return lost offline (bkash-return.ts), over a real IndexedDB
 * (fake-indexeddb): a callback navigation that fails is kept and answered with My Orders; once
 * back online the kept return is delivered, removed on a 2xx or 4xx answer (open pages told how
 * the payment ended), kept on a network failure or 5xx.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { answerCallback, deliverKeptReturns, type BkashSettledMessage } from './bkash-return';

const origin = 'https://shop.example';
const callback = (query: string) => new URL(`/api/payments/bkash/callback?${query}`, origin);
const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** Answers the callback navigation offline; returns the answer and whether a sync was asked for. */
async function returnOffline(query: string) {
  let kept = false;
  const url = callback(query);
  const res = await answerCallback(new Request(url), url, {
    fetchFn: offline,
    origin,
    whenKept: async () => {
      kept = true;
    },
  });
  return { res, kept };
}

/** A delivery run where the server answers each POST with `answer(body)`; returns what was sent, told and left. */
async function deliverWith(answer: (body: { paymentID: string; status: string }) => Response | Promise<Response>) {
  const sent: Array<{ url: string; body: unknown }> = [];
  const told: BkashSettledMessage[] = [];
  const left = await deliverKeptReturns({
    fetchFn: async (input, init) => {
      const body = JSON.parse(String(init?.body)) as { paymentID: string; status: string };
      sent.push({ url: String(input), body });
      return answer(body);
    },
    origin,
    tell: async (message) => {
      told.push(message);
    },
  });
  return { sent, told, left };
}

describe('a bKash return lost offline', () => {
  it('passes the callback through when the network answers', async () => {
    const url = callback('paymentID=TR001&status=success&state=st-TR001');
    const redirect = new Response(null, { status: 303, headers: { Location: '/dashboard/my-orders?bkash=paid' } });
    const res = await answerCallback(new Request(url), url, {
      fetchFn: async () => redirect,
      origin,
      whenKept: () => Promise.reject(new Error('nothing to keep')),
    });
    expect(res).toBe(redirect);
    expect((await deliverWith(() => Response.json({}))).sent).toEqual([]);
  });

  it('keeps it offline, answers with My Orders, and delivers it once back online (removed after a 200)', async () => {
    const { res, kept } = await returnOffline('paymentID=TR002&status=success&state=st-TR002');
    expect(kept).toBe(true);
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe(`${origin}/dashboard/my-orders?bkash=offline`);

    // Still offline, or bKash's side down (5xx): kept for the next try.
    expect(await deliverKeptReturns({ fetchFn: offline, origin, tell: async () => undefined })).toBe(1);
    const down = await deliverWith(() => new Response('{}', { status: 503 }));
    expect(down).toMatchObject({ left: 1, told: [] });

    const back = await deliverWith(() => Response.json({ orderId: 'order-1', outcome: 'paid' }));
    expect(back.sent).toEqual([
      {
        url: `${origin}/api/payments/bkash/callback`,
        body: { paymentID: 'TR002', status: 'success', state: 'st-TR002' },
      },
    ]);
    expect(back.told).toEqual([{ type: 'BKASH_SETTLED', orderId: 'order-1', outcome: 'paid' }]);
    expect(back.left).toBe(0);
    expect((await deliverWith(() => Response.json({}))).sent).toEqual([]);
  });

  it('removes a return the server refuses (4xx): it would never be taken; pages are told it settled', async () => {
    await returnOffline('paymentID=TR003&status=cancel&state=st-TR003');
    const refused = await deliverWith(() => Response.json({ error: { code: 'validation_failed' } }, { status: 400 }));
    expect(refused).toMatchObject({ left: 0, told: [{ type: 'BKASH_SETTLED' }] });
    expect((await deliverWith(() => Response.json({}))).sent).toEqual([]);
  });

  it('keeps one return per payment (the last status), and none without a paymentID or state, or with a status bKash never sends', async () => {
    await returnOffline('paymentID=TR004&status=failure&state=st-TR004');
    await returnOffline('paymentID=TR004&status=success&state=st-TR004');
    for (const query of [
      'status=success&state=s',
      'paymentID=TR005&status=approved&state=s',
      'paymentID=%20&status=success&state=s',
      'paymentID=TR006&status=success',
    ])
      expect((await returnOffline(query)).kept, query).toBe(false);
    const { sent } = await deliverWith(({ status }) =>
      Response.json({ orderId: 'order-4', outcome: status === 'success' ? 'paid' : 'failed' }),
    );
    expect(sent.map(({ body }) => body)).toEqual([{ paymentID: 'TR004', status: 'success', state: 'st-TR004' }]);
  });
});
