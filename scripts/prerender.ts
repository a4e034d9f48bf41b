/**
 * The build's last step (`npm run build`, DESIGN.md §13): prerenders the public pages — `/`
 * (also served for `/home`), `/Shop`, `/about`, `/contact` — in English and Bangla into
 * `dist/prerendered/<locale>/<page>.html` (with .br and .gz copies), from the built
 * `dist/index.html` (its stylesheet, scripts and inline preload script, whose hash the CSP already
 * names) and the build's catalogue (scripts/lib/prerender-catalogue.ts: the seed's, or with
 * PRERENDER_CATALOGUE_URL the live shop's). The catalogue goes into the page as TanStack Query's dehydrated state in a JSON data block
 * (`type="application/json"`: not run, so the CSP needs no hash for it); the page hydrates with
 * it and then refetches /api/products. The CSS the markup uses is inlined (beasties); the inline
 * preload script loads the full stylesheet and the app once the page has loaded and painted
 * (DESIGN.md §13 "critical CSS inlined", "script after paint").
 *
 * Run: `tsx scripts/prerender.ts [--outDir <dir>]` after `vite build` (into the same folder).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import Beasties from 'beasties';
import { createServer } from 'vite';
import { ENTRY_SCRIPT, PRERENDERED_ATTRIBUTE } from '../pwa/route-preload';
import type { renderPage as RenderPage } from '../pwa/src/prerender';
import { PRERENDERED_DIR, PRERENDERED_PAGES, PRERENDER_LOCALES } from '../edge-api/src/http/prerendered';
import { prerenderCatalogue } from './lib/prerender-catalogue';

/** The built site: `dist`, or the folder after `--outDir` (the e2e and bench stacks build into their own). */
const DIST = ((at) => (at >= 0 ? process.argv[at + 1] : undefined))(process.argv.indexOf('--outDir')) ?? 'dist';

/** Stand-ins for the few browser globals the app's modules read as they load (none is used for the render). */
function browserStandIns(): void {
  const noop = () => undefined;
  const storage = new Map<string, string>();
  const globals = globalThis as Record<string, unknown>;
  globals.window ??= globalThis;
  globals.addEventListener ??= noop;
  globals.removeEventListener ??= noop;
  globals.localStorage ??= {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  };
  globals.document ??= {
    readyState: 'loading',
    addEventListener: noop,
    removeEventListener: noop,
    documentElement: { lang: 'en' },
    cookie: '',
  };
  if (!('navigator' in globalThis)) globals.navigator = { onLine: true, languages: ['en'], language: 'en' };
}

/** `value` as JSON that cannot end the script element it sits in. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The inline scripts the page would run (not data blocks, not `src` ones): the CSP allows only the template's. */
const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]);

/** index.html's meta description, which each page gets in its language. */
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/>/;

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');

async function main(): Promise<void> {
  browserStandIns();
  const template = readFileSync(join(DIST, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('prerender: dist/index.html has no empty #root');
  if (!ENTRY_SCRIPT.test(template)) throw new Error('prerender: dist/index.html has no app module script');
  if (!DESCRIPTION.test(template)) throw new Error('prerender: dist/index.html has no meta description');
  // The inline scripts the CSP allows: index.html's, by their hashes (pwa/security-headers.ts).
  const allowedScripts = inlineScripts(template);
  const products = await prerenderCatalogue();
  const vite = await createServer({
    configFile: 'vite.config.ts',
    mode: 'production',
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const { renderPage } = (await vite.ssrLoadModule('/src/prerender.tsx')) as { renderPage: typeof RenderPage };
    // Critical CSS: every rule of the built stylesheet that the page's markup uses goes inline. The
    // stylesheet's own link comes out (a <noscript> one stays): the inline preload script adds it
    // once the page has loaded and painted (pwa/route-preload.ts).
    const critical = new Beasties({
      path: DIST,
      publicPath: '/',
      preload: 'media-script',
      noscriptFallback: true,
      compress: true,
      logLevel: 'warn',
      // Rules for the page's root that beasties' matcher misses: daisyUI's theme (its colours) and
      // base colours sit under `:where(:root)` and `[data-theme]`, which are on `<html>` itself.
      allowRules: [/:where\(:root/, /\[data-theme/],
    });
    for (const locale of PRERENDER_LOCALES) {
      const dir = join(DIST, PRERENDERED_DIR, locale);
      mkdirSync(dir, { recursive: true });
      for (const [file, path] of Object.entries(PRERENDERED_PAGES)) {
        const page = await renderPage(path, locale, products);
        const html = template
          .replace(/<html lang="[^"]*"/, `<html lang="${locale}" ${PRERENDERED_ATTRIBUTE}`)
          // The content is in the page: the inline preload script adds the app's script after the first paint.
          .replace(ENTRY_SCRIPT, '')
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
          .replace(DESCRIPTION, () => `<meta name="description" content="${escapeAttribute(page.description)}" />`)
          .replace(
            '<div id="root"></div>',
            `<div id="root">${page.html}</div><script type="application/json" id="prerendered-queries">${scriptJson(page.queries)}</script>`,
          );
        // Beasties marks the element it worked in, and its media-script strategy leaves a deferred
        // link and the script that applies it: the preload script loads the stylesheet instead.
        const styled = (await critical.process(html))
          .replace(' data-beasties-container', '')
          .replace(/<link rel="stylesheet"[^>]*data-beasties-media[^>]*>/, '')
          .replace(/<script>document\.querySelectorAll\('link\[data-beasties-media\]'\)[^<]*<\/script>/, '');
        if (styled.includes('data-beasties-media') || !styled.includes('<noscript><link rel="stylesheet"'))
          throw new Error(`prerender: ${path} lost its <noscript> stylesheet or kept the deferred one`);
        const extra = inlineScripts(styled).filter((script) => !allowedScripts.includes(script));
        if (extra.length)
          throw new Error(
            `prerender: ${path} has inline scripts the CSP does not allow: ${extra.map((script) => script?.slice(0, 120)).join(' | ')}`,
          );
        const target = join(dir, `${file}.html`);
        writeFileSync(target, styled);
        writeFileSync(`${target}.br`, brotliCompressSync(styled, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${target}.gz`, gzipSync(styled, { level: 9 }));
        console.log(`prerendered ${locale} ${path} → ${target} (${styled.length} bytes)`);
      }
    }
  } finally {
    await vite.close();
  }
}

await main();
// The API module keeps timers (the catalogue version's re-read) that would hold the process open.
process.exit(0);
