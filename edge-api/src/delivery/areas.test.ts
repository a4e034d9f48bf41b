/**
 * The delivery-area rules of an order (DESIGN.md §15) on a real database: which area is served,
 * the minimum order, the composed address, and the slots an area gets.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { createTestDb, type TestDb } from '../testing/test-db';
import { checkMinimumOrder, composeAddress, servedArea } from './areas';
import { areaSlotFilter, openSlots, parseSlotTimes, slotStartText, type DeliveryConfig } from './slots';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb({ seed: false });
});
afterAll(() => t.cleanup());

/** The ApiError `run` throws (fails the test when it throws none or another error). */
async function apiErrorOf(run: () => unknown): Promise<ApiError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
}

describe('servedArea', () => {
  it('answers an active area, fee and minimum included', async () => {
    expect(await servedArea(t.db, 'keraniganj')).toMatchObject({ id: 'keraniganj', fee: 100, minimumOrder: 500 });
  });

  it('refuses an unknown area and an inactive one with 409 area_not_served naming it', async () => {
    const unknown = await apiErrorOf(() => servedArea(t.db, 'atlantis'));
    expect([unknown.status, unknown.code, unknown.details]).toEqual([409, 'area_not_served', { areaId: 'atlantis' }]);
    await t.db.execute("UPDATE delivery_areas SET active = 0 WHERE id = 'wari'");
    expect((await apiErrorOf(() => servedArea(t.db, 'wari'))).code).toBe('area_not_served');
  });
});

describe('checkMinimumOrder', () => {
  const savar = { name: 'Savar', minimumOrder: 500 };

  it('lets through goods worth the minimum or more, and anything where there is none', () => {
    expect(() => checkMinimumOrder(savar, 500)).not.toThrow();
    expect(() => checkMinimumOrder(savar, 1200.5)).not.toThrow();
    expect(() => checkMinimumOrder({ name: 'Dhanmondi', minimumOrder: 0 }, 0)).not.toThrow();
  });

  it('refuses less with 409 below_minimum and both amounts in Tk', async () => {
    const error = await apiErrorOf(() => checkMinimumOrder(savar, 499.5));
    expect([error.status, error.code, error.details]).toEqual([
      409,
      'below_minimum',
      { minimumOrder: 500, cartTotal: 499.5 },
    ]);
    expect(error.message).toContain('0.5 Tk more');
  });
});

describe('composeAddress', () => {
  it('joins line, floor, landmark and the area’s name, leaving out the parts not given', () => {
    const mirpur = { name: 'Mirpur 10' };
    expect(
      composeAddress({ line: 'House 12, Road 3, Flat B2', floor: '4th floor', landmark: 'Near the mosque' }, mirpur),
    ).toBe('House 12, Road 3, Flat B2, 4th floor, Near the mosque, Mirpur 10');
    expect(composeAddress({ line: 'House 12, Road 3', landmark: '  ' }, mirpur)).toBe('House 12, Road 3, Mirpur 10');
  });
});

describe('areaSlotFilter', () => {
  const config: DeliveryConfig = {
    slots: parseSlotTimes('09:00-11:00,11:00-13:00,15:00-17:00'),
    capacity: 10,
    daysAhead: 1,
    cutoffMinutes: 60,
  };
  // Sun 22 Nov 2026, 06:00 in Dhaka: every slot of today and tomorrow is open.
  const slots = openSlots(config, Date.parse('2026-11-22T06:00:00+06:00'));
  const starts = (areaSlots: string[] | null) => slots.filter(areaSlotFilter(config, areaSlots)).map(slotStartText);

  it('keeps the slots whose start the area lists, every day', () => {
    expect(starts(['11:00', '15:00'])).toEqual(['11:00', '15:00', '11:00', '15:00']);
  });

  it('keeps every slot for an area without a list', () => {
    expect(starts(null)).toHaveLength(6);
  });

  it('keeps every slot when the list names none of the shop’s starts, and ignores the starts it does not run', () => {
    expect(starts(['10:00'])).toHaveLength(6);
    expect(starts(['10:00', '09:00'])).toEqual(['09:00', '09:00']);
  });
});
