/**
 * Serves the built PWA (`dist/`) next to the API on Node: brotli or gzip copies made at build
 * time where the browser accepts them, hashed assets cached for a year,
 * the shell files (index.html, sw.js, manifest) revalidated on every load so a deploy is seen
 * at once — with an ETag, so an unchanged one is a 304 — and an SPA fallback so client routes
 * (and the PWA's own 404 page) load index.html. Every file carries the security headers the
 * build wrote to `dist/_headers` (pwa/security-headers.ts) for its path, as Workers static
 * assets apply them.
 * The public pages (`/`, `/home`, `/Shop`, `/about`, `/contact`) are answered with the build's
 * prerendered page in the shopper's language (./prerendered.ts), when the build made them.
 * A product picture asked for with `Save-Data: on` is answered with its small copy (DESIGN.md §5,
 * Data). Source maps are never served.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env';
import { PRERENDERED_DIR, PRERENDER_VARY, prerenderedFile, requestLocale } from './prerendered';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=86400, stale-while-revalidate=604800';
const SHELL_FILES = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

const hasExtension = (path: string) => /\.[a-z0-9]+$/i.test(path);

// Source maps stay private: the build writes them for error reporting, not for visitors (the
// same rule as public/.assetsignore for Workers).
const isSourceMap = (path: string) => /\.map$/i.test(path);

/** A product picture's URL path (`/products/<name>.webp`); its small copy is `/products/small/<name>.webp`. */
const PICTURE = /^\/products\/([^/]+\.webp)$/;

/**
 * True when a request's `Save-Data` header asks for less data: `on`, its only defined value
 * (WICG Save-Data §2; compared without case, as the browsers' own checks do).
 */
const asksToSaveData = (header: string | undefined): boolean => header?.trim().toLowerCase() === 'on';

/** The Cache-Control header for a file of the built site at `path` (URL path, leading slash). */
function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  if (SHELL_FILES.has(path) || path.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/** One rule of a `_headers` file: the URL paths it matches, the headers it sets and those it detaches. */
type HeaderRule = { matches: (path: string) => boolean; set: Record<string, string>; detach: string[] };

/**
 * The rules of a Cloudflare `_headers` file: a URL path on one line (exact, or ending in `*` for
 * every path it begins), then indented `Name: value` lines, or `! Name` to detach a header an
 * earlier rule set. Placeholders (`:name`) and absolute URLs are not used by our build and match
 * nothing here.
 */
function parseHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      const pattern = line.trim();
      const prefix = pattern.endsWith('*') ? pattern.slice(0, -1) : undefined;
      const plain = pattern.startsWith('/') && !pattern.includes(':');
      rules.push({
        matches: (path) => plain && (prefix === undefined ? path === pattern : path.startsWith(prefix)),
        set: {},
        detach: [],
      });
      continue;
    }
    const rule = rules.at(-1);
    const entry = line.trim();
    if (!rule) continue;
    if (entry.startsWith('!')) rule.detach.push(entry.slice(1).trim());
    else if (entry.includes(':')) {
      const at = entry.indexOf(':');
      rule.set[entry.slice(0, at).trim()] = entry.slice(at + 1).trim();
    }
  }
  return rules;
}

/** The headers `rules` give the URL path `path`: every matching rule's, less those one detaches (Cloudflare's rule). */
function headersFor(rules: readonly HeaderRule[], path: string): Record<string, string> {
  const matching = rules.filter((rule) => rule.matches(path));
  const detached = new Set(matching.flatMap((rule) => rule.detach.map((name) => name.toLowerCase())));
  return Object.fromEntries(
    matching.flatMap((rule) => Object.entries(rule.set)).filter(([name]) => !detached.has(name.toLowerCase())),
  );
}

/**
 * The rules of the build's `_headers` file at `path` (none when there is none), re-read when the
 * file changes: a new build into the same dist/ (its CSP names the new inline script's hash)
 * takes effect without a restart, as a Workers deploy does.
 */
function buildHeaders(path: string): () => HeaderRule[] {
  let cached: { mtimeMs: number; rules: HeaderRule[] } = { mtimeMs: -1, rules: [] };
  return () => {
    const mtimeMs = statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (mtimeMs !== cached.mtimeMs)
      cached = { mtimeMs, rules: mtimeMs ? parseHeadersFile(readFileSync(path, 'utf8')) : [] };
    return cached.rules;
  };
}

