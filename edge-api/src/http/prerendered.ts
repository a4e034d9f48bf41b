/**
 * The prerendered public pages (DESIGN.md §13) and which one a request gets: the build writes
 * `dist/prerendered/<locale>/<page>.html` (scripts/prerender.ts); the Node static site and the
 * Worker answer `/`, `/home`, `/Shop`, `/about` and `/contact` with the page of the shopper's
 * language — the `locale` cookie the PWA sets, else `Accept-Language` (Bangla first → Bangla).
 * Shared by Node and Workers: no Node modules here.
 */

/** The folder of dist/ that holds the prerendered pages. */
export const PRERENDERED_DIR = 'prerendered';

/** The languages prerendered. */
export const PRERENDER_LOCALES = ['en', 'bn'] as const;
export type PrerenderLocale = (typeof PRERENDER_LOCALES)[number];

/** Each prerendered file (without `.html`) and the path it is rendered from. */
export const PRERENDERED_PAGES = { index: '/', Shop: '/Shop', about: '/about', contact: '/contact' } as const;

/** Request paths (lower case, no trailing slash; the router matches paths so) → their file. */
const FILES: Record<string, keyof typeof PRERENDERED_PAGES> = {
  '': 'index',
  '/home': 'index',
  '/shop': 'Shop',
  '/about': 'about',
  '/contact': 'contact',
};

/** The headers a prerendered page varies on (a cache must key it by both). */
export const PRERENDER_VARY = 'Cookie, Accept-Language';

/**
 * The prerendered file (e.g. `Shop`) for a request's path and query (`search`, with its `?`), or
 * undefined when the path has none or there is a query: a page is rendered without one, and a
 * filtered shop (`/Shop?category=fruit`) rendered unfiltered would not match the app's first render.
 */
export function prerenderedFile(path: string, search = ''): keyof typeof PRERENDERED_PAGES | undefined {
  if (search !== '' && search !== '?') return undefined;
  return FILES[path.toLowerCase().replace(/\/+$/, '')];
}

/**
 * The language of the page for a request: the `locale` cookie when it is `en` or `bn`, else
 * Bangla when `Accept-Language`'s first language is Bangla (as the PWA's pickLocale reads
 * `navigator.languages`), else English.
 */
export function requestLocale(cookie: string | undefined, acceptLanguage: string | undefined): PrerenderLocale {
  const chosen = /(?:^|;\s*)locale=(en|bn)(?:;|$)/.exec(cookie ?? '')?.[1];
  if (chosen === 'en' || chosen === 'bn') return chosen;
  const first = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)[0];
  return first?.tag.startsWith('bn') ? 'bn' : 'en';
}
