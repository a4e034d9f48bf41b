import { describe, expect, it } from 'vitest';
import { belowMinimumBy, priceCart, toPoisha } from './pricing';

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
