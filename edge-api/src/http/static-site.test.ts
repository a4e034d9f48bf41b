import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { withStaticSite } from './static-site';
import { createTestDb, type TestDb } from '../testing/test-db';

let t: TestDb;
let dist: string;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestDb({ seed: false });
  dist = mkdtempSync(join(tmpdir(), 'taza-haat-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'products'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["pwa/src/main.tsx"]}');
  writeFileSync(join(dist, 'sw.js.map'), '{"version":3}');
  writeFileSync(join(dist, 'products', 'carrot.webp'), 'RIFF');
  mkdirSync(join(dist, 'products', 'small'));
  writeFileSync(join(dist, 'products', 'potato.webp'), 'RIFF full potato');
  writeFileSync(join(dist, 'products', 'small', 'potato.webp'), 'RIFF small');
  writeFileSync(join(dist, 'sw.js'), 'self');
  writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync('self'));
  writeFileSync(
    join(dist, '_headers'),
    "/*\n  Content-Security-Policy: default-src 'self'; frame-ancestors 'none'\n  X-Content-Type-Options: nosniff\n/other\n  X-Other: no\n/assets/*\n  ! Content-Security-Policy\n  X-Asset: yes\n",
  );
  app = withStaticSite(createApp({ db: t.db, config: t.config }), dist);
});
afterAll(() => {
  t.cleanup();
  rmSync(dist, { recursive: true, force: true });
});

describe('the built PWA on Node', () => {
  it('caches hashed assets for a year, immutable', async () => {
    const res = await app.request('/assets/index-abc123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('last-modified')).toBeNull();
  });

  it.each(['/', '/index.html', '/sw.js'])('revalidates the shell file %s on every load', async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it.each(['/Shop', '/dashboard/my-orders', '/team', '/contactt'])(
    'answers the client route %s with index.html',
    async (path) => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it.each(['/assets/index-abc123.js.map', '/sw.js.map', '/assets/INDEX-ABC123.JS.MAP'])(
    'keeps the source map %s private: 404',
    async (path) => {
      const res = await app.request(path, { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('sources');
    },
  );

  it('answers a missing file with 404, not index.html', async () => {
    const res = await app.request('/products/durian.webp');
    expect(res.status).toBe(404);
  });

  it('serves product pictures with a day of caching', async () => {
    const res = await app.request('/products/carrot.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/max-age=86400/);
  });

  it.each(['on', 'On', ' ON '])('answers a picture asked for with Save-Data: %s with its small copy', async (value) => {
    const res = await app.request('/products/potato.webp', { headers: { 'Save-Data': value } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('RIFF small');
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String('RIFF small'.length));
    expect(res.headers.get('vary')).toBe('Save-Data');
    expect(res.headers.get('cache-control')).toMatch(/max-age=86400/);
  });

  it.each<Record<string, string>>([{}, { 'Save-Data': 'off' }, { 'Save-Data': 'only' }])(
    'answers a picture asked for with %o with the full picture',
    async (headers) => {
      const res = await app.request('/products/potato.webp', { headers });
      expect(await res.text()).toBe('RIFF full potato');
      expect(res.headers.get('vary')).toBe('Save-Data');
    },
  );

  it('answers Save-Data with the full picture when it has no small copy, and a missing one with 404, both varying', async () => {
    const whole = await app.request('/products/carrot.webp', { headers: { 'Save-Data': 'on' } });
    expect(await whole.text()).toBe('RIFF');
    expect(whole.headers.get('vary')).toBe('Save-Data');
    const missing = await app.request('/products/durian.webp', { headers: { 'Save-Data': 'on' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('vary')).toBe('Save-Data');
  });

  it('serves a small copy at its own URL to anyone, not varying', async () => {
    const res = await app.request('/products/small/potato.webp');
    expect(await res.text()).toBe('RIFF small');
    expect(res.headers.get('vary')).toBeNull();
  });

  it.each(['/', '/Shop', '/sw.js', '/products/carrot.webp'])(
    'sends the build’s security headers with %s',
    async (path) => {
      const res = await app.request(path);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'self'; frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-other')).toBeNull();
      expect(res.headers.get('x-asset')).toBeNull();
    },
  );

  it('applies every rule matching a path, less the headers one detaches, as Cloudflare does', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.headers.get('content-security-policy')).toBeNull();
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    expect(asset.headers.get('x-asset')).toBe('yes');
    expect((await app.request('/other')).headers.get('x-other')).toBe('no');
  });

  it('answers an unchanged sw.js with 304 (brotli copy and plain alike), a changed one with the file', async () => {
    for (const encoding of ['br', 'identity']) {
      const first = await app.request('/sw.js', { headers: { 'Accept-Encoding': encoding } });
      expect(first.headers.get('content-encoding') ?? 'identity').toBe(encoding);
      const tag = first.headers.get('etag');
      expect(tag).toBeTruthy();
      const again = await app.request('/sw.js', {
        headers: { 'Accept-Encoding': encoding, 'If-None-Match': tag ?? '' },
      });
      expect(again.status).toBe(304);
      expect(again.headers.get('content-security-policy')).toContain("default-src 'self'");
      const stale = await app.request('/sw.js', { headers: { 'Accept-Encoding': encoding, 'If-None-Match': '"old"' } });
      expect(stale.status).toBe(200);
    }
  });

  it('follows a rebuilt _headers without a restart (a new build names a new script hash)', async () => {
    const file = join(dist, '_headers');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, "/*\n  Content-Security-Policy: default-src 'none'\n");
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    try {
      expect((await app.request('/')).headers.get('content-security-policy')).toBe("default-src 'none'");
    } finally {
      writeFileSync(file, before);
      utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    }
  });

  it('answers an unchanged index.html of a client route with 304', async () => {
    const tag = (await app.request('/dashboard/my-orders')).headers.get('etag') ?? '';
    expect((await app.request('/dashboard/my-orders', { headers: { 'If-None-Match': tag } })).status).toBe(304);
  });

  it('keeps unknown API paths a JSON 404 behind the SPA fallback', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});
