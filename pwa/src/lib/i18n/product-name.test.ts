import { describe, expect, it } from 'vitest';
import { productName, storedProductNames } from './product-name';

const catalogue = [
  { _id: 'p1', name: 'Potato (Alu)', nameBn: 'আলু' },
  { _id: 'p2', name: 'Dragon fruit', nameBn: null },
];

describe('productName', () => {
  it('is the Bangla name in Bangla when there is one, else the English name', () => {
    expect(productName(catalogue[0] as (typeof catalogue)[0], 'bn')).toBe('আলু');
    expect(productName(catalogue[0] as (typeof catalogue)[0], 'en')).toBe('Potato (Alu)');
    expect(productName({ name: 'Dragon fruit', nameBn: null }, 'bn')).toBe('Dragon fruit');
  });
});

describe('storedProductNames (products kept in orders by their English name)', () => {
  it("names a product by the catalogue's Bangla name, found by its id", () => {
    const nameOf = storedProductNames(catalogue, 'bn');
    expect(nameOf({ _id: 'p1', name: 'Potato' })).toBe('আলু');
  });

  it('keeps the stored name for a product deleted since, or without a Bangla name, or in English, or without a catalogue yet', () => {
    expect(storedProductNames(catalogue, 'bn')({ _id: 'gone', name: 'Okra' })).toBe('Okra');
    expect(storedProductNames(catalogue, 'bn')({ _id: 'p2', name: 'Dragon fruit' })).toBe('Dragon fruit');
    expect(storedProductNames(catalogue, 'en')({ _id: 'p1', name: 'Potato' })).toBe('Potato');
    expect(storedProductNames(undefined, 'bn')({ _id: 'p1', name: 'Potato' })).toBe('Potato');
  });
});