/**
 * Adds static files from `distDir` and the SPA fallback to `app` (after its `/api` routes).
 * GET paths with a file extension that match no file answer 404; other GET paths get index.html.
 */
export function withStaticSite(app: Hono<AppEnv>, distDir: string): Hono<AppEnv> {
  const headerRules = buildHeaders(join(distDir, '_headers'));
  // Set after the file is served: serveStatic has already built its Response by onFound time.
  app.use('*', async (c, next) => {
    await next();
    if (c.req.path.startsWith('/api/')) return; // the API sets its own (app.ts)
    for (const [name, value] of Object.entries(headersFor(headerRules(), c.req.path))) c.res.headers.set(name, value);
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', cacheControlFor(c.req.path === '/' ? '/index.html' : c.req.path));
    // A hashed asset is immutable, never revalidated: its Last-Modified would be bytes for nothing.
    if (cacheControlFor(c.req.path) === IMMUTABLE) c.res.headers.delete('Last-Modified');
  });
  // The shell files and client routes (index.html) are checked on every load, sw.js by every
  // update check: an ETag over the bytes sent (each compressed copy has its own) makes an
  // unchanged one a 304.
  const shellEtag = etag();
  const isShell = (path: string) => !path.startsWith('/api/') && (SHELL_FILES.has(path) || !hasExtension(path));
  app.use('*', (c, next) => (isShell(c.req.path) ? shellEtag(c, next) : next()));
  // The public pages, prerendered per language (DESIGN.md §13); their brotli or gzip copy when accepted.
  app.get('*', async (c, next) => {
    const file = prerenderedFile(c.req.path, new URL(c.req.url).search);
    if (!file) return next();
    const locale = requestLocale(c.req.header('Cookie'), c.req.header('Accept-Language'));
    const page = join(distDir, PRERENDERED_DIR, locale, `${file}.html`);
    if (!existsSync(page)) return next();
    const accepted = c.req.header('Accept-Encoding') ?? '';
    const encoding = (['br', 'gzip'] as const).find(
      (name) => new RegExp(`\\b${name}\\b`).test(accepted) && existsSync(`${page}.${name === 'br' ? 'br' : 'gz'}`),
    );
    const body = await readFile(encoding ? `${page}.${encoding === 'br' ? 'br' : 'gz'}` : page);
    c.header('Content-Type', 'text/html; charset=UTF-8');
    c.header('Vary', `${PRERENDER_VARY}, Accept-Encoding`);
    c.header('Cache-Control', REVALIDATE);
    if (encoding) c.header('Content-Encoding', encoding);
    return c.body(body);
  });
  app.get('*', (c, next) => (isSourceMap(c.req.path) ? c.text('Not found', 404) : next()));
  // A product picture's answer depends on Save-Data: HTTP caches and the service worker's Cache
  // API (which honours Vary) keep the full and the small bytes of one URL apart. The small
  // copies' own URLs (`/products/small/…`) have one answer and do not vary.
  app.get('/products/*', async (c, next) => {
    await next();
    if (PICTURE.test(c.req.path)) c.res.headers.append('Vary', 'Save-Data');
  });
  // With Save-Data the prerendered first paint, before any script picks the small URLs
  // (pwa/src/lib/picture.ts), still gets the small pictures; a picture without one is sent whole.
  const pictureFor = (path: string, saveData: string | undefined) => {
    const name = PICTURE.exec(path)?.[1];
    const small = name && asksToSaveData(saveData) ? `/products/small/${name}` : undefined;
    return small && existsSync(join(distDir, small)) ? small : path;
  };
  // Precompressed .br/.gz copies from the build, when the browser accepts them.
  app.use(
    '*',
    serveStatic({
      root: distDir,
      precompressed: true,
      rewriteRequestPath: (path, c) => pictureFor(path, c.req.header('Save-Data')),
    }),
  );
  app.get('*', async (c) => {
    if (hasExtension(c.req.path)) return c.text('Not found', 404);
    const html = await readFile(join(distDir, 'index.html'), 'utf8');
    c.header('Cache-Control', REVALIDATE);
    return c.html(html);
  });
  return app;
}
