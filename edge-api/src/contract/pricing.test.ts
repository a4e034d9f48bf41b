import { describe, expect, it } from 'vitest';
import { belowMinimumBy, priceCart, toPoisha } from './pricing';
import {
  finalAmountOf,
  packedGramsRange,
  packedLinePrice,
  priceOrder,
  substitutePrice,
  type WeighableLine,
} from './weighed-pricing';

describe('priceCart (spec §9)', () => {
  it('charges 40 Tk shipping up to 200 Tk, tax 5%, and rounds the subtotal up', () => {
    expect(priceCart([{ price: 199, cartQuantity: 1 }])).toEqual({
      cartTotal: 199,
      shipping: 40,
      tax: 9.95,
      subtotal: 249,
    });
  });

  it('still charges 40 Tk at exactly 200 Tk (80 only when the total exceeds 200)', () => {
    expect(priceCart([{ price: 100, cartQuantity: 2 }])).toEqual({
      cartTotal: 200,
      shipping: 40,
      tax: 10,
      subtotal: 250,
    });
  });

  it('charges 80 Tk just above 200 Tk', () => {
    expect(priceCart([{ price: 200.5, cartQuantity: 1 }])).toEqual({
      cartTotal: 200.5,
      shipping: 80,
      tax: 10.025,
      subtotal: 291,
    });
  });

  it('sums price × quantity over lines with fractional prices without float drift', () => {
    const summary = priceCart([
      { price: 12.5, cartQuantity: 3 },
      { price: 0.1, cartQuantity: 3 },
      { price: 0.2, cartQuantity: 1 },
    ]);
    expect(summary.cartTotal).toBe(38);
    expect(summary.subtotal).toBe(Math.ceil(38 + 40 + 1.9));
  });

  it('rounds up any fraction of a taka', () => {
    // 30 + 40 + 1.5 = 71.5 → 72
    expect(priceCart([{ price: 30, cartQuantity: 1 }]).subtotal).toBe(72);
    // 20 + 40 + 1 = 61 exactly → 61
    expect(priceCart([{ price: 20, cartQuantity: 1 }]).subtotal).toBe(61);
  });

  it('turns a subtotal into poisha for the card amount', () => {
    expect(toPoisha(291)).toBe(29100);
  });
});

describe('priceCart in sale units (DESIGN.md §4 "Units")', () => {
  it('multiplies the price of one sale unit by whole units, whatever the unit: 2 × 250 g at 30 Tk and a bundle at 20 Tk', () => {
    // The lines as the cart holds them: the unit fields ride along and do not change the sum.
    const chili = { price: 30, cartQuantity: 2, unit: 'g', unitSize: 250 };
    const spinach = { price: 20, cartQuantity: 1, unit: 'bundle', unitSize: 1 };
    expect(priceCart([chili, spinach])).toEqual({ cartTotal: 80, shipping: 40, tax: 4, subtotal: 124 });
  });
});

describe('priceCart with a delivery area (DESIGN.md §15)', () => {
  const core = { fee: null, freeDeliveryAbove: null };
  const savar = { fee: 100, freeDeliveryAbove: 1500 };

  it('keeps the spec rule in an area without a fee of its own, at the 200 Tk edge', () => {
    expect(priceCart([{ price: 100, cartQuantity: 2 }], core).shipping).toBe(40);
    expect(priceCart([{ price: 200.5, cartQuantity: 1 }], core).shipping).toBe(80);
  });

  it("charges the area's own fee below its free-delivery line, whatever the cart's size", () => {
    expect(priceCart([{ price: 100, cartQuantity: 1 }], savar)).toEqual({
      cartTotal: 100,
      shipping: 100,
      tax: 5,
      subtotal: 205,
    });
    expect(priceCart([{ price: 1499.99, cartQuantity: 1 }], savar).shipping).toBe(100);
  });

  it('delivers free from the free-delivery line on (cartTotal ≥ it)', () => {
    expect(priceCart([{ price: 500, cartQuantity: 3 }], savar)).toEqual({
      cartTotal: 1500,
      shipping: 0,
      tax: 75,
      subtotal: 1575,
    });
    expect(priceCart([{ price: 250, cartQuantity: 1 }], { fee: null, freeDeliveryAbove: 250 }).shipping).toBe(0);
  });
});

describe('belowMinimumBy (DESIGN.md §15 "Minimum")', () => {
  it('says how many Tk of goods a cart lacks for the area, and 0 once met or without a minimum', () => {
    expect(belowMinimumBy(320.5, { minimumOrder: 500 })).toBe(179.5);
    expect(belowMinimumBy(500, { minimumOrder: 500 })).toBe(0);
    expect(belowMinimumBy(10, { minimumOrder: 0 })).toBe(0);
    expect(belowMinimumBy(10, undefined)).toBe(0);
  });
});

