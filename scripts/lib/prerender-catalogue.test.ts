/** The build's catalogue for the prerendered pages: the seed's, or the live shop's over HTTP. */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { Product } from '@contract/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedProductId } from '../../edge-api/src/db/seed';
import { seedCatalogue } from '../../edge-api/src/db/seed-catalogue';
import { createTestApp, type TestApp } from '../../edge-api/src/testing/test-app';
import { prerenderCatalogue } from './prerender-catalogue';

let shop: TestApp;
let server: ServerType;
let origin: string;

beforeAll(async () => {
  shop = await createTestApp();
  // The live shop has moved on from the seed: a price changed, a product gone.
  await shop.db.execute({ sql: 'UPDATE products SET price = 44 WHERE id = ?', args: [seedProductId('potato')] });
  await shop.db.execute({ sql: 'DELETE FROM products WHERE id = ?', args: [seedProductId('tomato')] });
  server = serve({ fetch: shop.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  shop.cleanup();
});

describe('prerenderCatalogue', () => {
  it('is the seed catalogue by default, with the ids every seeded database gives its products', async () => {
    const products = await prerenderCatalogue({});
    expect(products.map((p) => [p._id, p.name])).toEqual(seedCatalogue.map((p) => [seedProductId(p.slug), p.name]));
  });

  it('is the live shop’s catalogue with PRERENDER_CATALOGUE_URL, as its GET /api/products answers it', async () => {
    const live = (await (await fetch(`${origin}/api/products`)).json()) as Product[];
    const products = await prerenderCatalogue({ PRERENDER_CATALOGUE_URL: `${origin}/api/products` });
    expect(products).toEqual(live);
    expect(products.find((p) => p._id === seedProductId('potato'))?.price).toBe(44);
    expect(products.some((p) => p._id === seedProductId('tomato'))).toBe(false);
  });

  it.each([
    ['ftp://shop.example/api/products', /is not an http\(s\) URL/],
    ['/api/nope', /answered 404/],
    ['/api/payments/methods', /did not answer a list of products/],
    ['http://127.0.0.1:9/api/products', /did not answer \(/],
  ])('fails the build, saying why, for %s', async (url, message) => {
    const absolute = url.startsWith('/') ? `${origin}${url}` : url;
    await expect(prerenderCatalogue({ PRERENDER_CATALOGUE_URL: absolute })).rejects.toThrow(message);
  });
});
