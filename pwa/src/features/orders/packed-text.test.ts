/** My Orders' ordered-against-packed line texts (DESIGN.md §17), in English. */
import type { Order } from '@contract/order';
import { describe, expect, it } from 'vitest';
import { lineChoiceText, packedLineText, weightLabel } from './packed-text';

type Line = Order['orderedProduct'][number];
const line = (over: Partial<Line>): Line => ({
  _id: 'p1',
  name: 'Deshi tomato',
  price: 80,
  image: '',
  unit: 'kg',
  unitSize: 1,
  weightTolerance: 50,
  cartQuantity: 1,
  substitution: 'similar',
  ...over,
});
const nameOf = (product: { name: string }) => product.name;

describe('packedLineText', () => {
  it('says a weighed line’s ordered weight against the weight packed', () => {
    expect(packedLineText(line({}), { _id: 'p1', found: true, packedGrams: 950, finalPrice: 76 }, nameOf)).toEqual({
      kind: 'weight',
      text: '1 kg → 0.95 kg',
    });
    const packs = line({ unit: 'g', unitSize: 250, weightTolerance: 20, cartQuantity: 2 });
    expect(packedLineText(packs, { _id: 'p1', found: true, packedGrams: 480, finalPrice: 40 }, nameOf)?.text).toBe(
      '500 g → 480 g',
    );
  });

  it('names the substitute packed in place of the product ordered', () => {
    const substitute = { _id: 'p2', name: 'Hybrid tomato', price: 70, unit: 'kg' as const, unitSize: 1, quantity: 1 };
    expect(
      packedLineText(line({}), { _id: 'p1', found: false, packedGrams: null, finalPrice: 70, substitute }, nameOf),
    ).toEqual({ kind: 'substitute', text: 'Deshi tomato → Hybrid tomato' });
  });

  it('says a line not found is not charged', () => {
    expect(packedLineText(line({}), { _id: 'p1', found: false, packedGrams: null, finalPrice: 0 }, nameOf)).toEqual({
      kind: 'missing',
      text: 'Not found — not charged',
    });
  });

  it('says nothing for a counted line packed as ordered, or an order not packed', () => {
    const lemons = line({ unit: 'piece', unitSize: 4, weightTolerance: null });
    expect(packedLineText(lemons, { _id: 'p1', found: true, packedGrams: null, finalPrice: 20 }, nameOf)).toBe(
      undefined,
    );
    expect(packedLineText(line({}), undefined, nameOf)).toBe(undefined);
  });
});

describe('weightLabel', () => {
  it('reads kg from 1000 g up, else grams', () => {
    expect(weightLabel(1500)).toBe('1.5 kg');
    expect(weightLabel(1000)).toBe('1 kg');
    expect(weightLabel(999)).toBe('999 g');
  });
});

describe('lineChoiceText', () => {
  it('says the substitution allowed and the note, and nothing for no substitute without a note', () => {
    expect(lineChoiceText({ substitution: 'similar', note: 'ripe ones' })).toBe(
      'If missing: Similar is fine · Note: ripe ones',
    );
    expect(lineChoiceText({ substitution: 'call' })).toBe('If missing: Call me');
    expect(lineChoiceText({ substitution: 'none', note: 'small' })).toBe('Note: small');
    expect(lineChoiceText({ substitution: 'none' })).toBeUndefined();
    expect(lineChoiceText({})).toBeUndefined();
  });
});
