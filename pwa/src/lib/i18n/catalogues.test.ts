import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { pickLocale } from './i18n';

// Read as written: imported, the Bangla catalogue would arrive compiled (pwa/i18n-inline.ts).
const read = (locale: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, 'locales', `${locale}.json`), 'utf8')) as Record<string, string>;
// Bangla is two files: the first visit's (bn.json) and the role screens' (bn-roles.json).
const bangla = { shell: read('bn'), roles: read('bn-roles') };
const catalogues = { en: read('en'), bn: { ...bangla.shell, ...bangla.roles } };

/** The argument names a compiled message reads, in plural and select cases too. */
function argumentNames(message: CompiledMessage | string, names = new Set<string>()): Set<string> {
  if (typeof message === 'string') return names;
  for (const token of message) {
    if (typeof token === 'string') continue;
    const [name, , cases] = token;
    names.add(name);
    if (cases && typeof cases === 'object')
      for (const choice of Object.values(cases))
        if (Array.isArray(choice) || typeof choice === 'string') argumentNames(choice, names);
  }
  return names;
}

/** Every .ts/.tsx file of the PWA's source, without tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') ? [path] : [];
  });
}

describe('message catalogues (DESIGN.md §9)', () => {
  it('have the same ids: no English message lacks its Bangla, and none is left over', () => {
    expect(Object.keys(catalogues.bn).filter((id) => !(id in catalogues.en))).toEqual([]);
    expect(Object.keys(catalogues.en).filter((id) => !(id in catalogues.bn))).toEqual([]);
  });

  it('keep each Bangla message in one file only', () => {
    expect(Object.keys(bangla.roles).filter((id) => id in bangla.shell)).toEqual([]);
  });

  it('keep in bn.json what the prerender shows (rendered in Node, outside the bundle the build checks)', () => {
    const prerender = readFileSync(join(import.meta.dirname, '../../prerender.tsx'), 'utf8');
    const shown = [...prerender.matchAll(/\bt\('([^']+)'/g)].map((match) => match[1] ?? '');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((id) => !(id in bangla.shell))).toEqual([]);
  });

  it.each(Object.keys(catalogues.en))('%s: both messages parse and put in the same values', (id) => {
    const [en, bn] = [compileMessageOrThrow(catalogues.en[id] ?? ''), compileMessageOrThrow(catalogues.bn[id] ?? '')];
    expect([...argumentNames(bn)].sort()).toEqual([...argumentNames(en)].sort());
    expect(catalogues.bn[id]?.trim()).not.toBe('');
  });

  it('has no message the shop never shows', () => {
    const source = sourceFiles(join(import.meta.dirname, '../..'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(Object.keys(catalogues.en).filter((id) => !source.includes(`t('${id}'`))).toEqual([]);
  });
});

describe('pickLocale', () => {
  it('keeps the choice stored', () => {
    expect(pickLocale('bn', ['en-US'])).toBe('bn');
    expect(pickLocale('en', ['bn-BD'])).toBe('en');
  });

  it("follows the browser's first language on a first visit", () => {
    expect(pickLocale(null, ['bn-BD', 'en'])).toBe('bn');
    expect(pickLocale(null, ['bn'])).toBe('bn');
    expect(pickLocale(null, ['en-GB', 'bn'])).toBe('en');
    expect(pickLocale('xx', [])).toBe('en');
  });
});
