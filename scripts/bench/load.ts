/**
 * Load runs with autocannon (bench/README.md §4, §5, §7): a short warm-up, then the measured
 * run; and the bare `node:http` reference server each API figure is compared with.
 */
import autocannon from 'autocannon';
import { startChild, type Child } from '../lib/child';
import { freePort, waitForHttp } from '../lib/ports';

/**
 * One measured run: mean requests/s, latency p50/p99 (ms), answers outside 2xx (less the
 * expected status), connection errors and timeouts, the 2xx answers counted (`ok`), and the
 * answers by status code (`statuses`, so a figure's data shows what failed).
 */
export type LoadResult = {
  rps: number;
  p99: number;
  p50: number;
  non2xx: number;
  errors: number;
  ok: number;
  statuses: Record<string, number>;
};

export type LoadOptions = {
  url: string;
  connections: number;
  durationS: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Called for every request to set its headers/body (e.g. a new Idempotency-Key). */
  setupRequest?: (request: { headers?: Record<string, string>; body?: string }) => {
    headers?: Record<string, string>;
    body?: string;
  };
  /** Status codes that count as success besides 2xx (e.g. 304). */
  expectStatus?: number;
  /** Seconds of warm-up before the measured run (default 2). */
  warmupS?: number;
};

async function once(options: LoadOptions, durationS: number): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    method: options.method ?? 'GET',
    headers: options.headers,
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest as never }] : undefined,
  });
  const expected = options.expectStatus
    ? (result.statusCodeStats?.[String(options.expectStatus) as '200']?.count ?? 0)
    : 0;
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    non2xx: result.non2xx - expected,
    errors: result.errors + result.timeouts,
    ok: result['2xx'],
    statuses: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat?.count ?? 0]),
    ),
  };
}

/** Warms up for `warmupS` (default 2 s), then measures for `durationS`. @returns the measured run. */
export async function load(options: LoadOptions): Promise<LoadResult> {
  return (await loadWithWarmup(options)).measured;
}

/** As {@link load}, also returning the warm-up's own result (e.g. to count the writes it made). */
export async function loadWithWarmup(options: LoadOptions): Promise<{ warmup: LoadResult; measured: LoadResult }> {
  const warmup = await once(options, options.warmupS ?? 2);
  return { warmup, measured: await once(options, options.durationS) };
}

/**
 * Starts scripts/bench/bare-server.ts in its own process (like the API server) answering every
 * GET with `bodyFile`'s bytes and the API's `headers`, or 304 when If-None-Match matches their ETag.
 */
export async function startBareServer(
  bodyFile: string,
  headers: Array<[string, string]>,
): Promise<{ url: string; child: Child }> {
  const port = await freePort();
  const child = startChild('bare server', process.execPath, ['--import', 'tsx', 'scripts/bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port), BODY_FILE: bodyFile, HEADERS: JSON.stringify(headers) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/api/products`;
  await waitForHttp(url, child.alive);
  return { url, child };
}
