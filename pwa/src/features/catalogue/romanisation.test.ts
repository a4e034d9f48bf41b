import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { romanisations } from './romanisation';

describe('romanisation of Bangla product names', () => {
  it('spells each word every common way', () => {
    expect(romanisations('মিষ্টি আলু')).toEqual(['mishti alu', 'misti alu', 'mishti aloo', 'misti aloo']);
  });

  it('keeps a word it does not know', () => {
    expect(romanisations('নতুন আলু')).toEqual(['নতুন alu', 'নতুন aloo']);
  });

  it('knows every word of the seeded catalogue (read as text: the PWA does not import the API)', () => {
    const seed = readFileSync(join(import.meta.dirname, '../../../../edge-api/src/db/seed-catalogue.ts'), 'utf8');
    const names = [...seed.matchAll(/nameBn: '([^']+)'/g)].map((match) => match[1] ?? '');
    expect(names.length).toBeGreaterThan(30);
    expect(names.flatMap(romanisations).filter((phrase) => /[\u0980-\u09ff]/.test(phrase))).toEqual([]);
  });
});
