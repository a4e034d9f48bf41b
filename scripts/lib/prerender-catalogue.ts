/**
 * The catalogue the build prerenders the public pages with (DESIGN.md §13, "the catalogue of the
 * build"). By default the seed catalogue, exactly as `GET /api/products` answers it on a fresh
 * migrated, seeded database — whose product ids every database seeded from it shares
 * (edge-api/src/db/seed.ts). A deployed shop's catalogue has moved on from the seed (products
 * added, removed, repriced): with `PRERENDER_CATALOGUE_URL` set to the live shop's
 * `https://…/api/products`, the pages are prerendered with what the shop sells at build time, so
 * the first paint lists it and a card tapped before the app runs is a product the server has.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { Product } from '../../edge-api/src/contract/catalogue';
import { productSchema } from '../../edge-api/src/contract/product';

/** How long the live shop has to answer before the build fails. */
const LIVE_CATALOGUE_TIMEOUT_MS = 15_000;

/**
 * The live shop's catalogue: `GET url` (an http(s) URL of `/api/products`).
 * @throws Error naming the URL and what was wrong — not http(s), no answer within
 * LIVE_CATALOGUE_TIMEOUT_MS, a non-2xx status, or not a list of products — so the build fails
 * instead of shipping pages of a catalogue it could not read.
 */
async function liveCatalogue(url: string): Promise<Product[]> {
  const where = `PRERENDER_CATALOGUE_URL ${url}`;
  if (!/^https?:\/\//.test(url)) throw new Error(`prerender: ${where} is not an http(s) URL`);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { Accept: 'application/json' },
      signal: AbortSignal.timeout(LIVE_CATALOGUE_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`prerender: ${where} did not answer (${(error as Error).message})`);
  }
  if (!res.ok) throw new Error(`prerender: ${where} answered ${res.status}`);
  const products = z.array(productSchema).safeParse(await res.json().catch(() => undefined));
  if (!products.success) throw new Error(`prerender: ${where} did not answer a list of products (GET /api/products)`);
  return products.data;
}

/** The seed catalogue exactly as `GET /api/products` answers it on a fresh database. */
async function servedSeedCatalogue(): Promise<Product[]> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-prerender-'));
  try {
    const url = `file:${join(dir, 'shop.db')}`;
    const { openDatabase } = await import('../../edge-api/src/db/client');
    const { prepareDatabase } = await import('../../edge-api/src/db/prepare');
    const { parseConfig } = await import('../../edge-api/src/config');
    const { createApp } = await import('../../edge-api/src/app');
    const db = await openDatabase(url);
    await prepareDatabase(db, { seed: true });
    const app = createApp({ db, config: parseConfig({ DATABASE_URL: url, FIREBASE_PROJECT_ID: 'demo-taza-haat' }) });
    const res = await app.request('/api/products');
    if (!res.ok) throw new Error(`prerender: GET /api/products answered ${res.status}`);
    const products = (await res.json()) as Product[];
    db.close();
    return products;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The catalogue to prerender with: the live shop's when `env.PRERENDER_CATALOGUE_URL` is set
 * (see {@link liveCatalogue}, which throws), else the seed's.
 */
export function prerenderCatalogue(env: NodeJS.ProcessEnv = process.env): Promise<Product[]> {
  const url = env.PRERENDER_CATALOGUE_URL?.trim();
  return url ? liveCatalogue(url) : servedSeedCatalogue();
}
