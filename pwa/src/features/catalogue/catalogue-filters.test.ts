import { describe, expect, it } from 'vitest';
import type { Product } from '@contract/catalogue';
import { filterProducts, readFilters } from './catalogue-filters';

const p = (
  name: string,
  category: Product['category'],
  season: Product['season'],
  nameBn: string | null = null,
): Product => ({
  _id: name,
  name,
  price: 10,
  image: '/x',
  category,
  season,
  nameBn,
  inStock: true,
  stock: null,
  unit: 'kg',
  unitSize: 1,
  weightTolerance: null,
});
const products = [
  p('Carrot (Gajor)', 'vegetable', 'winter'),
  p('Himsagar Mango', 'fruit', 'summer'),
  p('Potato (Alu)', 'vegetable', null),
  p('Orange (Komola)', 'fruit', 'winter'),
];

describe('shop filters', () => {
  it('reads q, category and season from the URL and ignores unknown values', () => {
    expect(readFilters(new URLSearchParams('q=%20man%20&category=fruit&season=monsoon'))).toEqual({
      q: 'man',
      category: 'fruit',
      season: undefined,
    });
  });

  it('searches names in any case', () => {
    expect(filterProducts(products, { q: 'GAJOR', category: undefined, season: undefined }).map((x) => x.name)).toEqual(
      ['Carrot (Gajor)'],
    );
  });

  it('combines category and season', () => {
    expect(filterProducts(products, { q: '', category: 'fruit', season: 'winter' }).map((x) => x.name)).toEqual([
      'Orange (Komola)',
    ]);
    expect(filterProducts(products, { q: '', category: 'vegetable', season: undefined })).toHaveLength(2);
  });

  describe('in Bangla and in Latin letters (DESIGN.md §9)', () => {
    const seeded = [
      p('Potato', 'vegetable', null, 'আলু'),
      p('Sweet Potato', 'vegetable', 'winter', 'মিষ্টি আলু'),
      p('Deshi Onion', 'vegetable', null, 'দেশি পেঁয়াজ'),
      p('Tomato', 'vegetable', 'winter', 'টমেটো'),
      p('Lemon', 'fruit', null, null),
    ];
    const names = (q: string) =>
      filterProducts(seeded, { q, category: undefined, season: undefined }).map((x) => x.name);

    it('finds a product by its Bangla name', () => {
      expect(names('আলু')).toEqual(['Potato', 'Sweet Potato']);
      expect(names('পেঁয়াজ')).toEqual(['Deshi Onion']);
    });

    it('finds it by the Bangla name in Latin letters, in any case and common spelling', () => {
      expect(names('alu')).toEqual(['Potato', 'Sweet Potato']);
      expect(names('ALOO')).toEqual(['Potato', 'Sweet Potato']);
      expect(names('misti alu')).toEqual(['Sweet Potato']);
      expect(names('piyaj')).toEqual(['Deshi Onion']);
      expect(names('tometo')).toEqual(['Tomato']);
    });

    it('matches Bangla typed with the other form of a letter (NFC)', () => {
      expect(names('পেঁয়াজ'.normalize('NFD'))).toEqual(['Deshi Onion']);
    });

    it('still finds a product without a Bangla name by its English name', () => {
      expect(names('lemon')).toEqual(['Lemon']);
    });
  });
});
