import { describe, expect, it } from 'vitest';
import { switchableLanguages } from '../../testing/languages';
import { chooseLocale } from './i18n';
import {
  lineLabel,
  perUnitSuffix,
  quantityLabel,
  quantityParts,
  toleranceLabel,
  unitLabel,
  unitPrice,
} from './sale-unit';

const kg = { unit: 'kg', unitSize: 1 } as const;
const pack = { unit: 'g', unitSize: 250 } as const;
const lemons = { unit: 'piece', unitSize: 4 } as const;
const coconut = { unit: 'piece', unitSize: 1 } as const;
const bundle = { unit: 'bundle', unitSize: 1 } as const;
const dozen = { unit: 'dozen', unitSize: 1 } as const;
const hali = { unit: 'hali', unitSize: 1 } as const;
const sack = { unit: 'kg', unitSize: 5 } as const;

switchableLanguages();

describe('sale units in English (one rule for every screen)', () => {
  it("keeps the spec's kg texts, also for a line stored before units", async () => {
    await chooseLocale('en');
    expect(unitPrice(30, kg)).toBe('30 Tk / kg');
    expect(perUnitSuffix(kg)).toBe('/ kg');
    expect(quantityLabel(2, kg)).toBe('2 Kg');
    expect(quantityLabel(2, {})).toBe('2 Kg');
    expect(lineLabel('Potato (Alu)', 2, {})).toBe('Potato (Alu) × 2 Kg');
  });

  it('reads packs, pieces, bundles, dozens and hali as Dhaka buys them', async () => {
    await chooseLocale('en');
    expect(unitPrice(30, pack)).toBe('30 Tk / 250 g');
    expect(quantityLabel(2, pack)).toBe('2 × 250 g');
    expect(unitPrice(20, lemons)).toBe('20 Tk / 4 pcs');
    expect(quantityLabel(2, lemons)).toBe('2 × 4 pcs');
    expect(unitPrice(90, coconut)).toBe('90 Tk / piece');
    expect([quantityLabel(1, coconut), quantityLabel(3, coconut)]).toEqual(['1 piece', '3 pieces']);
    expect(unitPrice(15, bundle)).toBe('15 Tk / bundle');
    expect([quantityLabel(1, bundle), quantityLabel(2, bundle)]).toEqual(['1 bundle', '2 bundles']);
    expect(unitPrice(100, dozen)).toBe('100 Tk / dozen');
    expect(quantityLabel(2, dozen)).toBe('2 dozen');
    expect(unitPrice(45, hali)).toBe('45 Tk / hali');
    expect(quantityLabel(3, hali)).toBe('3 hali');
    expect(unitLabel(sack)).toBe('5 kg');
    expect(quantityLabel(2, sack)).toBe('2 × 5 kg');
    expect(perUnitSuffix({ unit: 'g', unitSize: 1000 })).toBe('/ 1,000 g');
    expect(toleranceLabel(50)).toBe('± 50 g');
    expect(toleranceLabel(null)).toBeUndefined();
    expect(lineLabel('Green Chili Pack', 2, pack)).toBe('Green Chili Pack · 2 × 250 g');
  });

  it('breaks a quantity for a narrow stepper only between the count and the size', async () => {
    await chooseLocale('en');
    expect(quantityParts(2, pack)).toEqual(['2 ×', '250 g']);
    expect(quantityParts(12, lemons)).toEqual(['12 ×', '4 pcs']);
    expect(quantityParts(2, bundle)).toEqual(['2 bundles']);
    expect(quantityParts(2, kg)).toEqual(['2 Kg']);
    await chooseLocale('bn');
    expect(quantityParts(2, pack)).toEqual(['২ ×', '২৫০ গ্রাম']);
    expect(quantityParts(2, bundle)).toEqual(['২ আঁটি']);
  });
});

describe('sale units in Bangla', () => {
  it('writes the units in Bangla with Bangla digits', async () => {
    await chooseLocale('bn');
    expect(unitPrice(30, kg)).toBe('৳৩০ / কেজি');
    expect(quantityLabel(2, kg)).toBe('২ কেজি');
    expect(lineLabel('আলু', 2, kg)).toBe('আলু × ২ কেজি');
    expect(unitPrice(30, pack)).toBe('৳৩০ / ২৫০ গ্রাম');
    expect(quantityLabel(2, pack)).toBe('২ × ২৫০ গ্রাম');
    expect(unitPrice(20, lemons)).toBe('৳২০ / ৪ পিস');
    expect(quantityLabel(2, lemons)).toBe('২ × ৪ পিস');
    expect(unitPrice(90, coconut)).toBe('৳৯০ / পিস');
    expect(quantityLabel(1, coconut)).toBe('১ পিস');
    expect(unitPrice(15, bundle)).toBe('৳১৫ / আঁটি');
    expect(quantityLabel(2, bundle)).toBe('২ আঁটি');
    expect(unitPrice(100, dozen)).toBe('৳১০০ / ডজন');
    expect(quantityLabel(12, dozen)).toBe('১২ ডজন');
    expect(unitPrice(45, hali)).toBe('৳৪৫ / হালি');
    expect(quantityLabel(3, hali)).toBe('৩ হালি');
    expect(toleranceLabel(50)).toBe('± ৫০ গ্রাম');
    expect(lineLabel('কাঁচা মরিচ প্যাকেট', 2, pack)).toBe('কাঁচা মরিচ প্যাকেট · ২ × ২৫০ গ্রাম');
    for (const item of [kg, pack, lemons, coconut, bundle, dozen, hali, sack])
      expect(`${unitPrice(1250, item)} ${quantityLabel(12, item)}`).not.toMatch(/[A-Za-z0-9]/);
  });
});
