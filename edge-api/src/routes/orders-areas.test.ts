/**
 * `POST /api/orders` to a delivery area (DESIGN.md §15, §16) on a fixed clock (Sun 22 Nov 2026,
 * 08:30 in Dhaka): the area's fee, free delivery and minimum order, an area not served, the
 * area's slots, the address composed from its parts, and a fee that rose since the quote.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '../contract/catalogue';
import { orderSchema, type Order, type OrderInput } from '../contract/order';
import { priceCart } from '../contract/pricing';
import { findDeliveryArea } from '../db/delivery-areas';
import { listProducts } from '../db/products';
import { createTestApp, customerA, orderBody, type TestApp } from '../testing/test-app';

const NOW = '2026-11-22T08:30:00+06:00';

let t: TestApp;
let potato: Product;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  t = await createTestApp();
  potato = (await listProducts(t.db)).find((product) => product.name.startsWith('Potato')) as Product;
});
afterAll(() => {
  t.cleanup();
  vi.useRealTimers();
});
beforeEach(async () => {
  vi.setSystemTime(new Date(NOW));
  await t.db.execute('DELETE FROM orders');
});

/** Customer A's order of `kg` kg of potatoes (30 Tk/kg in the seed) with `overrides`. */
const body = async (kg: number, overrides: Partial<OrderInput> = {}): Promise<OrderInput> => ({
  ...(await orderBody(t, customerA)),
  orderedProduct: [{ _id: potato._id, cartQuantity: kg }],
  ...overrides,
});
const post = (order: OrderInput, key: string = crypto.randomUUID()) =>
  t.call('POST', '/api/orders', { role: 'customerA', body: order, headers: { 'Idempotency-Key': key } });
const placed = async (order: OrderInput): Promise<Order> => {
  const res = await post(order);
  expect(res.status, await res.clone().text()).toBe(201);
  return orderSchema.parse(await res.json());
};
const refusal = async (res: Response) => {
  const { error } = (await res.json()) as { error: { code: string; details?: Record<string, unknown> } };
  return { status: res.status, ...error };
};
const orderCount = async () => Number((await t.db.execute('SELECT count(*) AS n FROM orders')).rows[0]?.n);
const area = async (id: string) => {
  const found = await findDeliveryArea(t.db, id);
  if (!found) throw new Error(`no area ${id}`);
  return found;
};

describe('POST /api/orders: the delivery area', () => {
  it('charges a core area the spec’s fee and stores the area, the composed address and the rider’s note', async () => {
    const order = await placed(
      await body(2, {
        address: 'House 12, Road 3, Flat B2',
        floor: '4th floor',
        landmark: 'Near the mosque',
        note: 'Ring twice',
      }),
    );
    expect(order).toMatchObject({
      areaId: 'dhanmondi',
      address: 'House 12, Road 3, Flat B2, 4th floor, Near the mosque, Dhanmondi',
      note: 'Ring twice',
      shipping: 40,
      totalAmount: priceCart([{ price: potato.price, cartQuantity: 2 }]).subtotal,
      phone: '+8801711000000',
    });
    // Read back as stored.
    const read = await t.call('GET', `/api/orders/${order._id}`, { role: 'customerA' });
    expect(orderSchema.parse(await read.json())).toMatchObject({
      areaId: 'dhanmondi',
      address: order.address,
      note: 'Ring twice',
      shipping: 40,
    });
  });

  it('charges a periphery area its own fee from its minimum, and nothing from its free-delivery line', async () => {
    const savar = await area('savar');
    const kg = Math.ceil(savar.minimumOrder / potato.price);
    const order = await placed(await body(kg, { areaId: 'savar' }));
    expect(order).toMatchObject({ areaId: 'savar', shipping: savar.fee, address: 'House 1, Road 2, Savar' });
    expect(order.totalAmount).toBe(priceCart([{ price: potato.price, cartQuantity: kg }], savar).subtotal);
    expect(savar.freeDeliveryAbove).not.toBeNull();
    const free = await placed(
      await body(Math.ceil((savar.freeDeliveryAbove ?? 0) / potato.price), { areaId: 'savar' }),
    );
    expect(free.shipping).toBe(0);
  });

  it('refuses goods below the area’s minimum with 409 below_minimum and both amounts, storing nothing', async () => {
    const savar = await area('savar');
    const kg = Math.ceil(savar.minimumOrder / potato.price) - 1;
    const res = await post(await body(kg, { areaId: 'savar' }));
    expect(await documented(res.clone())).toBe('valid');
    expect(await refusal(res)).toMatchObject({
      status: 409,
      code: 'below_minimum',
      details: { minimumOrder: savar.minimumOrder, cartTotal: kg * potato.price },
    });
    expect(await orderCount()).toBe(0);
  });

  it('refuses an unknown area and one switched off with 409 area_not_served, and a replay answers the same', async () => {
    const key = crypto.randomUUID();
    const unknown = await body(2, { areaId: 'atlantis' });
    expect(await refusal(await post(unknown, key))).toMatchObject({
      status: 409,
      code: 'area_not_served',
      details: { areaId: 'atlantis' },
    });
    expect(await refusal(await post(unknown, key))).toMatchObject({ status: 409, code: 'area_not_served' });
    await t.call('PUT', '/api/delivery-areas/wari', { role: 'admin', body: { active: false } });
    expect(await refusal(await post(await body(2, { areaId: 'wari' })))).toMatchObject({
      status: 409,
      code: 'area_not_served',
      details: { areaId: 'wari' },
    });
    expect(await orderCount()).toBe(0);
  });

  it('gives only the area’s slots: one asked for outside them moves to the area’s earliest free one', async () => {
    const gazipur = await area('gazipur');
    const kg = Math.ceil(gazipur.minimumOrder / potato.price);
    const order = await placed(await body(kg, { areaId: 'gazipur', deliverySlot: '2026-11-22T13:00:00+06:00' }));
    // 13:00 is not Gazipur's; its earliest free slot now is 11:00 today.
    expect(order.deliverySlot?.id).toBe('2026-11-22T11:00:00+06:00');
    expect(order.deliverySlotChanged).toBe(true);
    const asked = await placed(await body(kg, { areaId: 'gazipur', deliverySlot: '2026-11-23T11:00:00+06:00' }));
    expect([asked.deliverySlot?.id, asked.deliverySlotChanged]).toEqual(['2026-11-23T11:00:00+06:00', undefined]);
  });
});

