/**
 * Unit tests of language-dependent code, outside a browser: `switchableLanguages()` (call it at a
 * test file's top level or in a describe) stands in for the two browser globals the i18n module
 * touches when a test calls `chooseLocale` — `<html lang>` and localStorage — and afterwards puts
 * English back, so later test files in the same worker start in English as the app does.
 */
import { afterAll, beforeAll, vi } from 'vitest';
import { chooseLocale } from '../lib/i18n/i18n';

export function switchableLanguages(): void {
  beforeAll(() => {
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  });
  afterAll(async () => {
    await chooseLocale('en');
    vi.unstubAllGlobals();
  });
}
