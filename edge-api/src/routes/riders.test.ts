/**
 * Riders and the doorstep (DESIGN.md §18) on a real libSQL file through the real app, with
 * emulator tokens: naming riders by e-mail or phone number, assigning orders and ordering the
 * stops, the run's amounts and change, setting out, delivery codes right, wrong and locked (and
 * an admin marking a locked order), failed attempts, the delivery code shown only to the order's
 * owner, payWith refused on a prepaid order, and the cash report against sums made by hand.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '../contract/order';
import type { CashReportRow, Rider, RunStop } from '../contract/rider';
import { shopDate } from '../contract/shop-day';
import { createTestApp, customerA, customerB, orderBody, testLogs, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const PHONE_RIDER = { uid: 'uid-rider-rafiq', phone: '+8801811000001', name: 'Rafiq' };
const MAIL_RIDER = { uid: 'uid-rider-karim', email: 'karim@example.test', name: 'Karim' };

/** A token as Firebase issues it for a phone sign-in: `phone_number`, no `email`. */
const phoneToken = (uid: string, phone: string, name?: string) =>
  emulatorToken({ uid, email: '', ...(name ? { name } : {}) }, t.config.firebaseProjectId, {
    email: undefined,
    email_verified: undefined,
    phone_number: phone,
    firebase: { identities: { phone: [phone] }, sign_in_provider: 'phone' },
  });
const rafiq = () => phoneToken(PHONE_RIDER.uid, PHONE_RIDER.phone, PHONE_RIDER.name);
const karim = () => emulatorToken(MAIL_RIDER, t.config.firebaseProjectId);

