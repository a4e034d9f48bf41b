/** The inline preload script of pwa/route-preload.ts, run against fake page globals. */
import { describe, expect, it } from 'vitest';
import { preloadScript } from './route-preload';
import { pickLocale } from './src/lib/i18n/i18n';

type Link = { rel: string; href: string; as?: string; crossOrigin?: string };

/** Runs the script at `path` with `stored` localStorage entries and the browser's `languages`; returns the links it added. */
function run(script: string, path: string, stored: Record<string, string>, languages: string[]): Link[] {
  const links: Link[] = [];
  const document = { createElement: () => ({}) as Link, head: { append: (link: Link) => links.push(link) } };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const navigator = { languages, language: languages[0] ?? '' };
  new Function('location', 'localStorage', 'navigator', 'document', script)(
    { pathname: path },
    localStorage,
    navigator,
    document,
  );
  return links;
}

const language = { locale: 'bn', file: '/assets/bn.js', storageKey: 'locale', locales: ['en', 'bn'] };
const script = preloadScript(
  { '/shop': ['/assets/shop.js', '/assets/app.js'] },
  { '/shop': { url: '/api/products', unlessStored: ['productsMirrored'] } },
  language,
);

describe('route-preload script', () => {
  it("preloads the route's chunks and, on a first visit, its JSON", () => {
    expect(run(script, '/Shop', {}, ['en-US'])).toEqual([
      { rel: 'modulepreload', href: '/assets/shop.js' },
      { rel: 'modulepreload', href: '/assets/app.js' },
      { rel: 'preload', href: '/api/products', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    expect(run(script, '/Shop', { productsMirrored: '1' }, ['en-US']).map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
    ]);
    expect(run(script, '/about', {}, ['en-US'])).toEqual([]);
  });

  it('preloads the Bangla catalogue exactly when the app will start in Bangla (pickLocale)', () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['bn']],
      [{}, ['bn-BD', 'en']],
      [{}, ['BN-in']],
      [{}, ['en-US', 'bn']],
      [{}, []],
      [{ locale: 'bn' }, ['en-US']],
      [{ locale: 'en' }, ['bn']],
      [{ locale: 'fr' }, ['bn']],
      [{ locale: 'fr' }, ['en']],
    ];
    for (const [stored, languages] of cases) {
      const preloaded = run(script, '/about', stored, languages).some((link) => link.href === language.file);
      expect(preloaded, JSON.stringify({ stored, languages })).toBe(
        pickLocale(stored.locale ?? null, languages) === 'bn',
      );
    }
  });
});
