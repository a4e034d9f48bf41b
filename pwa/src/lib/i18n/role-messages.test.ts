/**
 * The role screens' Bangla (loadRoleMessages, locales/bn-roles.json) arrives whichever comes
 * first: a role screen asking for it, or the start in Bangla loading the shop's catalogue.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { loadRoleMessages, startI18n, t } from './i18n';

beforeAll(() => {
  vi.stubGlobal('document', { documentElement: { lang: 'en' }, cookie: '' });
  vi.stubGlobal('navigator', { languages: ['en-US'], language: 'en-US' });
  // The shopper chose Bangla last time.
  vi.stubGlobal('localStorage', { getItem: () => 'bn', setItem: () => undefined });
});
afterAll(() => vi.unstubAllGlobals());

it("loads a role screen's Bangla when the screen asks while the start's Bangla is still on its way", async () => {
  const started = startI18n();
  // A role screen's route (a checkout opened straight away) whose code came in first.
  const screen = loadRoleMessages();
  await Promise.all([started, screen]);
  expect(document.documentElement.lang).toBe('bn');
  expect(t('orders.ordered', { date: '২২ নভে' })).toBe('অর্ডার: ২২ নভে');
});
