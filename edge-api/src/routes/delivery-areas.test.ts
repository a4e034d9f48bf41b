/**
 * Delivery areas through the API (DESIGN.md §15): the shopper's list of active areas with its
 * ETag, the admin's whole list, adding and changing areas, and `GET /delivery-slots?area=` on a
 * fixed clock (Sun 22 Nov 2026, 08:30 in Dhaka).
 */
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliverySlotOffer } from '../contract/delivery';
import { deliveryAreaInputSchema, deliveryAreaSchema, type DeliveryArea } from '../contract/delivery-area';
import { listDeliveryAreas } from '../db/delivery-areas';
import { createTestApp, type TestApp } from '../testing/test-app';

const NOW = '2026-11-22T08:30:00+06:00';

let t: TestApp;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  t = await createTestApp();
});
afterAll(() => {
  t.cleanup();
  vi.useRealTimers();
});

const areasIn = async (res: Response): Promise<DeliveryArea[]> => deliveryAreaSchema.array().parse(await res.json());
const shopperList = async () => areasIn(await t.call('GET', '/api/delivery-areas'));
const add = (body: unknown) => t.call('POST', '/api/delivery-areas', { role: 'admin', body });
const change = (id: string, body: unknown) => t.call('PUT', `/api/delivery-areas/${id}`, { role: 'admin', body });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; details?: unknown } }).error;

const mirpur12 = { name: 'Mirpur 12', nameBn: 'মিরপুর ১২', thana: 'Pallabi' };

