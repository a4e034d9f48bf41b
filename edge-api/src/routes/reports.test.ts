/**
 * The report routes through the API (DESIGN.md §3, §12) on a fixed clock (Tue 24 Nov 2026 in
 * Dhaka), against orders placed in each test: sales per Dhaka day, the purchase list of a
 * delivery day, the slots' load, the CSV export's quoting and injection guard, who may ask, and
 * the field named when a date is bad.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../contract/catalogue';
import type { LineChoice } from '../contract/line-choice';
import { orderSchema, type Order, type OrderInput } from '../contract/order';
import type { PurchaseItem, SalesDay, SlotLoad } from '../contract/report';
import { listProducts } from '../db/products';
import { orderInput, SAMPLE_ADDRESS } from '../testing/order-fixture';
import { createTestApp, customerA, testLogs, type TestApp } from '../testing/test-app';
import { ORDERS_CSV_HEADER } from './reports';

const TODAY = '2026-11-24';
const NOW = `${TODAY}T08:00:00+06:00`;
const CAPACITY = 10;

// Only Date is faked, before the app is built (its token verifier keeps the Date.now it is given).
let t: TestApp;
let catalogue: Product[];
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  t = await createTestApp({ DELIVERY_SLOT_CAPACITY: String(CAPACITY), DELIVERY_DAYS_AHEAD: '3' });
  catalogue = await listProducts(t.db);
});
afterAll(() => {
  t.cleanup();
  vi.useRealTimers();
});
beforeEach(async () => {
  vi.setSystemTime(new Date(NOW));
  await t.db.execute('DELETE FROM orders');
});

const product = (name: string): Product => {
  const found = catalogue.find((p) => p.name === name);
  if (!found) throw new Error(`no ${name} in the seed`);
  return found;
};
const potato = () => product('Potato (Alu)');
const chili = () => product('Green Chili Pack');
const spinach = () => product('Spinach Bundle (Palong Shak)');

type Placement = {
  /** When the order is placed (ISO 8601 with offset). */
  at?: string;
  /** The delivery slot asked for (its id); the earliest free one when absent. */
  slot?: string;
  /** Each line: the product, its sale units and, when not none, what its shopper asks (DESIGN.md §17). */
  lines?: Array<[Product, number, LineChoice?]>;
  contact?: Partial<OrderInput>;
};

