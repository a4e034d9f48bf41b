/**
 * Reporting problems after delivery (DESIGN.md §19) on a real libSQL file through the real app,
 * with emulator tokens: photos (size, type, bytes, HTML refused with nothing stored; read back by
 * admins only; unused ones swept after a day), the claim's windows (not delivered, the 48 h edge
 * on a fake clock), ownership, each line's worth against figures made by hand (a weighed line
 * packed heavy, a substitute, a line not found), units over what was delivered and claimed twice,
 * and credit at once within its limit (2 in 30 days, two claims at once included).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Product } from '../contract/catalogue';
import { orderSchema, type Order, type PackingInput } from '../contract/order';
import { MAX_PHOTO_BYTES, PROBLEM_WINDOW_MS, problemSchema, type Problem } from '../contract/problem';
import { createTestApp, customerA, customerB, testLogs, type Role, type TestApp } from '../testing/test-app';
import { orderInput } from '../testing/order-fixture';
import { insertPackingProducts } from '../testing/product-fixture';

let t: TestApp;
let pumpkin: Product; // 120 Tk/kg, ± 100 g a kilo
let beans: Product; // 250 g packs at 55 Tk, ± 20 g a pack
let lemon: Product; // pieces at 10 Tk
let gourd: Product; // a substitute: 100 Tk/kg

/**
 * Each role's Authorization header, made on the real clock: the token verifier keeps the real
 * clock while a test moves Date (vi.useFakeTimers), so a token made on the fake one would be
 * refused as issued in the future.
 */
const bearer = new Map<Role, Record<string, string>>();
const as = (role: Role) => bearer.get(role) ?? {};

/** A JSON request as `role` (default customer A). */
const call = (
  method: string,
  path: string,
  opts: { role?: Role; body?: unknown; headers?: Record<string, string> } = {},
) => t.call(method, path, { body: opts.body, headers: { ...as(opts.role ?? 'customerA'), ...opts.headers } });

/** The log lines with `message` so far. */
const logged = (message: string) => testLogs.filter((line) => line.message === message);

beforeAll(async () => {
  t = await createTestApp();
  for (const role of ['customerA', 'customerB', 'admin'] as const) bearer.set(role, t.auth(role));
  ({ pumpkin, beans, lemon, gourd } = await insertPackingProducts(t.db));
});
afterAll(() => t.cleanup());
afterEach(() => vi.useRealTimers());

type Shopper = 'customerA' | 'customerB';
const userOf = (who: Shopper) => (who === 'customerA' ? customerA : customerB);
const move = (id: string, orderStatus: string) =>
  call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus } });

/**
 * `who`'s cash order of `lines` (product, units, substitution), packed with `packing` (or as
 * ordered when left out) and, unless `deliver` is false, delivered.
 */
async function deliveredOrder(
  who: Shopper,
  lines: Array<[Product, number, ('none' | 'similar')?]>,
  packing?: PackingInput,
  deliver = true,
): Promise<Order> {
  const placed = await call('POST', '/api/orders', {
    role: who,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    body: orderInput({
      email: userOf(who).email,
      customerName: userOf(who).name,
      orderedProduct: lines.map(([product, cartQuantity, substitution]) => ({
        _id: product._id,
        cartQuantity,
        substitution: substitution ?? 'none',
      })),
    }),
  });
  expect(placed.status).toBe(201);
  const order = orderSchema.parse(await placed.json());
  expect((await move(order._id, 'Approved')).status).toBe(200);
  if (packing)
    expect((await call('PUT', `/api/orders/${order._id}/packing`, { role: 'admin', body: packing })).status).toBe(200);
  if (!deliver) return order;
  expect((await move(order._id, 'Out for delivery')).status).toBe(200);
  expect((await move(order._id, 'Delivered')).status).toBe(200);
  return orderSchema.parse(await (await call('GET', `/api/orders/${order._id}`, { role: who })).json());
}

/**
 * The order of the worth tests: 2 kg pumpkin packed at 2,070 g (120 × 2 × 2070/2000 = 248.40 Tk),
 * 3 × 250 g beans not found (0 units delivered), 4 lemons not found with 1 kg bottle gourd packed
 * instead (100 Tk, capped at the lemons' 40 Tk).
 */
const worthOrder = (who: Shopper = 'customerA') =>
  deliveredOrder(
    who,
    [
      [pumpkin, 2, 'similar'],
      [beans, 3],
      [lemon, 4, 'similar'],
    ],
    {
      lines: [
        { _id: pumpkin._id, found: true, packedGrams: 2070 },
        { _id: beans._id, found: false },
        { _id: lemon._id, found: false, substituteId: gourd._id, substituteQuantity: 1 },
      ],
    },
  );

