import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import { applyCatalogueDelta } from './catalogue-delta';

const product = (id: string, price = 50): Product => ({
  _id: id,
  name: `P ${id}`,
  price,
  image: `/products/${id}.webp`,
  category: 'vegetable',
  season: null,
  nameBn: null,
  inStock: true,
  stock: null,
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
});

describe('applyCatalogueDelta', () => {
  it('replaces edited products in place, appends new ones and drops deleted ones', () => {
    const list = [product('a'), product('b'), product('c')];
    const next = applyCatalogueDelta(list, { version: 9, changed: [product('b', 75), product('d')], deleted: ['a'] });
    expect(next).toEqual([product('b', 75), product('c'), product('d')]);
    expect(list).toHaveLength(3);
  });

  it('leaves the list as it was for an empty delta', () => {
    const list = [product('a'), product('b')];
    expect(applyCatalogueDelta(list, { version: 3, changed: [], deleted: [] })).toEqual(list);
  });

  it('handles a product added and deleted again since the last sync', () => {
    expect(applyCatalogueDelta([product('a')], { version: 5, changed: [], deleted: ['x'] })).toEqual([product('a')]);
  });
});
