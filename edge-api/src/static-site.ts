/**
 * Serves the built PWA (`dist/`) next to the API on Node: brotli or gzip copies made at build
 * time where the browser accepts them, hashed assets cached for a year,
 * the shell files (index.html, sw.js, manifest) revalidated on every load so a deploy is seen
 * at once, and an SPA fallback so client routes (and the PWA's own 404 page) load index.html.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './env';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const SHORT = 'public, max-age=86400, stale-while-revalidate=604800';
const SHELL_FILES = new Set(['/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js']);

/** The Cache-Control header for a file of the built site at `path` (URL path, leading slash). */
export function cacheControlFor(path: string): string {
  if (path.startsWith('/assets/')) return IMMUTABLE;
  if (SHELL_FILES.has(path) || path.endsWith('.html')) return REVALIDATE;
  return SHORT;
}

/**
 * Adds static files from `distDir` and the SPA fallback to `app` (after its `/api` routes).
 * GET paths with a file extension that match no file answer 404; other GET paths get index.html.
 */
export function withStaticSite(app: Hono<AppEnv>, distDir: string): Hono<AppEnv> {
  // Set after the file is served: serveStatic has already built its Response by onFound time.
  app.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control'))
      c.res.headers.set('Cache-Control', cacheControlFor(c.req.path === '/' ? '/index.html' : c.req.path));
  });
  // Precompressed .br/.gz copies from the build, when the browser accepts them.
  app.use('*', serveStatic({ root: distDir, precompressed: true }));
  app.get('*', async (c) => {
    if (/\.[a-z0-9]+$/i.test(c.req.path)) return c.text('Not found', 404);
    const html = await readFile(join(distDir, 'index.html'), 'utf8');
    c.header('Cache-Control', REVALIDATE);
    return c.html(html);
  });
  return app;
}