/** `who`'s delivered order of `pieces` lemons (10 Tk each), packed as ordered. */
const lemonOrder = (who: Shopper, pieces = 4) => deliveredOrder(who, [[lemon, pieces]]);

const claim = (orderId: string, body: unknown, opts: { role?: Role; key?: string } = {}) =>
  call('POST', `/api/orders/${orderId}/problems`, {
    role: opts.role ?? 'customerA',
    body,
    headers: { 'Idempotency-Key': opts.key ?? crypto.randomUUID() },
  });

async function claimed(res: Response): Promise<Problem> {
  expect(res.status).toBe(201);
  return problemSchema.parse(await res.json());
}

const count = async (sql: string, args: Array<string | number> = []) =>
  Number((await t.db.execute({ sql, args })).rows[0]?.n ?? 0);

/** Account `uid`'s store credit in poisha, and its entries for problems. */
const creditOf = async (uid: string) => ({
  balancePoisha: await count('SELECT coalesce(sum(amount_poisha), 0) AS n FROM credit_ledger WHERE user_id = ?', [uid]),
  entries: await count("SELECT count(*) AS n FROM credit_ledger WHERE user_id = ? AND reason = 'problem'", [uid]),
});

// Photos ------------------------------------------------------------------------------------

/** A JPEG's first bytes and `size` bytes in all (the rest zeros: no markup). */
function jpeg(size = 2_000): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

/** A WebP's RIFF header and `size` bytes in all. */
function webp(size = 2_000): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('RIFF'), 0);
  bytes.set(new TextEncoder().encode('WEBPVP8 '), 8);
  return bytes;
}

const upload = (bytes: Uint8Array, type: string, role: Role = 'customerA') =>
  t.app.request('/api/problem-photos', {
    method: 'POST',
    headers: { ...as(role), 'Content-Type': type },
    body: new Blob([new Uint8Array(bytes)], { type }),
  });

async function uploaded(bytes: Uint8Array = jpeg(), type = 'image/jpeg', role: Role = 'customerA'): Promise<string> {
  const res = await upload(bytes, type, role);
  expect(res.status).toBe(201);
  const { photoId } = (await res.json()) as { photoId: string };
  return photoId;
}

const photoRows = () => count('SELECT count(*) AS n FROM problem_photos');

describe('problem photos (POST /api/problem-photos)', () => {
  it('stores a JPEG and a WebP, and only admins read them back, with their type, kept privately a day and never sniffed', async () => {
    const bytes = jpeg(3_000);
    const jpegId = await uploaded(bytes);
    const webpId = await uploaded(webp(), 'image/webp');
    const read = await call('GET', `/api/problem-photos/${jpegId}`, { role: 'admin' });
    expect(read.status).toBe(200);
    expect(read.headers.get('Content-Type')).toBe('image/jpeg');
    expect(read.headers.get('Cache-Control')).toBe('private, max-age=86400');
    expect(read.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await read.arrayBuffer())).toEqual(bytes);
    expect((await call('GET', `/api/problem-photos/${webpId}`, { role: 'admin' })).headers.get('Content-Type')).toBe(
      'image/webp',
    );
    expect((await call('GET', `/api/problem-photos/${jpegId}`, { role: 'customerA' })).status).toBe(403);
    expect((await call('GET', `/api/problem-photos/${jpegId}`, { role: 'anonymous' })).status).toBe(401);
    expect((await call('GET', `/api/problem-photos/${crypto.randomUUID()}`, { role: 'admin' })).status).toBe(404);
  });

  it('takes exactly 150 KB, refuses one byte more with 413 and stores nothing', async () => {
    await uploaded(jpeg(MAX_PHOTO_BYTES));
    const before = await photoRows();
    const res = await upload(jpeg(MAX_PHOTO_BYTES + 1), 'image/jpeg');
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await photoRows()).toBe(before);
  });

  it('refuses another type, bytes that are not what the type says, and HTML, with 415 unsupported_photo and nothing stored', async () => {
    const before = await photoRows();
    const html = new TextEncoder().encode('<!DOCTYPE html><html><script>alert(1)</script></html>');
    const polyglot = jpeg(1_000);
    polyglot.set(new TextEncoder().encode('<script>alert(1)</script>'), 100);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    for (const [bytes, type] of [
      [png, 'image/png'],
      [png, 'image/jpeg'],
      [webp(), 'image/jpeg'],
      [jpeg(), 'image/webp'],
      [html, 'text/html'],
      [html, 'image/jpeg'],
      [polyglot, 'image/jpeg'],
      [new Uint8Array(0), 'image/jpeg'],
    ] as const) {
      const res = await upload(bytes, type);
      expect(res.status, `${type}, ${bytes.length} bytes`).toBe(415);
      expect(await res.json()).toMatchObject({ error: { code: 'unsupported_photo' } });
    }
    expect(await photoRows()).toBe(before);
    expect((await upload(jpeg(), 'image/jpeg', 'anonymous')).status).toBe(401);
  });

  it('deletes photos no claim used once they are a day old, with the next upload', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const old = await uploaded();
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1);
    const fresh = await uploaded();
    expect((await call('GET', `/api/problem-photos/${old}`, { role: 'admin' })).status).toBe(404);
    expect((await call('GET', `/api/problem-photos/${fresh}`, { role: 'admin' })).status).toBe(200);
  });
});

