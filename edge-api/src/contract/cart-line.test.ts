/**
 * The cart's zod-free line check (`isCartLine`, on the shop's first load) and the zod schema
 * (`cartLineSchema`) are one rule written twice: on generated lines, valid and broken field by
 * field, they must give the same answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categories,
  isCartLine,
  MAX_LINE_QUANTITY,
  MAX_UNIT_SIZE,
  MAX_WEIGHT_TOLERANCE,
  saleUnits,
  seasons,
} from './catalogue';
import { cartLineSchema } from './product';

/** Each field either valid or one of the ways it goes wrong (wrong type, out of range, missing). */
const junk = fc.oneof(fc.constant(undefined), fc.constant(null), fc.boolean(), fc.string(), fc.double(), fc.object());
const field = <T>(valid: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: junk });

const line = fc.record(
  {
    _id: field(fc.string()),
    name: field(fc.string()),
    image: field(fc.string()),
    price: field(
      fc.oneof(fc.double({ min: -10, max: 1e6 }), fc.constantFrom(0, 0.01, Infinity, NaN, Number.MAX_VALUE)),
    ),
    category: field(fc.oneof(fc.constantFrom(...categories), fc.string())),
    season: field(fc.oneof(fc.constantFrom(...seasons, null), fc.string())),
    unit: field(fc.oneof(fc.constantFrom(...saleUnits), fc.string())),
    unitSize: field(fc.oneof(fc.integer({ min: -1, max: MAX_UNIT_SIZE + 1 }), fc.double({ min: 0, max: 300 }))),
    weightTolerance: field(
      fc.oneof(
        fc.integer({ min: -1, max: MAX_WEIGHT_TOLERANCE + 1 }),
        fc.constant(null),
        fc.double({ min: 0, max: 60 }),
      ),
    ),
    cartQuantity: field(
      fc.oneof(fc.integer({ min: -2, max: MAX_LINE_QUANTITY + 2 }), fc.double({ min: 0, max: MAX_LINE_QUANTITY })),
    ),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('cart line check', () => {
  it('agrees with the zod schema on generated lines', () => {
    fc.assert(
      fc.property(fc.oneof(line, junk), (value) => {
        expect(isCartLine(value)).toBe(cartLineSchema.safeParse(value).success);
      }),
      { numRuns: 5_000 },
    );
  });

  it('accepts a stored line and refuses 0 kg and 101 kg', () => {
    const potato = {
      _id: 'p1',
      name: 'Potato',
      price: 30,
      image: '/products/potato.webp',
      category: 'vegetable',
      season: null,
      cartQuantity: 1,
    };
    expect(isCartLine(potato)).toBe(true);
    expect(isCartLine({ ...potato, cartQuantity: 0 })).toBe(false);
    expect(isCartLine({ ...potato, cartQuantity: MAX_LINE_QUANTITY + 1 })).toBe(false);
  });

  it('accepts a line with its sale unit, or without (stored before units), and refuses an unknown unit or size 0', () => {
    const chili = {
      _id: 'p2',
      name: 'Green Chili Pack',
      price: 30,
      image: '/products/green-chili-pack.webp',
      category: 'vegetable',
      season: null,
      unit: 'g',
      unitSize: 250,
      weightTolerance: null,
      cartQuantity: 2,
    };
    expect(isCartLine(chili)).toBe(true);
    expect(isCartLine({ ...chili, unit: undefined, unitSize: undefined, weightTolerance: undefined })).toBe(true);
    expect(isCartLine({ ...chili, unit: 'lb' })).toBe(false);
    expect(isCartLine({ ...chili, unitSize: 0 })).toBe(false);
  });
});