/** A JSON request with `token`. */
function send(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  return t.app.request(path, {
    method,
    headers: {
      Authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
}

const grant = (body: unknown, method: 'PUT' | 'DELETE' = 'PUT') =>
  t.call(method, '/api/users/rider', { role: 'admin', body });

/** Customer `who`'s cash order (2 products, 1 unit each), paying with `payWith`. */
async function placeCash(who: 'customerA' | 'customerB', payWith?: 'exact' | '500' | '1000'): Promise<Order> {
  const user = who === 'customerA' ? customerA : customerB;
  const res = await t.call('POST', '/api/orders', {
    role: who,
    body: { ...(await orderBody(t, user)), ...(payWith ? { payWith } : {}) },
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status).toBe(201);
  return orderSchema.parse(await res.json());
}

const approve = async (id: string) =>
  expect(
    (await t.call('PUT', `/api/orders/update/${id}`, { role: 'admin', body: { orderStatus: 'Approved' } })).status,
  ).toBe(200);

const assign = (id: string, riderUid: string, stop?: number) =>
  t.call('PUT', `/api/orders/${id}/rider`, {
    role: 'admin',
    body: { riderUid, ...(stop === undefined ? {} : { stop }) },
  });

const asAdmin = async (id: string) =>
  orderSchema.parse(await (await t.call('GET', `/api/orders/${id}`, { role: 'admin' })).json());

/** The stored delivery code of order `id` (what the shopper reads out). */
const codeOf = async (id: string) =>
  String(
    (await t.db.execute({ sql: 'SELECT delivery_code FROM orders WHERE id = ?', args: [id] })).rows[0]?.delivery_code,
  );

/** Puts order `id` in the same delivery slot as `like` (orders placed together may get different slots). */
const sameSlotAs = (id: string, like: string) =>
  t.db.execute({
    sql: `UPDATE orders SET (slot_id, slot_start_ms, slot_end_ms) =
            (SELECT slot_id, slot_start_ms, slot_end_ms FROM orders WHERE id = ?) WHERE id = ?`,
    args: [like, id],
  });

const runOf = async (token: string, date: string) => {
  const res = await send(token, 'GET', `/api/rider/run?date=${date}`);
  expect(res.status).toBe(200);
  return (await res.json()) as RunStop[];
};

const deliver = (token: string, id: string, body: unknown, headers: Record<string, string> = {}) =>
  send(token, 'POST', `/api/orders/${id}/delivered`, body, headers);

describe('naming riders (PUT/DELETE /api/users/rider, GET /api/riders)', () => {
  it('names an account that signed in, by phone number or verified e-mail, and says why not otherwise', async () => {
    // Not signed in yet: nobody to name.
    expect(await (await grant({ phoneNumber: '01811-000001' })).json()).toEqual({
      modifiedCount: 0,
      reason: 'unknown_account',
    });
    // Each signs in once (any signed-in request records the account).
    expect((await send(rafiq(), 'GET', '/api/users/me')).status).toBe(200);
    expect((await send(karim(), 'GET', '/api/users/me')).status).toBe(200);
    const unverified = emulatorToken(
      { uid: 'uid-fresh', email: 'fresh@example.test', emailVerified: false },
      t.config.firebaseProjectId,
    );
    expect((await send(unverified, 'GET', '/api/users/me')).status).toBe(200);

    expect(await (await grant({ phoneNumber: '01811-000001' })).json()).toEqual({ modifiedCount: 1 });
    expect(await (await grant({ phoneNumber: '+8801811000001' })).json()).toEqual({
      modifiedCount: 0,
      reason: 'already_rider',
    });
    expect(await (await grant({ email: 'KARIM@example.test' })).json()).toEqual({ modifiedCount: 1 });
    expect(await (await grant({ email: 'fresh@example.test' })).json()).toEqual({
      modifiedCount: 0,
      reason: 'email_not_verified',
    });

    // Removing, then naming again.
    expect(await (await grant({ email: MAIL_RIDER.email }, 'DELETE')).json()).toEqual({
      modifiedCount: 1,
    });
    expect(await (await grant({ email: MAIL_RIDER.email }, 'DELETE')).json()).toEqual({
      modifiedCount: 0,
      reason: 'not_a_rider',
    });
    expect(await (await grant({ email: MAIL_RIDER.email })).json()).toEqual({ modifiedCount: 1 });

    const res = await t.call('GET', '/api/riders', { role: 'admin' });
    expect(res.status).toBe(200);
    expect((await res.json()) as Rider[]).toEqual([
      { uid: MAIL_RIDER.uid, name: 'Karim', email: MAIL_RIDER.email, phoneNumber: '' },
      { uid: PHONE_RIDER.uid, name: 'Rafiq', email: '', phoneNumber: PHONE_RIDER.phone },
    ]);
    // The log names counts and reasons, never the e-mail or the number.
    const logged = JSON.stringify(testLogs.filter((line) => line.message.startsWith('rider')));
    expect(logged).not.toContain('karim@');
    expect(logged).not.toContain('1811000001');
  });

  it('refuses a body with neither or both, and a number that is not a BD mobile (400)', async () => {
    for (const body of [{}, { email: MAIL_RIDER.email, phoneNumber: PHONE_RIDER.phone }, { phoneNumber: '12345' }]) {
      const res = await grant(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('validation_failed');
    }
  });

  it('lets only riders read a run: a shopper is 403', async () => {
    expect((await t.call('GET', '/api/rider/run', { role: 'customerA' })).status).toBe(403);
    expect((await send(rafiq(), 'GET', '/api/rider/run')).status).toBe(200);
  });
});

describe('the doorstep', () => {
  let exact: Order; // customer A, pays exact
  let note1000: Order; // customer B, pays with a 1,000 Tk note
  let note500: Order; // customer A, pays with a 500 Tk note
  let prepaid: Order; // customer B, paid by card
  let day: string;

  beforeAll(async () => {
    exact = await placeCash('customerA', 'exact');
    note1000 = await placeCash('customerB', '1000');
    note500 = await placeCash('customerA', '500');
    prepaid = await placeCash('customerB');
    await t.db.execute({
      sql: "UPDATE orders SET payment_method = 'card', payment_status = 'paid' WHERE id = ?",
      args: [prepaid._id],
    });
    for (const order of [note1000, note500, prepaid]) await sameSlotAs(order._id, exact._id);
    day = (exact.deliverySlot?.id ?? '').slice(0, 10);
  });

  it('gives the order its 4-digit delivery code, shown to its owner only', async () => {
    expect(exact.deliveryCode).toMatch(/^\d{4}$/);
    expect(exact.payWith).toBe('exact');
    expect(await codeOf(exact._id)).toBe(exact.deliveryCode);
    const own = orderSchema.parse(
      await (await t.call('GET', `/api/orders/${exact._id}`, { role: 'customerA' })).json(),
    );
    expect(own.deliveryCode).toBe(exact.deliveryCode);
    expect((await asAdmin(exact._id)).deliveryCode).toBeUndefined();
    const mine = (await (await t.call('GET', '/api/users/me/orders', { role: 'customerA' })).json()) as Order[];
    expect(mine.find((o) => o._id === exact._id)?.deliveryCode).toBe(exact.deliveryCode);
    const all = (await (await t.call('GET', '/api/orders', { role: 'admin' })).json()) as Order[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((o) => o.deliveryCode === undefined)).toBe(true);
  });

  it('refuses payWith on a prepaid order with a field error', async () => {
    const res = await t.call('POST', '/api/orders', {
      role: 'customerA',
      body: { ...(await orderBody(t, customerA)), paymentMethod: 'bkash', payWith: '500' },
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
    expect(body.error.code).toBe('validation_failed');
    expect(Object.keys(body.error.details.fields)).toEqual(['payWith']);
  });

  it('assigns only Approved, Packed or Out for delivery orders, to riders only, and orders the stops', async () => {
    const pending = await assign(exact._id, PHONE_RIDER.uid);
    expect(pending.status).toBe(409);
    expect(((await pending.json()) as { error: { code: string } }).error.code).toBe('not_assignable');
    for (const order of [exact, note1000, note500, prepaid]) await approve(order._id);
    const notRider = await assign(exact._id, customerA.uid);
    expect(notRider.status).toBe(409);
    expect(((await notRider.json()) as { error: { code: string } }).error.code).toBe('not_a_rider');
    expect((await assign(exact._id, PHONE_RIDER.uid, 0)).status).toBe(400);

    expect((await assign(exact._id, PHONE_RIDER.uid)).status).toBe(200); // [exact]
    expect((await assign(note1000._id, PHONE_RIDER.uid)).status).toBe(200); // [exact, note1000]
    const first = await assign(note500._id, PHONE_RIDER.uid, 1); // [note500, exact, note1000]
    expect(first.status).toBe(200);
    const assigned = orderSchema.parse(await first.json());
    expect(assigned.rider).toEqual({ uid: PHONE_RIDER.uid, name: 'Rafiq', phone: PHONE_RIDER.phone });
    expect(assigned.stop).toBe(1);
    expect(assigned.deliveryCode).toBeUndefined();
    // To Karim, then back to Rafiq last: Karim's run closes up, Rafiq's grows.
    expect((await assign(prepaid._id, MAIL_RIDER.uid)).status).toBe(200);
    expect((await assign(prepaid._id, PHONE_RIDER.uid, 99)).status).toBe(200);
    // A move as the admin's up/down sends it: note1000 up one.
    expect((await assign(note1000._id, PHONE_RIDER.uid, 2)).status).toBe(200);

    const run = await runOf(rafiq(), day);
    expect(run.map((stop) => [stop._id, stop.stop])).toEqual([
      [note500._id, 1],
      [note1000._id, 2],
      [exact._id, 3],
      [prepaid._id, 4],
    ]);
    expect(await runOf(karim(), day)).toEqual([]);
    // The owner sees the rider to call; the shopper's own answer keeps its code.
    const own = orderSchema.parse(
      await (await t.call('GET', `/api/orders/${note1000._id}`, { role: 'customerB' })).json(),
    );
    expect(own.rider?.phone).toBe(PHONE_RIDER.phone);
    expect(own.deliveryCode).toMatch(/^\d{4}$/);
  });

  it('shows the amount to collect and the change to bring (Tk), and no delivery code', async () => {
    const run = await runOf(rafiq(), day);
    const stop = (order: Order) => run.find((s) => s._id === order._id) as RunStop;
    expect(stop(exact)).toMatchObject({
      amountToCollect: exact.totalAmount,
      payWith: 'exact',
      changeToBring: 0,
      customerName: exact.customerName,
      phone: exact.phone,
      address: exact.address,
      areaId: exact.areaId,
      orderStatus: 'Approved',
      note: '',
    });
    expect(stop(note1000)).toMatchObject({
      amountToCollect: note1000.totalAmount,
      payWith: '1000',
      changeToBring: note1000.totalAmount < 1000 ? 1000 - note1000.totalAmount : 0,
    });
    expect(stop(note500).changeToBring).toBe(note500.totalAmount < 500 ? 500 - note500.totalAmount : 0);
    expect(stop(prepaid)).toMatchObject({ amountToCollect: 0, payWith: null, changeToBring: 0 });
    expect(JSON.stringify(run)).not.toContain('deliveryCode');
  });

  it('sets out: the Approved and Packed orders of the day go Out for delivery, once', async () => {
    // The orders' day is today or a later one (their slot's): set out for that day.
    const started = await send(rafiq(), 'POST', `/api/rider/run/start?date=${day}`);
    expect(started.status).toBe(200);
    expect(await started.json()).toEqual({ modifiedCount: 4 });
    const again = await send(rafiq(), 'POST', `/api/rider/run/start?date=${day}`);
    expect(await again.json()).toEqual({ modifiedCount: 0 });
    const run = await runOf(rafiq(), day);
    expect(run.every((s) => s.orderStatus === 'Out for delivery')).toBe(true);
    // Packed as ordered on the way: a cash order collects its final bill.
    const packed = await asAdmin(exact._id);
    expect(packed.finalAmount).toBeDefined();
    expect(run.find((s) => s._id === exact._id)?.amountToCollect).toBe(packed.finalAmount);
  });

  it('refuses another rider (403 not_your_stop), a shopper (403), and bad codes or cash (400)', async () => {
    const other = await deliver(karim(), exact._id, { code: exact.deliveryCode });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('not_your_stop');
    expect((await t.call('POST', `/api/orders/${exact._id}/delivered`, { role: 'customerA', body: {} })).status).toBe(
      403,
    );
    const bad = async (body: unknown, field: string) => {
      const res = await deliver(rafiq(), exact._id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = ((await res.json()) as { error: { code: string; details: { fields: Record<string, unknown> } } })
        .error;
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.details.fields)).toContain(field);
    };
    await bad({ code: '12a4' }, 'code');
    await bad({ code: '12345' }, 'code');
    await bad({}, 'code');
    await bad({ code: exact.deliveryCode, cashCollected: -5 }, 'cashCollected');
    await bad({ code: exact.deliveryCode, cashCollected: '100' }, 'cashCollected');
    expect((await asAdmin(exact._id)).orderStatus).toBe('Out for delivery');
  });

  it('delivers with the right code, counts a wrong one once per Idempotency-Key, and replays the first answer', async () => {
    const code = await codeOf(exact._id);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const key = crypto.randomUUID();
    const wrong = await deliver(rafiq(), exact._id, { code: wrongCode }, { 'Idempotency-Key': key });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { code: 'wrong_delivery_code', details: { attemptsLeft: 4 } } });
    const replayed = await deliver(rafiq(), exact._id, { code: wrongCode }, { 'Idempotency-Key': key });
    expect(replayed.status).toBe(400);
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    const failures = await t.db.execute({ sql: 'SELECT code_failures FROM orders WHERE id = ?', args: [exact._id] });
    expect(Number(failures.rows[0]?.code_failures)).toBe(1);

    const deliveryKey = crypto.randomUUID();
    const cash = (await asAdmin(exact._id)).finalAmount ?? 0;
    const done = await deliver(rafiq(), exact._id, { code, cashCollected: cash }, { 'Idempotency-Key': deliveryKey });
    expect(done.status).toBe(200);
    const delivered = orderSchema.parse(await done.json());
    expect(delivered.orderStatus).toBe('Delivered');
    expect(delivered.cashCollected).toBe(cash);
    expect(delivered.deliveryCode).toBeUndefined();
    expect(delivered.statusHistory.at(-1)?.status).toBe('Delivered');
    const again = await deliver(rafiq(), exact._id, { code, cashCollected: cash }, { 'Idempotency-Key': deliveryKey });
    expect(again.status).toBe(200);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    // Without the key, a second delivery is refused: it is not out any more.
    expect((await deliver(rafiq(), exact._id, { code })).status).toBe(409);
    // The log never has the code.
    expect(JSON.stringify(testLogs)).not.toContain(`"${code}"`);
  });

  it('records failed attempts in the order, for its rider only', async () => {
    const res = await send(rafiq(), 'POST', `/api/orders/${note1000._id}/attempt`, { reason: 'no_answer' });
    expect(res.status).toBe(200);
    const order = orderSchema.parse(await res.json());
    expect(order.orderStatus).toBe('Out for delivery');
    expect(order.attempts?.map((a) => a.reason)).toEqual(['no_answer']);
    expect((await send(rafiq(), 'POST', `/api/orders/${note1000._id}/attempt`, { reason: 'lost' })).status).toBe(400);
    expect((await send(karim(), 'POST', `/api/orders/${note1000._id}/attempt`, { reason: 'refused' })).status).toBe(
      403,
    );
    const key = { 'Idempotency-Key': crypto.randomUUID() };
    for (let i = 0; i < 2; i += 1)
      expect(
        (await send(rafiq(), 'POST', `/api/orders/${note1000._id}/attempt`, { reason: 'refused' }, key)).status,
      ).toBe(200);
    expect((await asAdmin(note1000._id)).attempts?.map((a) => a.reason)).toEqual(['no_answer', 'refused']);
    // A delivered order takes no attempt.
    expect((await send(rafiq(), 'POST', `/api/orders/${exact._id}/attempt`, { reason: 'refused' })).status).toBe(409);
  });

  it('locks the code after 5 wrong ones (429) until an admin marks the order delivered', async () => {
    const code = await codeOf(note500._id);
    const wrongCode = code === '0000' ? '1111' : '0000';
    const left: unknown[] = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await deliver(rafiq(), note500._id, { code: wrongCode });
      expect(res.status).toBe(400);
      left.push(((await res.json()) as { error: { details: { attemptsLeft: number } } }).error.details.attemptsLeft);
    }
    expect(left).toEqual([4, 3, 2, 1, 0]);
    const locked = await deliver(rafiq(), note500._id, { code });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { error: { code: string } }).error.code).toBe('delivery_code_locked');
    expect((await asAdmin(note500._id)).deliveryCodeLocked).toBe(true);
    const marked = await t.call('POST', `/api/orders/${note500._id}/delivered`, {
      role: 'admin',
      body: { cashCollected: 400 },
    });
    expect(marked.status).toBe(200);
    expect(orderSchema.parse(await marked.json())).toMatchObject({ orderStatus: 'Delivered', cashCollected: 400 });
  });

  it('delivers the rest (a prepaid order records no cash) and reports the cash against hand sums', async () => {
    expect(
      (await deliver(rafiq(), note1000._id, { code: await codeOf(note1000._id), cashCollected: 1000 })).status,
    ).toBe(200);
    const prepaidDone = await deliver(rafiq(), prepaid._id, { code: await codeOf(prepaid._id), cashCollected: 50 });
    expect(prepaidDone.status).toBe(200);
    expect(orderSchema.parse(await prepaidDone.json()).cashCollected).toBeUndefined();

    const cashOrders = await Promise.all([exact, note1000, note500].map((o) => asAdmin(o._id)));
    const expected = cashOrders.reduce((sum, o) => sum + (o.finalAmount ?? o.totalAmount), 0);
    const collected = cashOrders.reduce((sum, o) => sum + (o.cashCollected ?? 0), 0);
    expect(collected).toBe((cashOrders[0]?.finalAmount ?? 0) + 1000 + 400);
    const res = await t.call('GET', `/api/reports/cash?date=${day}`, { role: 'admin' });
    expect(res.status).toBe(200);
    expect((await res.json()) as CashReportRow[]).toEqual([
      { riderUid: PHONE_RIDER.uid, name: 'Rafiq', orders: 3, expected, collected },
    ]);
    // The orders CSV names each order's rider and the cash recorded, so the accounts can sum it per rider.
    const placedOn = shopDate(Date.parse(note1000.createdAt));
    const csv = await (
      await t.call('GET', `/api/reports/orders.csv?from=${placedOn}&to=${placedOn}`, { role: 'admin' })
    ).text();
    const csvLine = (order: Order) => csv.split('\r\n').find((line) => line.startsWith(`${order._id},`));
    expect(csvLine(note1000)).toContain(',Rafiq,1000,');
    expect(csvLine(note500)).toContain(',Rafiq,400,');
    expect(csvLine(prepaid)).toContain(',Rafiq,,');
    expect((await t.call('GET', '/api/reports/cash?date=2026-02-30', { role: 'admin' })).status).toBe(400);
    expect((await t.call('GET', `/api/reports/cash?date=${day}`, { role: 'customerA' })).status).toBe(403);
  });

  it('gives the shopper the phone an e-mail rider saved on their profile to call', async () => {
    expect((await send(await karim(), 'PUT', '/api/users/me', { phone: '01911-223344' })).status).toBe(200);
    const order = await placeCash('customerA', 'exact');
    await approve(order._id);
    expect((await assign(order._id, MAIL_RIDER.uid)).status).toBe(200);
    const own = orderSchema.parse(
      await (await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' })).json(),
    );
    expect(own.rider).toEqual({ uid: MAIL_RIDER.uid, name: 'Karim', phone: '+8801911223344' });
  });

  it('assigns no Delivered order (409)', async () => {
    const res = await assign(exact._id, PHONE_RIDER.uid);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not_assignable');
  });
});
