/**
 * The shop's two languages (DESIGN.md §9) on Lingui's runtime (@lingui/core): English, the
 * default, and Bangla. Messages are ICU MessageFormat, one catalogue per language in ./locales,
 * keyed by id. English is never downloaded as a catalogue: the build writes each message,
 * compiled, into the `t` call that shows it (pwa/i18n-inline.ts), so a page carries only its own
 * English. The Bangla catalogue, compiled at build, is a chunk of its own, fetched when Bangla is
 * chosen; the service worker precaches it with every other chunk, so Bangla also opens offline.
 * The Bangla of the role screens is another (locales/bn-roles.json, loadRoleMessages), cached
 * with the role's code; the build keeps each message in the catalogue of the screens that show it.
 *
 * The choice is kept in localStorage (LOCALE_KEY); without one, a browser whose first language
 * is Bangla starts in Bangla. `<html lang>` follows the language.
 */
import { setupI18n, type Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { useSyncExternalStore } from 'react';
import { LOCALE_KEY } from '../storage-keys';
import type english from './locales/en.json';

export type Locale = 'en' | 'bn';
/** The id of a message: a key of the English catalogue (the Bangla one has the same keys). */
export type MessageId = keyof typeof english;
/** The values a message puts in, by argument name. */
export type MessageValues = Record<string, string | number>;

/** The Intl locale of each language, for numbers, plurals and dates: bn-BD writes Bangla digits. */
const intlLocales = { en: 'en-BD', bn: 'bn-BD' } as const satisfies Record<Locale, string>;

const i18n = setupI18n({ locale: 'en', locales: intlLocales.en, messages: { en: {} } });

/** The language shown now. */
export const currentLocale = (): Locale => i18n.locale as Locale;

/** The Intl locale of the language shown now (lib/format.ts). */
export const intlLocale = (): string => intlLocales[currentLocale()];

/**
 * Message `id` in the language shown now, with `values` put in. `english` is the compiled English
 * message, which the build adds to every call (pwa/i18n-inline.ts): never pass it by hand.
 * Components use `useT()` instead, so they render again when the language changes.
 */
export function t(id: MessageId, values?: MessageValues, english?: CompiledMessage): string {
  // Lingui takes a compiled message wherever it takes a source one; its type only names the source.
  return i18n._(id, values, { message: english as unknown as string });
}

const subscribe = (listener: () => void) => i18n.on('change', listener);

/** The language shown now; the component renders again when it changes. */
export const useLocale = (): Locale => useSyncExternalStore(subscribe, currentLocale, currentLocale);

/** `t` for components: the component renders again when the language changes. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/** The language to start in: the stored choice, else Bangla when the browser's first language is. */
export function pickLocale(stored: string | null, browserLanguages: readonly string[]): Locale {
  if (stored === 'en' || stored === 'bn') return stored;
  return browserLanguages[0]?.toLowerCase().startsWith('bn') ? 'bn' : 'en';
}

/**
 * A loader of the Bangla catalogue `download` gives: downloads and loads it once; a failed
 * download rejects and can be tried again.
 */
function banglaLoader(download: () => Promise<{ default: unknown }>): () => Promise<void> {
  let loading: Promise<void> | undefined;
  return () =>
    (loading ??= download().then(
      (catalogue) => i18n.load('bn', catalogue.default as Messages),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
}
const loadBangla = banglaLoader(() => import('./locales/bn.json'));
/** The Bangla of the role screens (loadRoleMessages). */
const loadRoleBangla = banglaLoader(() => import('./locales/bn-roles.json'));
let roleMessagesWanted = false;
/**
 * The language shown, or the one a switch under way is loading: a role screen that asks for its
 * messages while Bangla's catalogue is still on its way gets them too (loadRoleMessages).
 */
let targetLocale: Locale = 'en';

/**
 * For a role's screens (a signed-in shopper's, an admin's, a rider's: vite.config.ts roleScreens),
 * whose Bangla is a catalogue of its own (locales/bn-roles.json), cached with the role's code and
 * so never on a first visit's phone. Resolves once it is loaded when Bangla is shown, at once in
 * English; from then on, a switch to Bangla loads it too. Never rejects: without it, English shows.
 */
export function loadRoleMessages(): Promise<void> {
  roleMessagesWanted = true;
  return targetLocale === 'bn' ? loadRoleBangla().catch(() => undefined) : Promise.resolve();
}

/**
 * Switches the messages to `locale` (loading Bangla's first) without touching the document: the
 * prerender's way in. Rejects, leaving the language shown, when Bangla cannot be downloaded.
 */
export async function loadLanguage(locale: Locale): Promise<void> {
  targetLocale = locale;
  try {
    if (locale === 'bn')
      await Promise.all([loadBangla(), roleMessagesWanted && loadRoleBangla().catch(() => undefined)]);
  } catch (error) {
    targetLocale = currentLocale();
    throw error;
  }
  i18n.activate(locale, intlLocales[locale]);
}

async function activate(locale: Locale): Promise<void> {
  await loadLanguage(locale);
  document.documentElement.lang = locale;
}

/**
 * The cookie that tells the server which language's prerendered page to send (DESIGN.md §13),
 * kept for a year; written whenever the app starts in or switches to a language.
 */
function rememberForServer(locale: Locale): void {
  try {
    document.cookie = `${LOCALE_KEY}=${locale}; Path=/; Max-Age=31536000; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server goes by Accept-Language.
  }
}

/** The language to start in from the stored choice and the browser's languages. */
function startingLocale(): Locale {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(LOCALE_KEY);
  } catch {
    // Storage blocked: the browser's language decides.
  }
  return pickLocale(stored, navigator.languages.length ? navigator.languages : [navigator.language]);
}

/**
 * For a prerendered page: the messages in the page's own language (`<html lang>`), so that the
 * hydrating render matches the server's HTML. Resolves with the language the shopper's choice
 * (or browser) asks for, which `afterHydration` switches to if it differs.
 */
export async function startI18nForPage(): Promise<Locale> {
  const page: Locale = document.documentElement.lang === 'bn' ? 'bn' : 'en';
  await loadLanguage(page).catch(() => undefined);
  return startingLocale();
}

/** After a prerendered page has hydrated: switches to `locale` if the page was in the other language. */
export function switchAfterHydration(locale: Locale): void {
  rememberForServer(locale);
  if (locale !== currentLocale()) void activate(locale).catch(() => undefined);
}

/**
 * Switches to the language the shopper chose last (or the browser's): English at once, Bangla
 * once its catalogue is loaded. If that cannot be downloaded the shop stays in English.
 */
export function startI18n(): Promise<void> {
  const locale = startingLocale();
  rememberForServer(locale);
  return locale === 'en' ? Promise.resolve() : activate(locale).catch(() => undefined);
}

/** Shows the shop in `locale` and remembers the choice. Rejects, changing nothing, when Bangla cannot be downloaded. */
export async function chooseLocale(locale: Locale): Promise<void> {
  await activate(locale);
  rememberForServer(locale);
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Storage blocked: the choice lasts until the page is closed.
  }
}
