import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import { filterProducts, readFilters } from './catalogue-filters';

const p = (name: string, category: Product['category'], season: Product['season']): Product => ({ _id: name, name, price: 10, image: '/x', category, season, nameBn: null, inStock: true });
const products = [p('Carrot (Gajor)', 'vegetable', 'winter'), p('Himsagar Mango', 'fruit', 'summer'), p('Potato (Alu)', 'vegetable', null), p('Orange (Komola)', 'fruit', 'winter')];

describe('shop filters', () => {
  it('reads q, category and season from the URL and ignores unknown values', () => {
    expect(readFilters(new URLSearchParams('q=%20man%20&category=fruit&season=monsoon'))).toEqual({ q: 'man', category: 'fruit', season: undefined });
  });

  it('searches names in any case', () => {
    expect(filterProducts(products, { q: 'GAJOR', category: undefined, season: undefined }).map((x) => x.name)).toEqual(['Carrot (Gajor)']);
  });

  it('combines category and season', () => {
    expect(filterProducts(products, { q: '', category: 'fruit', season: 'winter' }).map((x) => x.name)).toEqual(['Orange (Komola)']);
    expect(filterProducts(products, { q: '', category: 'vegetable', season: undefined })).toHaveLength(2);
  });
});