// Claims ------------------------------------------------------------------------------------

describe('when and by whom a problem may be reported', () => {
  it('refuses an order not delivered yet (409 not_delivered) and stores nothing', async () => {
    const order = await deliveredOrder('customerA', [[lemon, 2]], undefined, false);
    const res = await claim(order._id, { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 1 }] });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: 'not_delivered', details: { current: 'Approved' } } });
    expect(await count('SELECT count(*) AS n FROM problems WHERE order_id = ?', [order._id])).toBe(0);
  });

  it('answers another shopper’s order and an unknown one as missing (404), and an admin may not claim for the shopper', async () => {
    const order = await lemonOrder('customerA');
    const body = { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 1 }] };
    for (const [id, role] of [
      [order._id, 'customerB'],
      [order._id, 'admin'],
      [crypto.randomUUID(), 'customerA'],
    ] as const) {
      const res = await claim(id, body, { role });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect(await count('SELECT count(*) AS n FROM problems WHERE order_id = ?', [order._id])).toBe(0);
    expect(logged('request refused').some((line) => line.orderId === order._id)).toBe(true);
  });

  it('takes a claim up to exactly 48 h after Delivered and refuses it 1 ms later (409 too_late)', async () => {
    const late = await lemonOrder('customerA');
    const onTime = await lemonOrder('customerA');
    const deliveredAt = (order: Order) =>
      Date.parse(order.statusHistory.find((change) => change.status === 'Delivered')?.at ?? '');
    const body = { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 1 }] };
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(deliveredAt(late) + PROBLEM_WINDOW_MS + 1);
    const refused = await claim(late._id, body);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: { code: 'too_late' } });
    vi.setSystemTime(deliveredAt(onTime) + PROBLEM_WINDOW_MS);
    await claimed(await claim(onTime._id, body));
  });

  it('needs an Idempotency-Key, and a replay answers the first answer without a second claim or credit', async () => {
    const order = await lemonOrder('customerB');
    const body = { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 1 }] };
    const noKey = await call('POST', `/api/orders/${order._id}/problems`, { role: 'customerB', body });
    expect(noKey.status).toBe(400);
    expect(await noKey.json()).toMatchObject({ error: { code: 'idempotency_key_required' } });
    const key = crypto.randomUUID();
    const first = await claimed(await claim(order._id, body, { role: 'customerB', key }));
    const again = await claim(order._id, body, { role: 'customerB', key });
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await claimed(again)).toEqual(first);
    expect(await count('SELECT count(*) AS n FROM problems WHERE order_id = ?', [order._id])).toBe(1);
    expect(await count('SELECT count(*) AS n FROM credit_ledger WHERE problem_id = ?', [first._id])).toBe(1);
  });
});