describe('GET /api/delivery-areas', () => {
  it('lists the seeded Dhaka areas by name to anyone, each with its Bangla name, core ones at the spec’s fee', async () => {
    const res = await t.call('GET', '/api/delivery-areas');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, no-cache');
    const areas = await areasIn(res);
    expect(areas.length).toBeGreaterThanOrEqual(20);
    const names = areas.map((area) => area.name);
    expect(names).toEqual([...names].sort());
    expect(areas.every((area) => /[\u0980-\u09FF]/.test(area.nameBn))).toBe(true);
    expect(areas.find((area) => area.id === 'mirpur-10')).toEqual({
      id: 'mirpur-10',
      name: 'Mirpur 10',
      nameBn: 'মিরপুর ১০',
      thana: 'Mirpur Model',
      fee: null,
      minimumOrder: 0,
      freeDeliveryAbove: null,
      slots: null,
      active: true,
    });
    const savar = areas.find((area) => area.id === 'savar');
    expect(savar?.fee).toBeGreaterThan(0);
    expect(savar?.minimumOrder).toBeGreaterThan(0);
  });

  it('answers 304 to the ETag it gave, and a new ETag once an area changes', async () => {
    const first = await t.call('GET', '/api/delivery-areas');
    const etag = first.headers.get('ETag') ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.call('GET', '/api/delivery-areas', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await change('wari', { fee: 60 })).status).toBe(200);
    const changed = await t.call('GET', '/api/delivery-areas', { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
    expect((await areasIn(changed)).find((area) => area.id === 'wari')?.fee).toBe(60);
  });

  it('leaves inactive areas out for shoppers; with all=1 an admin sees them too, privately', async () => {
    expect((await change('lalbagh', { active: false })).status).toBe(200);
    expect((await shopperList()).map((area) => area.id)).not.toContain('lalbagh');
    const res = await t.call('GET', '/api/delivery-areas?all=1', { role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('private, no-cache');
    expect((await areasIn(res)).find((area) => area.id === 'lalbagh')?.active).toBe(false);
  });

  it('keeps the whole list (all=1) to admins: 401 without sign-in, 403 for a shopper', async () => {
    expect((await t.call('GET', '/api/delivery-areas?all=1')).status).toBe(401);
    const shopper = await t.call('GET', '/api/delivery-areas?all=1', { role: 'customerA' });
    expect(shopper.status).toBe(403);
    expect((await errorOf(shopper)).code).toBe('forbidden');
  });

  it('refuses an unknown value of all with a field message', async () => {
    const res = await t.call('GET', '/api/delivery-areas?all=yes');
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation_failed',
      details: { fields: { all: [expect.any(String)] } },
    });
  });
});

describe('POST /api/delivery-areas', () => {
  it('adds an area with an id made from its name and the defaults (spec fee, no minimum, every slot, active)', async () => {
    const res = await add(mirpur12);
    expect(res.status).toBe(201);
    const area = deliveryAreaSchema.parse(await res.json());
    expect(area).toEqual({
      id: 'mirpur-12',
      ...mirpur12,
      fee: null,
      minimumOrder: 0,
      freeDeliveryAbove: null,
      slots: null,
      active: true,
    });
    expect(await shopperList()).toContainEqual(area);
  });

  it('numbers the id when the name’s is taken, and makes one from an accented or Bangla-only name', async () => {
    const second = deliveryAreaSchema.parse(await (await add({ ...mirpur12, thana: 'Mirpur Model' })).json());
    expect(second.id).toBe('mirpur-12-2');
    const accented = deliveryAreaSchema.parse(await (await add({ ...mirpur12, name: 'Café Road' })).json());
    expect(accented.id).toBe('cafe-road');
    const bangla = deliveryAreaSchema.parse(await (await add({ ...mirpur12, name: 'কামরাঙ্গীরচর' })).json());
    expect(bangla.id).toBe('area');
  });

  it('keeps the id an admin gives, with a fee, a minimum, free delivery and slots', async () => {
    const body = {
      id: 'purbachal',
      name: 'Purbachal',
      nameBn: 'পূর্বাচল',
      thana: 'Rupganj',
      fee: 120,
      minimumOrder: 700,
      freeDeliveryAbove: 2500,
      slots: ['11:00', '15:00'],
      active: false,
    };
    const res = await add(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual(body);
  });

  it('refuses an id another area has, naming the field, and changes nothing', async () => {
    const res = await add({ ...mirpur12, id: 'dhanmondi' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toMatchObject({
      code: 'validation_failed',
      details: { fields: { id: [expect.any(String)] } },
    });
    expect((await shopperList()).find((area) => area.id === 'dhanmondi')?.name).toBe('Dhanmondi');
  });

  it.each([
    ['a missing Bangla name', { name: 'X', thana: 'Y' }, 'nameBn'],
    ['a negative fee', { ...mirpur12, fee: -5 }, 'fee'],
    ['a fractional minimum', { ...mirpur12, minimumOrder: 99.5 }, 'minimumOrder'],
    ['an id with capitals', { ...mirpur12, id: 'Mirpur-12' }, 'id'],
    ['a slot not in HH:MM', { ...mirpur12, slots: ['9am'] }, 'slots.0'],
    ['the same slot twice', { ...mirpur12, slots: ['09:00', '09:00'] }, 'slots'],
    ['a slot the shop does not run', { ...mirpur12, slots: ['09:00', '10:00'] }, 'slots.1'],
  ])('refuses %s with a field message (400)', async (_case, body, field) => {
    const res = await add(body);
    expect(res.status).toBe(400);
    const error = await errorOf(res);
    expect(error.code).toBe('validation_failed');
    expect(Object.keys((error.details as { fields: Record<string, string[]> }).fields)).toContain(field);
  });

  it('is for admins only: 401 without sign-in, 403 for a shopper', async () => {
    expect((await t.call('POST', '/api/delivery-areas', { body: mirpur12 })).status).toBe(401);
    expect((await t.call('POST', '/api/delivery-areas', { role: 'customerA', body: mirpur12 })).status).toBe(403);
  });
});

describe('PUT /api/delivery-areas/:id', () => {
  it('changes only the fields given and answers the area; null goes back to the spec’s fee and every slot', async () => {
    const res = await change('keraniganj', { fee: 90, slots: ['15:00'] });
    expect(res.status).toBe(200);
    const area = deliveryAreaSchema.parse(await res.json());
    expect(area).toMatchObject({ id: 'keraniganj', name: 'Keraniganj', fee: 90, slots: ['15:00'] });
    expect(area.minimumOrder).toBeGreaterThan(0);
    const back = deliveryAreaSchema.parse(await (await change('keraniganj', { fee: null, slots: null })).json());
    expect(back).toEqual({ ...area, fee: null, slots: null });
  });

  it('ignores an id in the body: an area keeps its id', async () => {
    const res = await change('banani', { id: 'elsewhere', nameBn: 'বনানী' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as DeliveryArea).id).toBe('banani');
  });

  it('answers 404 for an unknown area and 400 for an empty change or a malformed id', async () => {
    const missing = await change('nowhere', { fee: 10 });
    expect(missing.status).toBe(404);
    expect((await errorOf(missing)).code).toBe('not_found');
    expect((await change('banani', {})).status).toBe(400);
    expect((await change('Not_An_Id', { fee: 10 })).status).toBe(400);
  });

  it('is for admins only', async () => {
    expect((await t.call('PUT', '/api/delivery-areas/banani', { role: 'customerB', body: { fee: 0 } })).status).toBe(
      403,
    );
  });
});

describe('GET /api/delivery-slots?area=', () => {
  const slots = async (query: string) => {
    const res = await t.call('GET', `/api/delivery-slots${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as DeliverySlotOffer[];
  };
  const startsOf = (offers: DeliverySlotOffer[]) => [...new Set(offers.map((offer) => offer.start.slice(11, 16)))];

  it('offers an area only its slots, and every slot to an area without a list', async () => {
    const gazipur = await slots('?area=gazipur');
    expect(startsOf(gazipur)).toEqual(['11:00', '15:00']);
    expect(gazipur[0]?.id).toBe('2026-11-22T11:00:00+06:00');
    expect(gazipur).toHaveLength(2 * 3);
    expect(await slots('?area=dhanmondi')).toEqual(await slots(''));
  });

  it('offers every slot to an area whose list names none the shop runs any more', async () => {
    await t.db.execute(`UPDATE delivery_areas SET slots = '["10:30"]' WHERE id = 'tongi'`);
    expect(await slots('?area=tongi')).toEqual(await slots(''));
  });

  it('answers 409 area_not_served for an unknown or inactive area, 400 for a malformed one', async () => {
    const unknown = await t.call('GET', '/api/delivery-slots?area=atlantis');
    expect(unknown.status).toBe(409);
    expect(await errorOf(unknown)).toEqual(
      expect.objectContaining({ code: 'area_not_served', details: { areaId: 'atlantis' } }),
    );
    await change('motijheel', { active: false });
    expect((await t.call('GET', '/api/delivery-slots?area=motijheel')).status).toBe(409);
    expect((await t.call('GET', '/api/delivery-slots?area=Mirpur%2010')).status).toBe(400);
  });
});

describe('fuzzing the area writes', () => {
  const garbage = fc.jsonValue();
  const maybe = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: garbage });
  const text = fc.string({ maxLength: 100 });
  const tk = fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: -10, max: 200_000 }) },
    fc.double(),
    fc.constantFrom(null, '50', 1e21),
  );
  // Valid areas, so that the stored rows checked below are many and varied.
  const validArea = fc.record(
    {
      name: fc.constantFrom('Mirpur 12', 'Café Road', 'কামরাঙ্গীরচর', 'Hazaribagh'),
      nameBn: fc.constantFrom('এলাকা', 'হাজারীবাগ'),
      thana: fc.constantFrom('Pallabi', 'Hazaribagh'),
      fee: fc.option(fc.integer({ min: 0, max: 100_000 })),
      minimumOrder: fc.integer({ min: 0, max: 100_000 }),
      freeDeliveryAbove: fc.option(fc.integer({ min: 0, max: 100_000 })),
      slots: fc.option(fc.uniqueArray(fc.constantFrom('09:00', '11:00', '15:00'), { minLength: 1 })),
      active: fc.boolean(),
    },
    { requiredKeys: ['name', 'nameBn', 'thana'] },
  );
  // Each field valid or not, present or not.
  const nearValidArea = fc.record(
    {
      id: maybe(fc.oneof(fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8})?$/), text)),
      name: maybe(fc.oneof(fc.constantFrom('Mirpur 12', 'Café', 'কামরাঙ্গীরচর', '--', ''), text)),
      nameBn: maybe(fc.oneof(fc.constant('এলাকা'), text)),
      thana: maybe(fc.oneof(fc.constant('Pallabi'), text)),
      fee: maybe(tk),
      minimumOrder: maybe(tk),
      freeDeliveryAbove: maybe(tk),
      slots: maybe(
        fc.oneof(
          fc.constant(null),
          fc.array(fc.constantFrom('09:00', '11:00', '10:00', '25:00', ''), { maxLength: 6 }),
        ),
      ),
      active: maybe(fc.boolean()),
    },
    { requiredKeys: [] },
  );
  const areaBody = fc.oneof(validArea, nearValidArea, garbage);
  const ids = ['dhanmondi', 'savar', 'gazipur', 'nowhere', 'Bad_Id'];

  it('answers no 5xx to 2,000 generated bodies for POST and PUT, and leaves only valid areas', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(areaBody, fc.constantFrom(...ids), fc.boolean(), async (body, id, post) => {
        const res = post ? await add(body) : await change(id, body);
        if (res.status >= 500) throw new Error(`${res.status} for ${JSON.stringify(body)}: ${await res.text()}`);
        if (res.status < 300) accepted += 1;
      }),
      { numRuns: 2000, seed: 20261128 },
    );
    // Near-valid bodies must have been stored, or the check below would prove nothing.
    expect(accepted).toBeGreaterThan(50);
    const stored = await listDeliveryAreas(t.db, { all: true });
    for (const area of stored) {
      deliveryAreaSchema.parse(area);
      deliveryAreaInputSchema.parse(area);
    }
  }, 120_000);
});

describe('the OpenAPI document', () => {
  type Operation = { responses: Record<string, { content?: { 'application/json': { schema: object } } }> };
  type Document = { paths: Record<string, Record<string, Operation>>; components: object };
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

  /** Checks `res`'s JSON body against what the document says `method path` answers with its status. */
  async function expectDocumented(method: string, path: string, res: Response) {
    const document = (await (await t.call('GET', '/api/openapi.json')).json()) as Document;
    const schema = document.paths[path]?.[method]?.responses[String(res.status)]?.content?.['application/json'].schema;
    expect(schema, `${method} ${path} documents no ${res.status} answer`).toBeDefined();
    const validate = ajv.compile({ ...schema, components: document.components });
    expect(validate(await res.json()) ? 'valid' : ajv.errorsText(validate.errors)).toBe('valid');
  }

  it('describes the areas’ answers as the app gives them', async () => {
    await expectDocumented('get', '/api/delivery-areas', await t.call('GET', '/api/delivery-areas'));
    await expectDocumented('post', '/api/delivery-areas', await add({ ...mirpur12, fee: 70, slots: ['09:00'] }));
    await expectDocumented('post', '/api/delivery-areas', await add({ ...mirpur12, id: 'dhanmondi' }));
    await expectDocumented('put', '/api/delivery-areas/{id}', await change('savar', { minimumOrder: 400 }));
    await expectDocumented('put', '/api/delivery-areas/{id}', await change('atlantis', { fee: 1 }));
    await expectDocumented('get', '/api/delivery-slots', await t.call('GET', '/api/delivery-slots?area=atlantis'));
  });
});