/** Places an order as customer A at `at` and returns it. */
async function place({ at = NOW, slot, lines = [[potato(), 1]], contact = {} }: Placement = {}): Promise<Order> {
  vi.setSystemTime(new Date(at));
  const body = orderInput({
    email: customerA.email,
    orderedProduct: lines.map(([p, cartQuantity, choice]) => ({ _id: p._id, cartQuantity, ...choice })),
    ...(slot ? { deliverySlot: slot } : {}),
    ...contact,
  });
  const res = await t.call('POST', '/api/orders', {
    role: 'customerA',
    body,
    headers: { 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  vi.setSystemTime(new Date(NOW));
  const order = orderSchema.parse(await res.json());
  if (slot) expect(order.deliverySlot?.id).toBe(slot);
  return order;
}
/** Marks an order Cancelled, as a refunded paid order is kept (orders/cancel.ts). */
const cancel = (order: Order) =>
  t.db.execute({ sql: "UPDATE orders SET order_status = 'Cancelled' WHERE id = ?", args: [order._id] });
/** Takes an order's slot away, as orders placed before slots have none. */
const withoutSlot = (order: Order) =>
  t.db.execute({
    sql: 'UPDATE orders SET slot_id = NULL, slot_start_ms = NULL, slot_end_ms = NULL WHERE id = ?',
    args: [order._id],
  });

const get = async <T>(path: string): Promise<T> => {
  const res = await t.call('GET', path, { role: 'admin' });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const sales = (days?: number) => get<SalesDay[]>(`/api/reports/sales${days ? `?days=${days}` : ''}`);
const purchaseList = (date: string) => get<PurchaseItem[]>(`/api/reports/purchase-list?date=${date}`);

describe('GET /api/reports/sales', () => {
  it('gives the last 14 Dhaka days by default, oldest first, today last, days without orders as zeros', async () => {
    const days = await sales();
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-11-11', orders: 0, revenue: 0, creditUsed: 0, creditGiven: 0 });
    expect(days.at(-1)).toEqual({ date: TODAY, orders: 0, revenue: 0, creditUsed: 0, creditGiven: 0 });
    expect(days.map((day) => day.date)).toEqual([...days.map((day) => day.date)].sort());
    expect(await sales(90)).toHaveLength(90);
    expect((await sales(1)).map((day) => day.date)).toEqual([TODAY]);
  });

  it('counts each day’s orders and sums their totalAmount, leaving cancelled orders out', async () => {
    const a = await place({ at: '2026-11-23T10:00:00+06:00', lines: [[potato(), 2]] });
    const b = await place({ at: '2026-11-23T12:00:00+06:00', lines: [[chili(), 3]] });
    const cancelled = await place({ at: '2026-11-23T13:00:00+06:00', lines: [[potato(), 5]] });
    await cancel(cancelled);
    const c = await place({ at: '2026-11-24T07:00:00+06:00', lines: [[spinach(), 1]] });
    const days = await sales(3);
    expect(days).toEqual([
      { date: '2026-11-22', orders: 0, revenue: 0, creditUsed: 0, creditGiven: 0 },
      { date: '2026-11-23', orders: 2, revenue: a.totalAmount + b.totalAmount, creditUsed: 0, creditGiven: 0 },
      { date: TODAY, orders: 1, revenue: c.totalAmount, creditUsed: 0, creditGiven: 0 },
    ]);
  });

  it('puts an order at 23:59 +06:00 on its day and one at 00:00 +06:00 on the next (not UTC’s)', async () => {
    const late = await place({ at: '2026-11-22T23:59:59+06:00' });
    const midnight = await place({ at: '2026-11-23T00:00:00+06:00', lines: [[potato(), 3]] });
    // 05:59 +06:00 is the previous UTC day, still the same Dhaka day.
    const early = await place({ at: '2026-11-23T05:59:00+06:00', lines: [[potato(), 4]] });
    const [day22, day23] = await sales(3);
    expect(day22).toEqual({ date: '2026-11-22', orders: 1, revenue: late.totalAmount, creditUsed: 0, creditGiven: 0 });
    expect(day23).toEqual({
      date: '2026-11-23',
      orders: 2,
      revenue: midnight.totalAmount + early.totalAmount,
      creditUsed: 0,
      creditGiven: 0,
    });
  });
});

describe('GET /api/reports/purchase-list', () => {
  const SLOT_25_MORNING = '2026-11-25T09:00:00+06:00';
  const SLOT_25_EVENING = '2026-11-25T19:00:00+06:00';
  const SLOT_24 = `${TODAY}T15:00:00+06:00`;

  it('sums the sale units per product of every order delivered that day, with unit and unit size, sorted by name', async () => {
    await place({
      slot: SLOT_25_MORNING,
      lines: [
        [potato(), 2],
        [chili(), 1],
      ],
    });
    await place({
      slot: SLOT_25_EVENING,
      lines: [
        [potato(), 3],
        [spinach(), 4],
      ],
    });
    await place({ slot: SLOT_25_EVENING, lines: [[chili(), 2]] });
    // Another day's delivery and a cancelled order are not on the list.
    await place({ slot: SLOT_24, lines: [[potato(), 7]] });
    await cancel(await place({ slot: SLOT_25_MORNING, lines: [[spinach(), 9]] }));
    const asked = { substitutions: { similar: 0, call: 0 }, notes: [] };
    expect(await purchaseList('2026-11-25')).toEqual([
      {
        _id: chili()._id,
        name: 'Green Chili Pack',
        nameBn: 'কাঁচা মরিচ প্যাকেট',
        unit: 'g',
        unitSize: 250,
        quantity: 3,
        ...asked,
      },
      { _id: potato()._id, name: 'Potato (Alu)', nameBn: 'আলু', unit: 'kg', unitSize: 1, quantity: 5, ...asked },
      {
        _id: spinach()._id,
        name: 'Spinach Bundle (Palong Shak)',
        nameBn: 'পালং শাক আঁটি',
        unit: 'bundle',
        unitSize: 1,
        quantity: 4,
        ...asked,
      },
    ]);
    expect(await purchaseList(TODAY)).toEqual([expect.objectContaining({ name: 'Potato (Alu)', quantity: 7 })]);
    expect(await purchaseList('2026-11-26')).toEqual([]);
  });

  it('counts an order on its slot’s day, not the day it was placed; one without a slot on the day it was placed', async () => {
    // Placed on the 24th at 23:59 for the 25th's morning: the 25th's list.
    await place({ at: `${TODAY}T23:59:00+06:00`, slot: SLOT_25_MORNING, lines: [[potato(), 2]] });
    // Placed on the 25th at 00:00 +06:00 (18:00 UTC on the 24th) with no slot: the 25th's list.
    const noSlot = await place({ at: '2026-11-25T00:00:00+06:00', lines: [[potato(), 3]] });
    await withoutSlot(noSlot);
    // Placed on the 24th at 23:59 with no slot: the 24th's list.
    const lateNoSlot = await place({ at: `${TODAY}T23:59:59+06:00`, lines: [[chili(), 1]] });
    await withoutSlot(lateNoSlot);
    expect(await purchaseList('2026-11-25')).toEqual([expect.objectContaining({ _id: potato()._id, quantity: 5 })]);
    expect(await purchaseList(TODAY)).toEqual([expect.objectContaining({ _id: chili()._id, quantity: 1 })]);
  });

  it('says under each product what its shoppers asked, from orders with a slot and without one, not cancelled ones', async () => {
    await place({
      at: `${TODAY}T09:00:00+06:00`,
      slot: SLOT_25_MORNING,
      lines: [
        [potato(), 2, { substitution: 'similar', note: 'Small ones' }],
        // No choice and a blank note: nothing asked.
        [chili(), 1, { substitution: 'none', note: '  ' }],
      ],
    });
    // Without a slot, placed on the 25th: its choices are the 25th's too.
    const noSlot = await place({
      at: '2026-11-25T07:00:00+06:00',
      lines: [
        [potato(), 1, { substitution: 'call', note: 'No green ones' }],
        [spinach(), 1, { substitution: 'similar' }],
      ],
    });
    await withoutSlot(noSlot);
    await place({
      at: `${TODAY}T10:00:00+06:00`,
      slot: SLOT_25_EVENING,
      lines: [[potato(), 1, { substitution: 'similar' }]],
    });
    // A cancelled order's and another day's choices are not the 25th's.
    await cancel(
      await place({ slot: SLOT_25_MORNING, lines: [[potato(), 4, { substitution: 'call', note: 'Cancelled' }]] }),
    );
    await place({ slot: SLOT_24, lines: [[potato(), 1, { substitution: 'call', note: 'Today' }]] });
    const list = await purchaseList('2026-11-25');
    expect(list.map(({ name, quantity, substitutions, notes }) => ({ name, quantity, substitutions, notes }))).toEqual([
      { name: 'Green Chili Pack', quantity: 1, substitutions: { similar: 0, call: 0 }, notes: [] },
      {
        name: 'Potato (Alu)',
        quantity: 4,
        substitutions: { similar: 2, call: 1 },
        // Oldest order first: placed on the 24th, then the one without a slot on the 25th.
        notes: ['Small ones', 'No green ones'],
      },
      { name: 'Spinach Bundle (Palong Shak)', quantity: 1, substitutions: { similar: 1, call: 0 }, notes: [] },
    ]);
  });

  it('keeps the unit each order was sold in: a product whose unit changed is two rows', async () => {
    await place({ slot: SLOT_25_MORNING, lines: [[potato(), 2]] });
    const res = await t.call('PUT', `/api/products/update/${potato()._id}`, {
      role: 'admin',
      body: { unit: 'g', unitSize: 500 },
    });
    expect(res.status).toBe(200);
    try {
      await place({ slot: SLOT_25_MORNING, lines: [[potato(), 3]] });
      expect(
        (await purchaseList('2026-11-25')).map(({ unit, unitSize, quantity }) => [unit, unitSize, quantity]),
      ).toEqual([
        ['g', 500, 3],
        ['kg', 1, 2],
      ]);
    } finally {
      await t.call('PUT', `/api/products/update/${potato()._id}`, { role: 'admin', body: { unit: 'kg', unitSize: 1 } });
    }
  });
});

describe('GET /api/reports/slots', () => {
  it('gives every slot of the day with its orders (not cancelled) and the places left, closed slots too', async () => {
    // At 08:00 the 09:00 slot is closed (cutoff), yet the board still shows its orders.
    const SLOT_9 = `${TODAY}T09:00:00+06:00`;
    const SLOT_15 = `${TODAY}T15:00:00+06:00`;
    vi.setSystemTime(new Date(`${TODAY}T06:00:00+06:00`));
    await place({ at: `${TODAY}T06:00:00+06:00`, slot: SLOT_9 });
    await place({ slot: SLOT_15 });
    await place({ slot: SLOT_15 });
    await cancel(await place({ slot: SLOT_15 }));
    const slots = await get<SlotLoad[]>(`/api/reports/slots?date=${TODAY}`);
    expect(slots.map((slot) => slot.id)).toEqual([
      SLOT_9,
      `${TODAY}T11:00:00+06:00`,
      SLOT_15,
      `${TODAY}T17:00:00+06:00`,
      `${TODAY}T19:00:00+06:00`,
    ]);
    expect(slots[0]).toEqual({
      id: SLOT_9,
      start: SLOT_9,
      end: `${TODAY}T11:00:00+06:00`,
      label: 'Tue 24 Nov, 09:00–11:00',
      orders: 1,
      remaining: CAPACITY - 1,
    });
    // The cancelled order gave its place back, as the capacity counts it.
    expect(slots[2]).toMatchObject({ orders: 2, remaining: CAPACITY - 2 });
    expect(slots[1]).toMatchObject({ orders: 0, remaining: CAPACITY });
  });
});

/** RFC 4180 records of `text` (quoted cells with doubled quotes, CRLF between records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (ch === '"') quoted = !quoted;
    else if (quoted) cell += ch;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 1;
    } else cell += ch;
  }
  expect(cell, 'the file ends with CRLF').toBe('');
  return records;
}

const csv = (from: string, to: string) =>
  t.call('GET', `/api/reports/orders.csv?from=${from}&to=${to}`, { role: 'admin' });
/** The file's text after its UTF-8 byte-order mark (which `Response.text()` would drop unseen). */
const csvText = async (res: Response): Promise<string> => {
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
};

describe('GET /api/reports/orders.csv', () => {
  it('is a CSV download of the orders placed in the dates, header first, oldest first, cancelled ones with their state', async () => {
    const first = await place({
      at: '2026-11-22T23:59:00+06:00',
      slot: SLOT(25, 9),
      lines: [
        [potato(), 2],
        [chili(), 3],
      ],
    });
    const second = await place({ at: '2026-11-23T00:00:00+06:00', lines: [[spinach(), 1]] });
    await cancel(second);
    await place({ at: '2026-11-21T23:59:59+06:00' }); // the day before `from`
    await place({ at: '2026-11-24T00:00:00+06:00' }); // the day after `to`
    const res = await csv('2026-11-22', '2026-11-23');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('Content-Disposition')).toBe('attachment; filename="orders-2026-11-22-2026-11-23.csv"');
    const text = await res.text();
    expect(
      text.startsWith(
        'order id,placed at,customer name,phone,address,slot,status,payment method,payment status,total (Tk),credit applied (Tk),rider,cash collected (Tk),lines\r\n',
      ),
    ).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([...ORDERS_CSV_HEADER]);
    expect(rows).toEqual([
      [
        first._id,
        '2026-11-22T23:59:00+06:00',
        'Asha Rahman',
        "'+8801711000000",
        SAMPLE_ADDRESS,
        'Wed 25 Nov, 09:00–11:00',
        'Pending',
        'cod',
        'unpaid',
        String(first.totalAmount),
        '0',
        '',
        '',
        'Potato (Alu) 2 kg @ 30; Green Chili Pack 3 × 250 g @ 30',
      ],
      [
        second._id,
        '2026-11-23T00:00:00+06:00',
        'Asha Rahman',
        "'+8801711000000",
        SAMPLE_ADDRESS,
        second.deliverySlot?.label ?? '',
        'Cancelled',
        'cod',
        'unpaid',
        String(second.totalAmount),
        '0',
        '',
        '',
        `Spinach Bundle (Palong Shak) 1 bundle @ ${spinach().price}`,
      ],
    ]);
  });

  it('quotes commas, quotes and line breaks, keeps Bangla, and defuses cells a spreadsheet would run', async () => {
    const cases: Array<[field: 'customerName' | 'address' | 'phone', value: string]> = [
      ['customerName', 'Rahman, "Asha"'],
      // The line: the stored address adds the area's name (DESIGN.md §15).
      ['address', 'Flat 3B\nRoad 12'],
      ['customerName', 'আশা রহমান'],
      ['customerName', '=HYPERLINK("http://evil.test","x")'],
      ['customerName', '@SUM(A1)'],
      ['address', '-2+3 Gulshan'],
      // An order placed before phones were checked keeps what was typed.
      ['phone', '-01711 000000'],
    ];
    // A second apart, so the file's order (oldest first) is theirs.
    for (const [i, [field, value]] of cases.entries()) {
      const at = new Date(Date.parse(NOW) + i * 1000).toISOString();
      if (field !== 'phone') await place({ at, contact: { [field]: value } });
      else
        await t.db.execute({
          sql: 'UPDATE orders SET phone = ? WHERE id = ?',
          args: [value, (await place({ at }))._id],
        });
    }
    const text = await csvText(await csv(TODAY, TODAY));
    expect(text).toContain('"Rahman, ""Asha"""');
    expect(text).toContain('"Flat 3B\nRoad 12, Dhanmondi"');
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    const rows = parseCsv(text).slice(1);
    const column = (name: (typeof ORDERS_CSV_HEADER)[number]) => ORDERS_CSV_HEADER.indexOf(name);
    expect(rows.map((row) => [row[column('customer name')], row[column('address')], row[column('phone')]])).toEqual([
      ['Rahman, "Asha"', SAMPLE_ADDRESS, "'+8801711000000"],
      ['Asha Rahman', 'Flat 3B\nRoad 12, Dhanmondi', "'+8801711000000"],
      ['আশা রহমান', SAMPLE_ADDRESS, "'+8801711000000"],
      ['\'=HYPERLINK("http://evil.test","x")', SAMPLE_ADDRESS, "'+8801711000000"],
      ["'@SUM(A1)", SAMPLE_ADDRESS, "'+8801711000000"],
      ['Asha Rahman', "'-2+3 Gulshan, Dhanmondi", "'+8801711000000"],
      ['Asha Rahman', SAMPLE_ADDRESS, "'-01711 000000"],
    ]);
  });

  it('streams a range of more orders than one page holds, each once, in order', async () => {
    const start = Date.parse(`${TODAY}T00:00:00+06:00`);
    // 1,203 orders (more than two pages of 500), some sharing a millisecond, inserted directly.
    const rows = Array.from({ length: 1203 }, (_, i) => ({
      id: `bulk-${String(i).padStart(5, '0')}`,
      at: start + Math.floor(i / 3),
    }));
    await t.db.batch(
      rows.map(({ id, at }) => ({
        sql: `INSERT INTO orders (id, user_id, customer_name, email, phone, address, total_amount, order_date, ordered_product, created_at)
              VALUES (?, 'uid-bulk', 'Bulk', '', '01711000000', 'Dhaka', 100, 'today', '[]', ?)`,
        args: [id, at],
      })),
      'write',
    );
    const records = parseCsv(await csvText(await csv(TODAY, TODAY))).slice(1);
    expect(records.map((record) => record[0])).toEqual(rows.map((row) => row.id));
  });
});

function SLOT(day: number, hour: number): string {
  return `2026-11-${day}T${String(hour).padStart(2, '0')}:00:00+06:00`;
}

describe('who may ask, and what', () => {
  const paths = [
    '/api/reports/sales',
    `/api/reports/purchase-list?date=${TODAY}`,
    `/api/reports/slots?date=${TODAY}`,
    `/api/reports/orders.csv?from=${TODAY}&to=${TODAY}`,
  ];

  it('answers a customer 403 and no one signed in 401', async () => {
    for (const path of paths) {
      expect((await t.call('GET', path, { role: 'customerA' })).status, path).toBe(403);
      expect((await t.call('GET', path)).status, path).toBe(401);
    }
  });

  it('answers 400 validation_failed naming the field for a bad or missing date, days out of range, from after to', async () => {
    const cases: Array<[path: string, field: string]> = [
      ['/api/reports/sales?days=0', 'days'],
      ['/api/reports/sales?days=91', 'days'],
      ['/api/reports/sales?days=seven', 'days'],
      ['/api/reports/sales?days=2.5', 'days'],
      ['/api/reports/purchase-list', 'date'],
      ['/api/reports/purchase-list?date=2026-02-30', 'date'],
      ['/api/reports/purchase-list?date=24-11-2026', 'date'],
      ['/api/reports/slots?date=tomorrow', 'date'],
      ['/api/reports/orders.csv?to=2026-11-24', 'from'],
      ['/api/reports/orders.csv?from=2026-11-24', 'to'],
      ['/api/reports/orders.csv?from=2026-13-01&to=2026-11-24', 'from'],
      ['/api/reports/orders.csv?from=2026-11-24&to=2026-11-23', 'to'],
      ['/api/reports/orders.csv?from=2025-11-23&to=2026-11-24', 'to'],
    ];
    for (const [path, field] of cases) {
      const res = await t.call('GET', path, { role: 'admin' });
      expect(res.status, path).toBe(400);
      const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string[]> } } };
      expect(body.error.code, path).toBe('validation_failed');
      expect(Object.keys(body.error.details.fields), path).toEqual([field]);
    }
    // A year to the day (366 dates with a leap day, 365 without) is within the cap.
    expect((await csv('2025-11-25', '2026-11-24')).status).toBe(200);
  });

  it('is not kept by shared caches, and its log line holds no personal data', async () => {
    await place({ contact: { customerName: 'Secret Name', phone: '01999 123456', address: 'Secret Road' } });
    testLogs.length = 0;
    for (const path of paths) {
      const res = await t.call('GET', path, { role: 'admin' });
      expect(res.headers.get('Cache-Control'), path).toBe('private, no-store');
      await res.text();
    }
    const logged = JSON.stringify(testLogs);
    for (const secret of ['Secret', '01999', customerA.email, 'Bearer']) expect(logged).not.toContain(secret);
    expect(testLogs.length).toBeGreaterThanOrEqual(paths.length);
  });
});
