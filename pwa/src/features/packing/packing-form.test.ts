import { describe, expect, it } from 'vitest';
import {
  billPreview,
  entryProblem,
  initialDraft,
  packingOf,
  parseWhole,
  type LineEntry,
  type OrderLine,
} from './packing-form';

/** An ordered line as the server stores it (contract/order.ts). */
const line = (fields: Partial<OrderLine> & Pick<OrderLine, '_id'>): OrderLine => ({
  name: fields._id,
  price: 100,
  image: '',
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
  cartQuantity: 1,
  substitution: 'none',
  ...fields,
});
/** 1 kg of pumpkin at 60 Tk, ± 50 g a unit: 950–1,050 g. */
const pumpkin = line({ _id: 'pumpkin', price: 60, weightTolerance: 50 });
/** 2 × 250 g of chili at 20 Tk, ± 10 g a pack: 480–520 g. */
const chili = line({ _id: 'chili', price: 20, unit: 'g', unitSize: 250, cartQuantity: 2, weightTolerance: 10 });
const beans = line({ _id: 'beans', price: 80, substitution: 'similar', unit: 'bundle' });
const lemon = line({ _id: 'lemon', price: 40, unit: 'hali', cartQuantity: 2 });
const entry = (fields: Partial<LineEntry>): LineEntry => ({
  found: true,
  grams: '',
  substituteId: null,
  substituteQuantity: '1',
  ...fields,
});

describe('the grams of a weighed line', () => {
  it('are required on a found weighed line, and only there', () => {
    expect(entryProblem(pumpkin, entry({}))).toEqual({ reason: 'grams_required' });
    expect(entryProblem(pumpkin, entry({ grams: '   ' }))).toEqual({ reason: 'grams_required' });
    expect(entryProblem(lemon, entry({}))).toBeUndefined();
    expect(entryProblem(pumpkin, entry({ found: false }))).toBeUndefined();
  });

  it('are refused outside the range, naming it, and taken at its edges', () => {
    expect(entryProblem(pumpkin, entry({ grams: '949' }))).toEqual({
      reason: 'grams_out_of_range',
      min: 950,
      max: 1050,
    });
    expect(entryProblem(pumpkin, entry({ grams: '1051' }))).toEqual({
      reason: 'grams_out_of_range',
      min: 950,
      max: 1050,
    });
    expect(entryProblem(pumpkin, entry({ grams: '950' }))).toBeUndefined();
    expect(entryProblem(pumpkin, entry({ grams: '1,050' }))).toBeUndefined();
    expect(entryProblem(chili, entry({ grams: '479' }))).toEqual({ reason: 'grams_out_of_range', min: 480, max: 520 });
    expect(entryProblem(chili, entry({ grams: '520' }))).toBeUndefined();
  });

  it('must be whole, typed in Latin or Bangla digits', () => {
    expect(entryProblem(pumpkin, entry({ grams: '1000.5' }))).toEqual({ reason: 'grams_not_whole' });
    expect(entryProblem(pumpkin, entry({ grams: '1e3' }))).toEqual({ reason: 'grams_not_whole' });
    expect(entryProblem(pumpkin, entry({ grams: '-990' }))).toEqual({ reason: 'grams_not_whole' });
    expect(parseWhole('৯৮০')).toBe(980);
    expect(entryProblem(pumpkin, entry({ grams: '৯৮০' }))).toBeUndefined();
  });
});

describe('a substitute', () => {
  it('is allowed only on a line not found whose shopper allowed one (similar or call)', () => {
    expect(entryProblem(beans, entry({ found: false, substituteId: 'flat-beans' }))).toBeUndefined();
    expect(
      entryProblem({ ...beans, substitution: 'call' }, entry({ found: false, substituteId: 'x' })),
    ).toBeUndefined();
    expect(entryProblem(lemon, entry({ found: false, substituteId: 'lime' }))).toEqual({
      reason: 'substitute_not_allowed',
    });
    expect(entryProblem(lemon, entry({ found: false }))).toBeUndefined();
  });

  it('needs 1–100 whole units', () => {
    for (const quantity of ['', '0', '1.5', '101'])
      expect(entryProblem(beans, entry({ found: false, substituteId: 's', substituteQuantity: quantity }))).toEqual({
        reason: 'substitute_quantity_required',
      });
  });
});

describe('the packing sent and its bill', () => {
  const order = { orderedProduct: [pumpkin, beans, lemon], shipping: 40, maxAmount: 0 };
  const products = new Map([['flat-beans', { _id: 'flat-beans', price: 120 }]]);

  it('is one entry per ordered line, in order, or every line that cannot be sent yet', () => {
    const draft = initialDraft(order);
    expect(packingOf(order, draft)).toEqual({ problems: { pumpkin: { reason: 'grams_required' } } });
    draft.pumpkin = entry({ grams: '980' });
    draft.beans = entry({ found: false, substituteId: 'flat-beans', substituteQuantity: '1' });
    draft.lemon = entry({ found: false });
    expect(packingOf(order, draft)).toEqual({
      input: {
        lines: [
          { _id: 'pumpkin', found: true, packedGrams: 980 },
          { _id: 'beans', found: false, substituteId: 'flat-beans', substituteQuantity: 1 },
          { _id: 'lemon', found: false },
        ],
      },
    });
  });

  it('charges the grams packed, a substitute at most the line, nothing for a line not found, never above maxAmount', () => {
    // maxAmount as priceOrder gives it: ceil((63 + 80 + 80) × 1.05) + 40 = 275.
    const ordered = { ...order, maxAmount: 275 };
    const draft = {
      pumpkin: entry({ grams: '980' }),
      beans: entry({ found: false, substituteId: 'flat-beans', substituteQuantity: '1' }),
      lemon: entry({ found: false }),
    };
    const bill = billPreview(ordered, draft, products);
    // 60 Tk × 980/1000 = 58.80; the 120 Tk substitute capped at the 80 Tk ordered; lemons 0.
    expect(bill.lines).toEqual({ pumpkin: 58.8, beans: 80, lemon: 0 });
    expect(bill.packedTotal).toBe(138.8);
    // ceil(138.80 × 1.05) + 40 = ceil(145.74) + 40.
    expect(bill.finalAmount).toBe(186);
    // Everything found at the heaviest: capped at the ceiling.
    const heaviest = billPreview(ordered, { ...initialDraft(ordered), pumpkin: entry({ grams: '1050' }) }, products);
    expect(heaviest.finalAmount).toBeLessThanOrEqual(275);
  });
});
