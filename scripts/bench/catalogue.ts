/**
 * Figures 4 and 6 (bench/README.md): `GET /api/products` throughput and p99 for a 1,000-product
 * catalogue, 200 and 304, against a bare `node:http` server sending the same bytes, and the same
 * for `GET /api/delivery-areas`; and the bytes a client moves to refresh that catalogue after one
 * product changed.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGUE_VERSION_HEADER } from '../../edge-api/src/contract/catalogue';
import { openDatabase } from '../../edge-api/src/db/client';
import { load, startBareServer, type LoadResult } from './load';
import { kib, median, ms, pct, wireBytes, type Figure } from './report';

const CATALOGUE_SIZE = 1000;

/** Tops the catalogue up to `size` products with plain inserts (the triggers version them). */
export async function fillCatalogue(databaseUrl: string, size = CATALOGUE_SIZE): Promise<void> {
  const db = await openDatabase(databaseUrl);
  try {
    const count = Number((await db.execute('SELECT count(*) AS n FROM products')).rows[0]?.n ?? 0);
    const now = Date.now();
    const inserts = Array.from({ length: Math.max(0, size - count) }, (_, i) => ({
      sql: `INSERT INTO products (id, name, price, image, category, season, created_at, updated_at) VALUES (?, ?, ?, '/products/carrot.webp', ?, NULL, ?, ?)`,
      args: [`bench-${i}`, `Bench produce ${i}`, 20 + (i % 180), i % 2 ? 'fruit' : 'vegetable', now + i, now],
    }));
    await db.batch(inserts, 'write');
  } finally {
    db.close();
  }
}

function throughputFigure(name: string, api: LoadResult, bare: LoadResult, minRatio: number): Figure[] {
  const ratio = api.rps / bare.rps;
  const p99Ratio = api.p99 / Math.max(bare.p99, 1);
  return [
    {
      name: `${name}: throughput vs bare node:http`,
      value: `${api.rps.toFixed(0)} vs ${bare.rps.toFixed(0)} req/s (${pct(ratio)})`,
      budget: `≥ ${pct(minRatio)} of bare`,
      pass: ratio >= minRatio && api.non2xx === 0 && api.errors === 0,
      data: { api, bare },
    },
    {
      name: `${name}: p99 latency vs bare`,
      value: `${ms(api.p99)} vs ${ms(bare.p99)} (${p99Ratio.toFixed(2)}×)`,
      budget: '≤ 2× bare',
      pass: p99Ratio <= 2,
    },
  ];
}

/** Seconds of each load round of figure 4, and the rounds of each server. */
const ROUND_S = 5;
const ROUNDS = 2;

/**
 * Loads `url` and `bareUrl` with `options` in alternating rounds (API, bare, bare, API), so a
 * burst of other load on a shared machine falls on both. @returns the API's and bare's runs
 * summed up: the median requests/s and p99 of their rounds, their failures added.
 */
