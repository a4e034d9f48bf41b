/** Which lines of a refused order go back in the cart (refused-order.ts). */
import { describe, expect, it } from 'vitest';
import type { UnsentOrder } from './api/get-unsent-orders';
import { linesBack } from './refused-order';

/** Refused for Tomato (2 left of 5 asked) and Okra (none left); Potato was fine; Onion has no name kept. */
const refused: UnsentOrder = {
  key: 'k1',
  status: 'failed',
  createdAt: 0,
  lines: [
    { _id: 'p1', name: 'Potato', cartQuantity: 2 },
    { _id: 'p2', name: 'Tomato', cartQuantity: 5 },
    { _id: 'p3', name: 'Okra', cartQuantity: 1 },
    { _id: 'p4', cartQuantity: 3 },
  ],
  refusal: {
    code: 'out_of_stock',
    products: [
      { _id: 'p2', name: 'Tomato', available: 2 },
      { _id: 'p3', name: 'Okra' },
    ],
  },
};

describe('linesBack', () => {
  it('puts every line back for Back to cart, named by its id when no name was kept', () => {
    expect(linesBack(refused, 'all').map((l) => [l._id, l.name, l.cartQuantity])).toEqual([
      ['p1', 'Potato', 2],
      ['p2', 'Tomato', 5],
      ['p3', 'Okra', 1],
      ['p4', 'p4', 3],
    ]);
  });

  it('leaves the refused products out for Send without them', () => {
    expect(linesBack(refused, 'withoutRefused').map((l) => l._id)).toEqual(['p1', 'p4']);
  });

  it('keeps a refused product at the units left, never more than asked, for Send 3', () => {
    expect(linesBack(refused, 'available').map((l) => [l._id, l.cartQuantity])).toEqual([
      ['p1', 2],
      ['p2', 2],
      ['p4', 3],
    ]);
    const plenty = {
      ...refused,
      refusal: { code: 'out_of_stock' as const, products: [{ _id: 'p2', name: 'Tomato', available: 9 }] },
    };
    expect(linesBack(plenty, 'available').find((l) => l._id === 'p2')?.cartQuantity).toBe(5);
  });
});
