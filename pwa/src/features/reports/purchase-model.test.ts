import { describe, expect, it } from 'vitest';
import type { PurchaseItem } from '@contract/report';
import { kilograms, sortByName, totalKilograms } from './purchase-model';

const item = (unit: PurchaseItem['unit'], unitSize: number, quantity: number, name = 'x'): PurchaseItem => ({
  _id: name,
  name,
  nameBn: null,
  unit,
  unitSize,
  quantity,
  substitutions: { similar: 0, call: 0 },
  notes: [],
});

describe('the purchase list’s kilograms', () => {
  it('weighs kg units and gram packs, and counts the rest without a weight', () => {
    expect(kilograms(item('kg', 1, 5))).toBe(5);
    expect(kilograms(item('kg', 2, 3))).toBe(6);
    expect(kilograms(item('g', 250, 3))).toBe(0.75);
    expect(kilograms(item('g', 100, 7))).toBeCloseTo(0.7);
    for (const unit of ['piece', 'bundle', 'dozen', 'hali'] as const)
      expect(kilograms(item(unit, 4, 2))).toBeUndefined();
    expect(totalKilograms([item('kg', 1, 5), item('g', 500, 3), item('bundle', 1, 9)])).toBe(6.5);
    expect(totalKilograms([])).toBe(0);
  });

  it('sorts by the name shown, as the language orders it', () => {
    const rows = [item('kg', 1, 1, 'tomato'), item('kg', 1, 1, 'Brinjal'), item('kg', 1, 1, 'apple')];
    expect(sortByName(rows, (row) => row.name, 'en-BD').map((row) => row.name)).toEqual(['apple', 'Brinjal', 'tomato']);
    const bangla = ['টমেটো', 'আলু', 'বেগুন'];
    expect(sortByName(bangla, (name) => name, 'bn-BD')).toEqual(['আলু', 'টমেটো', 'বেগুন']);
  });
});