describe('weighed lines, the ceiling and the final bill (DESIGN.md §17)', () => {
  // 2 kg of pumpkin at 120 Tk/kg, "± 100 g" a kilo: 1,800–2,200 g.
  const pumpkin: WeighableLine = { price: 120, cartQuantity: 2, unit: 'kg', unitSize: 1, weightTolerance: 100 };
  // 3 packs of 250 g beans at 55 Tk, "± 20 g" a pack: 690–810 g.
  const beans: WeighableLine = { price: 55, cartQuantity: 3, unit: 'g', unitSize: 250, weightTolerance: 20 };
  // 4 lemons at 10 Tk: pieces are never weighed, whatever tolerance they carry.
  const lemons: WeighableLine = { price: 10, cartQuantity: 4, unit: 'piece', unitSize: 1, weightTolerance: 5 };

  it('gives a weighed line its gram range (nominal ∓ tolerance × units) and none to pieces or lines without tolerance', () => {
    expect(packedGramsRange(pumpkin)).toEqual({ min: 1800, nominal: 2000, max: 2200 });
    expect(packedGramsRange(beans)).toEqual({ min: 690, nominal: 750, max: 810 });
    expect(packedGramsRange(lemons)).toBeUndefined();
    expect(packedGramsRange({ ...pumpkin, weightTolerance: null })).toBeUndefined();
  });

  it('ceils a kg line: 240 Tk at 2 kg, ceiling 264 Tk; maxAmount = ceil(264 × 1.05) + 80 = 358 against a subtotal of 332', () => {
    // subtotal: ceil(240 + 12) + 80 (over 200 Tk) = 332; ceiling: 240 × 2200 / 2000 = 264 → ceil(277.2) + 80.
    expect(priceOrder([pumpkin])).toEqual({ cartTotal: 240, shipping: 80, tax: 12, subtotal: 332, maxAmount: 358 });
  });

  it('ceils a 250 g pack line to whole Tk: 165 Tk, ceiling ceil(178.2) = 179; maxAmount = ceil(187.95) + 40 = 228', () => {
    expect(priceOrder([beans])).toEqual({ cartTotal: 165, shipping: 40, tax: 8.25, subtotal: 214, maxAmount: 228 });
  });

  it('leaves an order of pieces at its subtotal (no tolerance: maxAmount = subtotal)', () => {
    expect(priceOrder([lemons])).toEqual({ cartTotal: 40, shipping: 40, tax: 2, subtotal: 82, maxAmount: 82 });
  });

  it('sums the ceilings of several lines with the shipping of the estimate: ceil((264 + 179 + 40) × 1.05) + 80', () => {
    const priced = priceOrder([pumpkin, beans, lemons]);
    // cartTotal 445 → 80 Tk; subtotal ceil(467.25) + 80; ceilings 483 → ceil(507.15) + 80.
    expect(priced).toMatchObject({ cartTotal: 445, shipping: 80, subtotal: 548, maxAmount: 588 });
  });

  it('keeps the area’s shipping in the ceiling (free delivery decided by the estimate, not the ceiling)', () => {
    // cartTotal 240 is below the free line of 250; the ceilings (264) would be above it: still 60 Tk.
    expect(priceOrder([pumpkin], { fee: 60, freeDeliveryAbove: 250 })).toMatchObject({ shipping: 60, maxAmount: 338 });
  });

  it('prices a weighed line by the grams packed, to the poisha, at and between the tolerance edges', () => {
    expect(packedLinePrice(pumpkin, 1800)).toBe(216);
    expect(packedLinePrice(pumpkin, 1901)).toBe(228.12);
    expect(packedLinePrice(pumpkin, 2000)).toBe(240);
    expect(packedLinePrice(pumpkin, 2200)).toBe(264);
    expect(packedLinePrice(beans, 690)).toBe(151.8);
    expect(packedLinePrice(beans, 810)).toBe(178.2);
    expect(packedLinePrice(beans, 733)).toBe(161.26);
    // A line not weighed costs its nominal price whatever grams are given.
    expect(packedLinePrice(lemons, 1)).toBe(40);
  });

  it('bills ceil(packed + 5 %) + the shipping charged, never above maxAmount', () => {
    expect(finalAmountOf(216, 80, 358)).toBe(307); // ceil(226.8) + 80
    expect(finalAmountOf(264, 80, 358)).toBe(358); // the top of the tolerance is the ceiling itself
    expect(finalAmountOf(300, 80, 358)).toBe(358); // capped
    expect(finalAmountOf(0, 40, 228)).toBe(40); // nothing found: the delivery fee alone
  });

  it('charges a substitute at most what the ordered line cost', () => {
    expect(substitutePrice(pumpkin, 150, 2)).toBe(240); // 300 Tk of substitute, capped at 240
    expect(substitutePrice(pumpkin, 100, 2)).toBe(200);
    expect(substitutePrice(beans, 54.5, 3)).toBe(163.5);
  });
});
