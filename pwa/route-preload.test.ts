/** The inline preload script of pwa/route-preload.ts, run against fake page globals. */
import { describe, expect, it } from 'vitest';
import { PRERENDERED_ATTRIBUTE, preloadScript } from './route-preload';
import { pickLocale } from './src/lib/i18n/i18n';

type Link = { rel: string; href: string; as?: string; crossOrigin?: string; fetchPriority?: string };
type Script = { type?: string; src?: string; crossOrigin?: string; fetchPriority?: string };

/** A page the script runs in: its `<html>` attributes, whether the tab is hidden and whether it has loaded. */
type Page = { attributes?: string[]; hidden?: boolean; loaded?: boolean };

/**
 * Runs the script at `path` with `stored` localStorage entries and the browser's `languages`;
 * returns what it added to `<head>` at once, and after the load event, the next frame and a task
 * (`later`).
 */
function run(script: string, path: string, stored: Record<string, string>, languages: string[], page: Page = {}) {
  const added: (Link | Script)[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const document = {
    createElement: () => ({}),
    head: { append: (element: Link | Script) => added.push(element) },
    documentElement: { hasAttribute: (name: string) => (page.attributes ?? []).includes(name) },
    visibilityState: page.hidden ? 'hidden' : 'visible',
    readyState: page.loaded ? 'complete' : 'interactive',
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const navigator = { languages, language: languages[0] ?? '' };
  new Function(
    'location',
    'localStorage',
    'navigator',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'addEventListener',
    script,
  )(
    { pathname: path },
    localStorage,
    navigator,
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
    (type: string, callback: () => void) => type === 'load' && onLoad.push(callback),
  );
  const atOnce = [...added];
  onLoad.splice(0).forEach((callback) => callback());
  expect(added).toEqual(atOnce);
  frames.splice(0).forEach((callback) => callback());
  tasks.splice(0).forEach((callback) => callback());
  return { atOnce: atOnce as Link[], later: added.slice(atOnce.length) };
}

const language = { locale: 'bn', file: '/assets/bn.js', storageKey: 'locale', locales: ['en', 'bn'] };
const script = preloadScript(
  { '/shop': ['/assets/shop.js', '/assets/app.js'] },
  { '/shop': { url: '/api/products', unlessStored: ['productsMirrored'] } },
  { entry: '/assets/index.js', stylesheet: '/assets/index.css' },
  language,
);

describe('route-preload script', () => {
  it("preloads the route's chunks and, on a first visit, its JSON", () => {
    expect(run(script, '/Shop', {}, ['en-US']).atOnce).toEqual([
      { rel: 'modulepreload', href: '/assets/shop.js' },
      { rel: 'modulepreload', href: '/assets/app.js' },
      { rel: 'preload', href: '/api/products', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    expect(run(script, '/Shop', { productsMirrored: '1' }, ['en-US']).atOnce.map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
    ]);
    expect(run(script, '/about', {}, ['en-US'])).toEqual({ atOnce: [], later: [] });
  });

  it('on a prerendered page, asks for nothing until it has loaded and painted, then for the chunks at low priority and the app', () => {
    const prerendered = { attributes: [PRERENDERED_ATTRIBUTE] };
    const loaded = [
      { rel: 'modulepreload', href: '/assets/shop.js', fetchPriority: 'low' },
      { rel: 'modulepreload', href: '/assets/app.js', fetchPriority: 'low' },
      { rel: 'preload', href: '/api/products', as: 'fetch', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', href: language.file, fetchPriority: 'low' },
      { rel: 'stylesheet', crossOrigin: 'anonymous', href: '/assets/index.css' },
      { type: 'module', crossOrigin: 'anonymous', fetchPriority: 'low', src: '/assets/index.js' },
    ];
    expect(run(script, '/Shop', {}, ['bn'], prerendered)).toEqual({ atOnce: [], later: loaded });
    // Run after the load event (a script run late): after the next frame.
    expect(run(script, '/Shop', {}, ['bn'], { ...prerendered, loaded: true })).toEqual({ atOnce: [], later: loaded });
    // A hidden tab paints no frame: it loads at once.
    expect(run(script, '/Shop', {}, ['bn'], { ...prerendered, hidden: true })).toEqual({ atOnce: loaded, later: [] });
    // The app shell has its own module script: only the preloads, at once.
    expect(run(script, '/Shop', {}, ['bn']).atOnce.map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
      '/api/products',
      language.file,
    ]);
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
      const preloaded = run(script, '/about', stored, languages).atOnce.some((link) => link.href === language.file);
      expect(preloaded, JSON.stringify({ stored, languages })).toBe(
        pickLocale(stored.locale ?? null, languages) === 'bn',
      );
    }
  });
});