describe('what a claim is worth, and how many units it may name', () => {
  it('worth what was paid for the units: a weighed line packed heavy, a substitute (by its units and name)', async () => {
    const order = await worthOrder();
    const problem = await claimed(
      await claim(order._id, {
        lines: [
          { _id: pumpkin._id, reason: 'spoiled', quantity: 1 },
          { _id: lemon._id, reason: 'wrong_item', quantity: 1 },
        ],
      }),
    );
    // Pumpkin: 248.40 Tk for 2 units → 124.20 for 1; gourd (in the lemons' place): 40 Tk for its 1 unit.
    expect(problem).toMatchObject({
      orderId: order._id,
      customerName: customerA.name,
      lines: [
        { _id: pumpkin._id, name: 'Pumpkin', reason: 'spoiled', quantity: 1, worth: 124.2 },
        { _id: lemon._id, name: 'Bottle gourd', reason: 'wrong_item', quantity: 1, worth: 40 },
      ],
      worth: 164.2,
      photoId: null,
      // Above 100 Tk: an admin decides.
      status: 'open',
      amount: 0,
      note: '',
      decidedAt: null,
      refundable: false,
    });
    expect(Date.parse(problem.deadline) - Date.parse(problem.createdAt)).toBe(72 * 60 * 60 * 1000);
  });

  it('rounds each claim’s share down to the poisha, so the claims of a line never add up to more than it cost', async () => {
    // 3 × 250 g beans packed at 760 g: 55 × 3 × 760/750 = 167.20 Tk.
    const order = await deliveredOrder('customerA', [[beans, 3]], {
      lines: [{ _id: beans._id, found: true, packedGrams: 760 }],
    });
    const line = (quantity: number) => ({ lines: [{ _id: beans._id, reason: 'short_weight', quantity }] });
    const one = await claimed(await claim(order._id, line(1)));
    const two = await claimed(await claim(order._id, line(2)));
    // 16,720 × 1/3 = 5,573.3 → 55.73 Tk; 16,720 × 2/3 = 11,146.6 → 111.46 Tk: 167.19 in all.
    expect([one.worth, two.worth]).toEqual([55.73, 111.46]);
    expect(one.lines[0]).toMatchObject({ name: 'Beans', reason: 'short_weight', quantity: 1 });
  });

  it('refuses units beyond what was delivered (a line not found delivered 0), a line not in the order, and a second claim of the same units: 400 problem_invalid naming each, nothing stored', async () => {
    const order = await worthOrder('customerB');
    const other = crypto.randomUUID();
    const refused = await claim(
      order._id,
      {
        lines: [
          { _id: beans._id, reason: 'missing', quantity: 1 },
          { _id: pumpkin._id, reason: 'short_weight', quantity: 3 },
          { _id: other, reason: 'spoiled', quantity: 1 },
        ],
      },
      { role: 'customerB' },
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'problem_invalid',
        details: {
          lines: [
            { _id: beans._id, reason: 'more_than_delivered', max: 0, name: 'Beans' },
            { _id: pumpkin._id, reason: 'more_than_delivered', max: 2, name: 'Pumpkin' },
            { _id: other, reason: 'not_in_order' },
          ],
        },
      },
    });
    expect(await count('SELECT count(*) AS n FROM problems WHERE order_id = ?', [order._id])).toBe(0);

    // One pumpkin, then the other: then none is left to claim, whatever was decided.
    const pumpkinClaim = { lines: [{ _id: pumpkin._id, reason: 'spoiled', quantity: 1 }] };
    await claimed(await claim(order._id, pumpkinClaim, { role: 'customerB' }));
    const second = await claim(
      order._id,
      { lines: [{ _id: pumpkin._id, reason: 'spoiled', quantity: 2 }] },
      { role: 'customerB' },
    );
    expect(await second.json()).toMatchObject({
      error: { code: 'problem_invalid', details: { lines: [{ reason: 'more_than_delivered', max: 1 }] } },
    });
    expect((await claimed(await claim(order._id, pumpkinClaim, { role: 'customerB' }))).worth).toBe(124.2);
    const third = await claim(order._id, pumpkinClaim, { role: 'customerB' });
    expect(third.status).toBe(400);
    expect(await third.json()).toMatchObject({
      error: { code: 'problem_invalid', details: { lines: [{ _id: pumpkin._id, reason: 'already_claimed', max: 0 }] } },
    });
    expect(await count('SELECT count(*) AS n FROM problems WHERE order_id = ?', [order._id])).toBe(2);
  });

  it('refuses a bad body with validation_failed naming the field', async () => {
    const order = await lemonOrder('customerA');
    const res = await claim(order._id, { lines: [{ _id: lemon._id, reason: 'ugly', quantity: 0 }] });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(error.code).toBe('validation_failed');
    expect(Object.keys(error.details.fields).sort()).toEqual(['lines.0.quantity', 'lines.0.reason']);
  });
});

describe('the photo of a claim', () => {
  it('keeps the photo with the claim (no longer swept), and refuses another shopper’s photo or one used already (400, photoId)', async () => {
    const order = await lemonOrder('customerA', 6);
    const line = (quantity: number) => ({ lines: [{ _id: lemon._id, reason: 'spoiled', quantity }] });
    const mine = await uploaded();
    const theirs = await uploaded(jpeg(), 'image/jpeg', 'customerB');
    const refused = await claim(order._id, { ...line(1), photoId: theirs });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'validation_failed', details: { fields: { photoId: [expect.any(String)] } } },
    });
    const problem = await claimed(await claim(order._id, { ...line(1), photoId: mine }));
    expect(problem.photoId).toBe(mine);
    expect(
      await count('SELECT count(*) AS n FROM problem_photos WHERE id = ? AND problem_id = ?', [mine, problem._id]),
    ).toBe(1);
    expect((await claim(order._id, { ...line(1), photoId: mine })).status).toBe(400);
    // A day later an upload sweeps unused photos: the claim's stays.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
    await uploaded();
    expect((await call('GET', `/api/problem-photos/${mine}`, { role: 'admin' })).status).toBe(200);
    expect((await call('GET', `/api/problem-photos/${theirs}`, { role: 'admin' })).status).toBe(404);
  });
});

