/** What checkout says of an order with weighed lines (DESIGN.md §17), figures worked by hand. */
import { describe, expect, it } from 'vitest';
import { ceilingOf, ceilingTexts } from './ceiling';

// 1 kg of tomato at 80 Tk, ± 50 g: estimate ceil(80 × 1.05) + 40 = 124 Tk; its ceiling is
// 80 × 1050 / 1000 = 84 Tk, so at most ceil(84 × 1.05) + 40 = 89 + 40 = 129 Tk.
const tomato = { price: 80, cartQuantity: 1, unit: 'kg' as const, unitSize: 1, weightTolerance: 50 };
// 2 × 4 pieces of lemon at 20 Tk: counted, never weighed.
const lemons = { price: 20, cartQuantity: 2, unit: 'piece' as const, unitSize: 4, weightTolerance: null };

describe('ceilingOf', () => {
  it('gives the estimate and the most a weighed order can cost', () => {
    expect(ceilingOf([tomato])).toEqual({ about: 124, atMost: 129 });
  });

  it('adds counted lines at their price to both, with the area’s fee', () => {
    // Goods 120 Tk: estimate ceil(126) + 60 = 186; ceilings 84 + 40 = 124 → ceil(130.2) + 60 = 191.
    expect(ceilingOf([tomato, lemons], { fee: 60, freeDeliveryAbove: null })).toEqual({ about: 186, atMost: 191 });
  });

  it('is undefined when nothing is weighed (a kg line without tolerance, counted lines)', () => {
    expect(ceilingOf([lemons])).toBeUndefined();
    expect(ceilingOf([{ ...tomato, weightTolerance: null }])).toBeUndefined();
  });
});

describe('ceilingTexts', () => {
  it('says about and at most, and why, for cash on delivery', () => {
    expect(ceilingTexts([tomato], undefined, 'cod')).toEqual({
      amounts: 'About 124 Tk, at most 129 Tk',
      why: 'Weighed items are billed by the weight packed, never above 129 Tk.',
    });
  });

  it('for bKash and card, that the most is charged now and the rest refunded after packing', () => {
    for (const method of ['bkash', 'card'] as const)
      expect(ceilingTexts([tomato], undefined, method)?.prepaid).toBe(
        '129 Tk is charged now; the difference is refunded after packing.',
      );
  });

  it('says nothing without a weighed line', () => {
    expect(ceilingTexts([lemons], undefined, 'bkash')).toBeUndefined();
  });
});
