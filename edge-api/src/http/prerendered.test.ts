import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { createTestDb, type TestDb } from '../testing/test-db';
import worker from '../worker';
import { prerenderedFile, requestLocale } from './prerendered';
import { withStaticSite } from './static-site';

describe('which prerendered page a request gets', () => {
  it.each([
    ['/', 'index'],
    ['/home', 'index'],
    ['/Shop', 'Shop'],
    ['/shop/', 'Shop'],
    ['/about', 'about'],
    ['/contact', 'contact'],
    ['/cart', undefined],
    ['/dashboard', undefined],
    ['/Shop.html', undefined],
  ])('%s → %s', (path, file) => {
    expect(prerenderedFile(path)).toBe(file);
  });

  it.each([
    ['/Shop', '?category=fruit&season=winter', undefined],
    ['/Shop', '?q=mango', undefined],
    ['/', '?utm_source=sms', undefined],
    ['/Shop', '?', 'Shop'],
    ['/Shop', '', 'Shop'],
  ])('%s%s → %s: a page is prerendered without a query', (path, search, file) => {
    expect(prerenderedFile(path, search)).toBe(file);
  });

  it.each([
    [undefined, undefined, 'en'],
    [undefined, 'bn', 'bn'],
    [undefined, 'bn-BD,bn;q=0.9,en;q=0.8', 'bn'],
    [undefined, 'en-US,en;q=0.9,bn;q=0.8', 'en'],
    [undefined, 'en;q=0.5,bn;q=0.9', 'bn'],
    ['locale=bn', 'en-US', 'bn'],
    ['theme=dark; locale=en', 'bn', 'en'],
    ['locale=fr', 'bn', 'bn'],
    ['mylocale=bn', undefined, 'en'],
  ] as const)('cookie %s, Accept-Language %s → %s', (cookie, acceptLanguage, locale) => {
    expect(requestLocale(cookie, acceptLanguage)).toBe(locale);
  });
});

let t: TestDb;
let dist: string;
const page = (locale: string, file: string) => `<!doctype html><html lang="${locale}"><div id="root">${file}</div>`;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  dist = mkdtempSync(join(tmpdir(), 'taza-haat-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  for (const locale of ['en', 'bn']) {
    mkdirSync(join(dist, 'prerendered', locale), { recursive: true });
    for (const file of ['index', 'Shop', 'about', 'contact']) {
      writeFileSync(join(dist, 'prerendered', locale, `${file}.html`), page(locale, file));
      writeFileSync(join(dist, 'prerendered', locale, `${file}.html.br`), brotliCompressSync(page(locale, file)));
    }
  }
});
afterAll(() => {
  t.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

describe('the prerendered pages on Node', () => {
  it('answers the public pages in the language of the cookie, else Accept-Language, varying on both', async () => {
    const app = withStaticSite(createApp({ db: t.db, config: t.config }), dist);
    const en = await app.request('/Shop');
    expect(await en.text()).toBe(page('en', 'Shop'));
    expect(en.headers.get('vary')).toBe('Cookie, Accept-Language, Accept-Encoding');
    expect(en.headers.get('content-type')).toMatch(/^text\/html/);
    expect(en.headers.get('cache-control')).toBe('no-cache');
    expect(await (await app.request('/', { headers: { 'Accept-Language': 'bn' } })).text()).toBe(page('bn', 'index'));
    expect(
      await (await app.request('/home', { headers: { 'Accept-Language': 'bn', Cookie: 'locale=en' } })).text(),
    ).toBe(page('en', 'index'));
    expect(await (await app.request('/about', { headers: { Cookie: 'locale=bn' } })).text()).toBe(page('bn', 'about'));
  });

  it('sends the brotli copy to a browser that accepts it', async () => {
    const app = withStaticSite(createApp({ db: t.db, config: t.config }), dist);
    const res = await app.request('/contact', { headers: { 'Accept-Encoding': 'gzip, br', Cookie: 'locale=bn' } });
    expect(res.headers.get('content-encoding')).toBe('br');
  });

  it('answers other routes, and a public page asked with a query (a filtered shop), with the app shell', async () => {
    const app = withStaticSite(createApp({ db: t.db, config: t.config }), dist);
    for (const path of ['/cart', '/Shop?category=fruit&season=winter'])
      expect(await (await app.request(path, { headers: { Cookie: 'locale=bn' } })).text()).toBe(
        '<!doctype html><div id="root"></div>',
      );
  });
});

describe('the prerendered pages on Workers', () => {
  /** The static assets binding as Workers' HTML handling answers: `/x` serves x.html, `/dir/` its index.html. */
  const assets = {
    fetch: (request: Request) => {
      const path = new URL(request.url).pathname;
      const match = /^\/prerendered\/(en|bn)\/(\w*)$/.exec(path);
      if (!match) return Promise.resolve(new Response('shell', { status: 200 }));
      return Promise.resolve(new Response(page(match[1] ?? '', match[2] || 'index'), { status: 200 }));
    },
  };

  it('answers the public pages from the assets in the shopper’s language, varying on the cookie and Accept-Language', async () => {
    const res = await worker.fetch(new Request('https://shop.test/Shop', { headers: { 'Accept-Language': 'bn' } }), {
      ASSETS: assets,
    });
    expect(await res.text()).toBe(page('bn', 'Shop'));
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Language');
    const home = await worker.fetch(new Request('https://shop.test/', { headers: { Cookie: 'locale=en' } }), {
      ASSETS: assets,
    });
    expect(await home.text()).toBe(page('en', 'index'));
    const filtered = await worker.fetch(new Request('https://shop.test/Shop?q=mango'), { ASSETS: assets });
    expect(await filtered.text()).toBe('shell');
  });
});