describe('credit at once (PROBLEM_AUTO_CREDIT_TK 100 Tk, 2 in 30 days)', () => {
  it('credits two small claims at once, in the ledger with the claim; the third waits for an admin', async () => {
    const { uid } = customerA;
    const before = await creditOf(uid);
    const small = { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 3 }] };
    vi.useFakeTimers({ toFake: ['Date'] });
    // Past any credit the tests above gave this account (the 48 h edge's two days ahead included): a fresh 30 days.
    vi.setSystemTime(Date.now() + 40 * 24 * 60 * 60 * 1000);
    const answers: Problem[] = [];
    for (let i = 0; i < 3; i += 1) answers.push(await claimed(await claim((await lemonOrder('customerA'))._id, small)));
    expect(answers.map(({ status, amount, worth }) => ({ status, amount, worth }))).toEqual([
      { status: 'credited', amount: 30, worth: 30 },
      { status: 'credited', amount: 30, worth: 30 },
      { status: 'open', amount: 0, worth: 30 },
    ]);
    expect(answers[0]?.decidedAt).toBe(answers[0]?.createdAt);
    expect(await creditOf(uid)).toEqual({
      balancePoisha: before.balancePoisha + 6000,
      entries: before.entries + 2,
    });
    const ledger = await t.db.execute({
      sql: "SELECT amount_poisha, order_id FROM credit_ledger WHERE problem_id = ? AND reason = 'problem'",
      args: [answers[0]?._id ?? ''],
    });
    expect(ledger.rows[0]).toMatchObject({ amount_poisha: 3000, order_id: answers[0]?.orderId });
    // A claim above 100 Tk is never credited at once, whatever the count.
    vi.setSystemTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const big = await lemonOrder('customerA', 11);
    expect(
      (await claimed(await claim(big._id, { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 11 }] }))).status,
    ).toBe('open');
    const credited = logged('problem reported, credited at once');
    expect(credited.some((line) => line.problemId === answers[0]?._id && line.worthPoisha === 3000)).toBe(true);
    expect(JSON.stringify(credited)).not.toContain(customerA.email);
  });

  it('three claims sent at once are credited two, never three', async () => {
    const uid = 'uid-customer-b';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 400 * 24 * 60 * 60 * 1000);
    const orders = [await lemonOrder('customerB'), await lemonOrder('customerB'), await lemonOrder('customerB')];
    const before = await creditOf(uid);
    const answers = await Promise.all(
      orders.map((order) =>
        claim(order._id, { lines: [{ _id: lemon._id, reason: 'spoiled', quantity: 1 }] }, { role: 'customerB' }),
      ),
    );
    const statuses = (await Promise.all(answers.map(claimed))).map((problem) => problem.status).sort();
    expect(statuses).toEqual(['credited', 'credited', 'open']);
    expect(await creditOf(uid)).toEqual({ balancePoisha: before.balancePoisha + 2000, entries: before.entries + 2 });
  });
});

describe('GET /api/users/me/problems', () => {
  it('answers the shopper’s own problems, newest first, and no one else’s', async () => {
    const order = await lemonOrder('customerB', 2);
    const problem = await claimed(
      await claim(order._id, { lines: [{ _id: lemon._id, reason: 'missing', quantity: 2 }] }, { role: 'customerB' }),
    );
    const res = await call('GET', '/api/users/me/problems', { role: 'customerB' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    const { problems } = (await res.json()) as { problems: Problem[] };
    expect(problems.find((p) => p._id === problem._id)).toEqual(problem);
    expect(problems.every((p) => p.customerName === customerB.name)).toBe(true);
    const createdAt = problems.map((p) => Date.parse(p.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));
    const mine = (await (await call('GET', '/api/users/me/problems', { role: 'customerA' })).json()) as {
      problems: Problem[];
    };
    expect(mine.problems.some((p) => p._id === problem._id)).toBe(false);
    expect((await call('GET', '/api/users/me/problems', { role: 'anonymous' })).status).toBe(401);
  });
});