async function alternating(
  options: Omit<Parameters<typeof load>[0], 'url'>,
  url: string,
  bareUrl: string,
): Promise<[LoadResult, LoadResult]> {
  const rounds: Record<'api' | 'bare', LoadResult[]> = { api: [], bare: [] };
  for (let i = 0; i < ROUNDS; i += 1)
    for (const which of i % 2 ? (['bare', 'api'] as const) : (['api', 'bare'] as const))
      rounds[which].push(await load({ ...options, url: which === 'api' ? url : bareUrl }));
  const summary = (runs: LoadResult[]): LoadResult => ({
    rps: median(runs.map((r) => r.rps)),
    p99: median(runs.map((r) => r.p99)),
    p50: median(runs.map((r) => r.p50)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
    ok: runs.reduce((sum, r) => sum + r.ok, 0),
    statuses: {},
  });
  return [summary(rounds.api), summary(rounds.bare)];
}

/**
 * A public list `url` (the catalogue, the delivery areas) against the bare `node:http` server
 * sending its bytes and headers: 50 connections, 200 then 304 (If-None-Match), in alternating
 * rounds ({@link alternating}), with
 * the budgets of figure 4 (≥ 70 % / 85 % of bare, p99 ≤ 2×). `name` names the route in the figures.
 * @returns the figures and the first answer's body and headers.
 */
async function listAgainstBare(
  url: string,
  name: string,
  tmpDir: string,
): Promise<{ figures: Figure[]; body: Uint8Array; headers: Headers }> {
  const first = await fetch(url);
  if (!first.ok) throw new Error(`${url}: HTTP ${first.status}`);
  const body = new Uint8Array(await first.arrayBuffer());
  const etag = first.headers.get('ETag') ?? '';
  const bodyFile = join(tmpDir, `${name.replace(/\W+/g, '-')}.json`);
  writeFileSync(bodyFile, body);
  const bare = await startBareServer(bodyFile, [...first.headers.entries()]);
  try {
    const full = { connections: 50, durationS: ROUND_S };
    const revalidate = { ...full, headers: { 'If-None-Match': etag }, expectStatus: 304 };
    const [api200, bare200] = await alternating(full, url, bare.url);
    const [api304, bare304] = await alternating(revalidate, url, bare.url);
    return {
      figures: [
        ...throughputFigure(`${name} (200)`, api200, bare200, 0.7),
        ...throughputFigure(`${name} with If-None-Match (304)`, api304, bare304, 0.85),
      ],
      body,
      headers: first.headers,
    };
  } finally {
    await bare.child.stop();
  }
}

/** Runs figures 4 and 6 against the stack at `baseUrl`; `adminToken` changes one product. */
export async function measureCatalogue(baseUrl: string, tmpDir: string, adminToken: string): Promise<Figure[]> {
  const url = `${baseUrl}/api/products`;
  const { figures: throughput, body, headers } = await listAgainstBare(url, 'GET /api/products', tmpDir);
  const etag = headers.get('ETag') ?? '';
  const version = Number(headers.get(CATALOGUE_VERSION_HEADER));
  const figures: Figure[] = [
    {
      name: 'Catalogue size for figures 4 and 6',
      value: `${(JSON.parse(new TextDecoder().decode(body)) as unknown[]).length} products, ${kib(body.length)} JSON`,
      budget: 'report',
      pass: null,
    },
    ...throughput,
  ];
  // The delivery areas (DESIGN.md §15) come with the catalogue on a first visit and are kept
  // offline with it: the same budgets.
  const areas = await listAgainstBare(`${baseUrl}/api/delivery-areas`, 'GET /api/delivery-areas', tmpDir);
  figures.push(
    {
      name: 'Delivery areas for figure 4',
      value: `${(JSON.parse(new TextDecoder().decode(areas.body)) as unknown[]).length} areas, ${kib(areas.body.length)} JSON`,
      budget: 'report',
      pass: null,
    },
    ...areas.figures,
  );

  // Figure 6: one product changes; a client holding `version` refreshes.
  const fullBytes = await wireBytes(await fetch(url));
  const [product] = JSON.parse(new TextDecoder().decode(body)) as Array<{ _id: string; price: number }>;
  const edit = await fetch(`${url}/update/${product?._id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ price: (product?.price ?? 10) + 1 }),
  });
  if (!edit.ok) throw new Error(`changing a product failed: ${edit.status} ${await edit.text()}`);
  const etagRefresh = await wireBytes(await fetch(url, { headers: { 'If-None-Match': etag } }));
  const delta = await fetch(`${url}?since=${version}`);
  const deltaBody = (await delta.clone().json()) as { changed: unknown[] };
  const deltaBytes = await wireBytes(delta);
  const ratio = deltaBytes / fullBytes;
  figures.push({
    name: 'Sync: refresh after 1 of 1,000 products changed (delta vs full fetch)',
    value: `${deltaBytes} B vs ${fullBytes} B (${pct(ratio)}); ETag alone: ${etagRefresh} B`,
    budget: '≤ 2% of a full fetch',
    pass: ratio <= 0.02 && deltaBody.changed.length === 1,
  });
  return figures;
}