/** Whether `res` (a POST /api/orders answer) is as GET /api/openapi.json documents it: 'valid', else the reasons. */
async function documented(res: Response): Promise<string> {
  type Doc = {
    paths: Record<
      string,
      Record<string, { responses: Record<string, { content: Record<string, { schema: object }> }> }>
    >;
    components: object;
  };
  const doc = (await (await t.call('GET', '/api/openapi.json')).json()) as Doc;
  const schema = doc.paths['/api/orders']?.post?.responses[String(res.status)]?.content['application/json']?.schema;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  const validate = ajv.compile({ ...schema, components: doc.components });
  return validate(await res.json()) ? 'valid' : ajv.errorsText(validate.errors);
}

describe('POST /api/orders: the fee the shopper saw (DESIGN.md §16)', () => {
  /** The body as the PWA sends it: each line's price and the subtotal it showed with `fee`. */
  const quoted = async (kg: number, fee: number) => ({
    ...(await body(kg, { areaId: 'keraniganj' })),
    orderedProduct: [{ _id: potato._id, cartQuantity: kg, price: potato.price }],
    totalAmount: priceCart([{ price: potato.price, cartQuantity: kg }], { fee, freeDeliveryAbove: null }).subtotal,
  });

  it('refuses an order whose area’s fee rose since the quote, naming the fee, and places it at a lower one', async () => {
    const keraniganj = await area('keraniganj');
    const kg = Math.ceil(keraniganj.minimumOrder / potato.price);
    const fee = keraniganj.fee ?? 0;
    await t.call('PUT', '/api/delivery-areas/keraniganj', { role: 'admin', body: { fee: fee + 50 } });
    const sent = await quoted(kg, fee);
    const res = await post(sent);
    expect(await documented(res.clone())).toBe('valid');
    expect(await refusal(res)).toMatchObject({
      status: 409,
      code: 'price_changed',
      details: {
        quotedTotal: sent.totalAmount,
        totalAmount: (sent.totalAmount ?? 0) + 50,
        lines: [],
        shipping: { quoted: fee, price: fee + 50 },
      },
    });
    expect(await orderCount()).toBe(0);
    await t.call('PUT', '/api/delivery-areas/keraniganj', { role: 'admin', body: { fee: fee - 20 } });
    const order = await placed(sent);
    expect([order.shipping, order.totalAmount]).toEqual([fee - 20, (sent.totalAmount ?? 0) - 20]);
  });
});
