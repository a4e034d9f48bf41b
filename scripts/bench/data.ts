/**
 * Figure 12 (bench/README.md §12): what a first visit costs a shopper in data and CPU.
 * For `/` and `/Shop` at 390×844 on a fresh browser profile, each the median of 3 runs:
 * - the bytes on the wire until the page is interactive and until its service worker is installed
 *   and the network idle: until interactive, the page's responses as Chromium reports them (CDP
 *   `encodedDataLength`, through Playwright, which listens on the worker's target too); in all,
 *   what the browser's sockets to the shop received (its NetLog), which also has what the browser
 *   fetches itself (the worker's script); the responses give the breakdown by kind;
 * - the same with `Save-Data: on`;
 * - the bytes of a return visit that browses `/Shop` with the worker warm (report);
 * - the longest main-thread task from navigation until the page is interactive at 4× CPU, in
 *   English and in Bangla.
 * - Lighthouse on a cheap phone (`lighthouse.ts`, CHEAP_PHONE).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page, type Request } from 'playwright-core';
import { chromiumArgs } from '../lib/chromium';
import {
  KINDS,
  largest,
  longestTask,
  medianBy,
  medianLongestTask,
  netLogBytesReceived,
  wireTotal,
  type LongestTask,
  type NetLog,
  type Transfer,
  type WireTotal,
} from './data-stats';
import { INTERACTIVE_MARK, markInteractive } from './first-load';
import { CHEAP_PHONE, measureLighthouse } from './lighthouse';
import { kib, median, ms, type Figure } from './report';

const RUNS = 3;
const PATHS = ['/', '/Shop'] as const;
/** A common phone's viewport (CSS px, device pixel ratio 1: the shop's pictures have no srcset). */
const VIEWPORT = { width: 390, height: 844 };
/** Budgets (bench/README.md §12, DESIGN.md §5 Data): a first visit's bytes with the worker's install, in bytes; the longest task, in ms. */
const BUDGET = { firstVisit: 350 * 1024, saveData: 200 * 1024, longestTaskMs: 50 } as const;
/** The network counts as idle after this long (ms) with no request of the page or its worker in flight. */
const QUIET_MS = 1000;
/** A visit that has not settled after this long (ms) fails with what it waited for. */
const TIMEOUT_MS = 90_000;
/** The attribute main.tsx sets on `<html>` once the hydrated (or rendered) tree's effects ran. */
const INTERACTIVE = 'html[data-interactive]';
/** Beyond this gap (share of the NetLog's count) between it and the summed responses, the figure says so. */
const NETLOG_TOLERANCE = 0.02;

/** The requests of a context, page's and service worker's, as they finish. */
type Recorder = {
  /** One promise per finished request, in the order they finished; none rejects. */
  finished: Promise<Transfer & { status: number; bodyBytes: number }>[];
  /** Requests started and not yet finished or failed. */
  inFlight: () => number;
  failed: string[];
  /** The service worker scripts registered during the visit (their URLs). */
  workerScripts: Set<string>;
  /** Stops recording: requests that finish afterwards (while the browser closes) are not read. */
  stop: () => void;
};

function record(context: BrowserContext): Recorder {
  let inFlight = 0;
  let stopped = false;
  const recorder: Recorder = {
    finished: [],
    inFlight: () => inFlight,
    failed: [],
    workerScripts: new Set(),
    stop: () => void (stopped = true),
  };
  context.on('serviceworker', (worker) => recorder.workerScripts.add(worker.url()));
  context.on('request', () => (inFlight += 1));
  context.on('requestfailed', (request) => {
    inFlight -= 1;
    if (!stopped) recorder.failed.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`);
  });
  context.on('requestfinished', (request: Request) => {
    inFlight -= 1;
    if (stopped) return;
    const read = async () => {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      return {
        url: request.url(),
        bytes: sizes.responseHeadersSize + sizes.responseBodySize,
        bodyBytes: sizes.responseBodySize,
        status: response?.status() ?? 0,
        worker: request.serviceWorker() !== null,
        fromServiceWorker: response?.fromServiceWorker() ?? false,
      };
    };
    recorder.finished.push(
      read().catch((error: unknown) => {
        // Its sizes could not be read (the browser went away first): counted as failed, no bytes.
        recorder.failed.push(`${request.url()} (sizes: ${error instanceof Error ? error.message : String(error)})`);
        return { url: request.url(), bytes: 0, bodyBytes: 0, status: 0, worker: false, fromServiceWorker: false };
      }),
    );
  });
  return recorder;
}

/**
 * Resolves once the page's service worker is active (`navigator.serviceWorker.ready`: its install,
 * the precache included, is done). @throws after TIMEOUT_MS, saying so.
 */
async function workerReady(page: Page): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      page.evaluate(async () => void (await navigator.serviceWorker.ready)),
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the service worker was not ready within ${TIMEOUT_MS} ms`)),
          TIMEOUT_MS,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves once no request has been in flight for QUIET_MS. @throws after TIMEOUT_MS. */
async function quiet(recorder: Recorder): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    if (Date.now() > deadline) throw new Error(`the network did not go quiet within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (recorder.inFlight() > 0) quietSince = Date.now();
  }
}

/**
 * The encoded (as sent) body bytes of `url` fetched with `headers`. Chromium reports the service
 * worker's main script, which the browser itself fetches, with its headers alone (CDP
 * `encodedDataLength` of the headers; the NetLog shows the body arrived): this fetches it again
 * as the browser did to count the body. node:http does not decompress.
 */
function encodedBodyBytes(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The transfers of `recorder` with the worker scripts' missing bodies added (encodedBodyBytes). */
async function transfersOf(recorder: Recorder, headers: Record<string, string>): Promise<Transfer[]> {
  const transfers = await Promise.all(recorder.finished);
  return Promise.all(
    transfers.map(async ({ status, bodyBytes, ...transfer }) =>
      transfer.worker && recorder.workerScripts.has(transfer.url) && status === 200 && bodyBytes === 0
        ? { ...transfer, bytes: transfer.bytes + (await encodedBodyBytes(transfer.url, headers)) }
        : transfer,
    ),
  );
}

/** A browser on a profile of its own (`profileDir`), logging its network to `netLogPath`. */
function launchProfile(chromePath: string, profileDir: string, netLogPath: string, saveData: boolean) {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: chromePath,
    headless: true,
    args: [...chromiumArgs, `--log-net-log=${netLogPath}`, '--net-log-capture-mode=Default'],
    viewport: VIEWPORT,
    // Save-Data: the header on every request, the page's and the worker's (Playwright sets it on both).
    extraHTTPHeaders: saveData ? { 'Save-Data': 'on' } : {},
  });
}

/**
 * Bytes of one first visit: the responses until interactive and until the worker is installed and
 * idle, and the NetLog's count of the whole visit (`socketBytes`).
 */
export type FirstVisit = {
  interactive: WireTotal;
  /**
   * With Save-Data: the responses once the page is idle after a look with no tap or key (the
   * worker's install waits for one: pwa/src/features/offline/register-worker.ts).
   */
  looked?: WireTotal;
  installed: WireTotal;
  socketBytes: number;
  failed: string[];
  /** The visit's 15 largest responses (results.json: where the bytes went). */
  largest: ReturnType<typeof largest>;
};

/** The bytes the sockets to `url`'s host received, from the NetLog at `path`. */
const socketBytes = (path: string, url: string) =>
  netLogBytesReceived(JSON.parse(readFileSync(path, 'utf8')) as NetLog, new URL(url).host);

/**
 * A first visit to `url` on a fresh profile: waits until the page marks itself interactive, then
 * for `navigator.serviceWorker.ready` (its install, the precache included, is done) and QUIET_MS
 * with nothing in flight. With `saveData`, every request says `Save-Data: on` and the page's
 * `navigator.connection.saveData` is true (CDP Emulation.setDataSaverOverride); the page is left
 * alone until the network is quiet (`looked`), then a key press asks for the worker.
 */
async function firstVisit(chromePath: string, url: string, saveData: boolean): Promise<FirstVisit> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-data-'));
  const netLog = join(dir, 'netlog.json');
  try {
    const context = await launchProfile(chromePath, join(dir, 'profile'), netLog, saveData);
    let closed = false;
    try {
      const recorder = record(context);
      let atInteractive: number | undefined;
      await context.exposeBinding('benchInteractive', () => void (atInteractive ??= recorder.finished.length));
      await context.addInitScript(markInteractive, 'benchInteractive');
      const page = context.pages()[0] ?? (await context.newPage());
      if (saveData)
        await (await context.newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
      let headers: Record<string, string> = {};
      page.once('request', (request) => void request.allHeaders().then((all) => (headers = all)));
      await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      await page.waitForSelector(INTERACTIVE, { state: 'attached', timeout: TIMEOUT_MS });
      const cut = atInteractive ?? recorder.finished.length;
      let lookCut: number | undefined;
      if (saveData) {
        // The page's registering code in (it waits for a tap), then nothing in flight.
        await page.waitForFunction(
          () => performance.getEntriesByType('resource').some((entry) => entry.name.includes('/register-worker-')),
          undefined,
          { timeout: TIMEOUT_MS },
        );
        await quiet(recorder);
        lookCut = recorder.finished.length;
        await page.keyboard.press('Shift');
      }
      await workerReady(page);
      await quiet(recorder);
      recorder.stop();
      const accept = { 'accept-encoding': headers['accept-encoding'] ?? 'gzip, deflate, br' };
      const transfers = await transfersOf(recorder, saveData ? { ...accept, 'save-data': 'on' } : accept);
      await context.close();
      closed = true;
      return {
        interactive: wireTotal(transfers.slice(0, cut)),
        ...(lookCut === undefined ? {} : { looked: wireTotal(transfers.slice(0, lookCut)) }),
        installed: wireTotal(transfers),
        largest: largest(transfers, 15),
        socketBytes: socketBytes(netLog, url),
        failed: recorder.failed,
      };
    } finally {
      if (!closed) await context.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Bytes of a return visit: the browse, whether the worker controlled it, and the NetLog's count. */
export type ReturnVisit = { browse: WireTotal; controlled: boolean; socketBytes: number; failed: string[] };

/**
 * A return visit to `/Shop` of `baseUrl`: a first visit to `/Shop` on a fresh profile until its
 * worker is installed and idle, the browser closed; then the browser started again on that
 * profile, `/Shop` opened, scrolled to its end a screen at a time (every card seen), and QUIET_MS
 * with nothing in flight. Counts the second browser's bytes.
 */
async function returnVisit(chromePath: string, baseUrl: string): Promise<ReturnVisit> {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-data-'));
  const url = new URL('/Shop', baseUrl).toString();
  try {
    const first = await launchProfile(chromePath, join(dir, 'profile'), join(dir, 'first.json'), false);
    try {
      const firstRecorder = record(first);
      const page = first.pages()[0] ?? (await first.newPage());
      await page.goto(url, { timeout: TIMEOUT_MS });
      await page.waitForSelector(INTERACTIVE, { state: 'attached', timeout: TIMEOUT_MS });
      await workerReady(page);
      await quiet(firstRecorder);
      firstRecorder.stop();
    } finally {
      await first.close();
    }
    const netLog = join(dir, 'return.json');
    const context = await launchProfile(chromePath, join(dir, 'profile'), netLog, false);
    let closed = false;
    try {
      const recorder = record(context);
      const page = context.pages()[0] ?? (await context.newPage());
      let headers: Record<string, string> = {};
      page.once('request', (request) => void request.allHeaders().then((all) => (headers = all)));
      await page.goto(url, { timeout: TIMEOUT_MS });
      await page.waitForSelector(INTERACTIVE, { state: 'attached', timeout: TIMEOUT_MS });
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      // A screen at a time, so pictures that load as they come into view do.
      for (let y = 0; ; y += VIEWPORT.height) {
        const height = await page.evaluate((to) => {
          window.scrollTo(0, to);
          return document.documentElement.scrollHeight;
        }, y);
        await page.waitForTimeout(200);
        if (y + VIEWPORT.height >= height) break;
      }
      await quiet(recorder);
      recorder.stop();
      const transfers = await transfersOf(recorder, {
        'accept-encoding': headers['accept-encoding'] ?? 'gzip, deflate, br',
      });
      await context.close();
      closed = true;
      return {
        browse: wireTotal(transfers),
        controlled,
        socketBytes: socketBytes(netLog, url),
        failed: recorder.failed,
      };
    } finally {
      if (!closed) await context.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `total`'s kinds with bytes, largest first, e.g. "pictures 390.1 KiB, js 300.2 KiB". */
const breakdown = (total: WireTotal) =>
  KINDS.filter((kind) => total.byKind[kind] > 0)
    .sort((a, b) => total.byKind[b] - total.byKind[a])
    .map((kind) => `${kind} ${kib(total.byKind[kind])}`)
    .join(', ');

/** What the figure says when the summed responses and the NetLog's count differ by more than NETLOG_TOLERANCE. */
const netLogNote = (summed: number, socketBytes: number) =>
  Math.abs(socketBytes - summed) > socketBytes * NETLOG_TOLERANCE
    ? `; responses as Chromium reports them: ${kib(summed)}`
    : '';

/** Figures of the first visits to `/` and `/Shop` of `baseUrl`, with or without Save-Data. */
async function measureFirstVisits(chromePath: string, baseUrl: string, saveData: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  const budget = saveData ? BUDGET.saveData : BUDGET.firstVisit;
  for (const path of PATHS) {
    const runs: FirstVisit[] = [];
    for (let i = 0; i < RUNS; i += 1)
      runs.push(await firstVisit(chromePath, new URL(path, baseUrl).toString(), saveData));
    const total = median(runs.map((run) => run.socketBytes));
    const interactive = median(runs.map((run) => run.interactive.bytes));
    const middle = medianBy(runs, (run) => run.socketBytes);
    const failed = [...new Set(runs.flatMap((run) => run.failed))];
    const looked = median(runs.map((run) => run.looked?.bytes ?? run.socketBytes));
    const lookedPart = saveData ? `${kib(looked)} after a look with no tap / ` : '';
    figures.push({
      name: saveData
        ? `Data: first visit to ${path} with Save-Data: on, until interactive / idle after a look (the worker waits for a tap) / once a tap installed the worker (390×844, median of ${RUNS})`
        : `Data: first visit to ${path}, until interactive / until the service worker is installed and idle (390×844, median of ${RUNS})`,
      value:
        `${kib(interactive)} / ${lookedPart}${kib(total)} in ${middle.installed.requests} requests ` +
        `(${breakdown(middle.installed)}${netLogNote(middle.installed.bytes, middle.socketBytes)}` +
        `${failed.length ? `; ${failed.length} failed` : ''})`,
      budget: saveData ? `after a look ≤ ${kib(budget)}` : `total ≤ ${kib(budget)}`,
      pass: (saveData ? looked : total) <= budget,
      data: { saveData, runs },
    });
  }
  return figures;
}

/** The figure of the return visit browsing `/Shop` (report). */
async function measureReturnVisit(chromePath: string, baseUrl: string): Promise<Figure[]> {
  const runs: ReturnVisit[] = [];
  for (let i = 0; i < RUNS; i += 1) runs.push(await returnVisit(chromePath, baseUrl));
  const bytes = median(runs.map((run) => run.socketBytes));
  const middle = medianBy(runs, (run) => run.socketBytes);
  const uncontrolled = runs.filter((run) => !run.controlled).length;
  return [
    {
      name: `Data: return visit browsing /Shop to its end with the service worker warm (390×844, median of ${RUNS})`,
      value:
        // The rest of the NetLog's count is what the browser fetched itself: the worker script's
        // update check, a navigation it revalidated.
        `${kib(bytes)}, of which the page's and the worker's responses ${kib(middle.browse.bytes)} in ` +
        `${middle.browse.requests} requests${middle.browse.requests ? ` (${breakdown(middle.browse)})` : ''}` +
        `${uncontrolled ? `; ${uncontrolled} of ${RUNS} runs not controlled by the worker` : ''}`,
      budget: 'report',
      pass: null,
      data: { runs },
    },
  ];
}

/**
 * The longest main-thread task of one first visit to `url` (fresh context of `browser`, the
 * browser's language `locale`) at 4× CPU (CDP Emulation.setCPUThrottlingRate), from navigation
 * until the page marks itself interactive, read from a Chromium trace; with the `lang` the page
 * rendered in.
 */
async function hydrationTask(browser: Browser, url: string, locale: string): Promise<LongestTask & { lang: string }> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale });
  try {
    await context.addInitScript(markInteractive, undefined);
    const page = await context.newPage();
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'],
    });
    let trace: Buffer;
    try {
      await page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT_MS });
      await page.waitForSelector(INTERACTIVE, { state: 'attached', timeout: TIMEOUT_MS });
    } finally {
      trace = await browser.stopTracing();
    }
    const lang = await page.evaluate(() => document.documentElement.lang);
    const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: Parameters<typeof longestTask>[0] })
      .traceEvents;
    return { ...longestTask(events, INTERACTIVE_MARK), lang };
  } finally {
    await context.close();
  }
}

/** The languages of the longest-task figures: the browser's language and the `lang` the page must render. */
const LANGUAGES = [
  { locale: 'en-US', lang: 'en', suffix: '' },
  { locale: 'bn', lang: 'bn', suffix: ' in Bangla' },
] as const;

/** The longest task until interactive at 4× CPU on `/` and `/Shop`, in English and in Bangla, in a browser of its own. */
export async function measureHydrationTasks(chromePath: string, baseUrl: string): Promise<Figure[]> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
  const figures: Figure[] = [];
  try {
    for (const { locale, lang, suffix } of LANGUAGES) {
      for (const path of PATHS) {
        const runs = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await hydrationTask(browser, new URL(path, baseUrl).toString(), locale));
        const task = medianLongestTask(runs);
        const wrong = runs.filter((run) => run.lang !== lang).map((run) => run.lang);
        figures.push({
          name: `Longest main-thread task until ${path}${suffix} is interactive, 4× CPU (median of ${RUNS})`,
          value:
            `${ms(task.ms)} at ${ms(task.atMs)}: ${task.what}; ${task.over50} of ${task.tasks} tasks over 50 ms in ${ms(task.windowMs)}` +
            `${wrong.length ? ` (rendered lang="${wrong.join('", "')}", not "${lang}")` : ''}`,
          budget: `≤ ${BUDGET.longestTaskMs} ms`,
          pass: task.ms <= BUDGET.longestTaskMs && wrong.length === 0,
          data: { lang, runs },
        });
      }
    }
  } finally {
    await browser.close();
  }
  return figures;
}

/** Figure 12's bytes: the first visits, with and without Save-Data, and the return visit. */
export async function measureDataBytes(chromePath: string, baseUrl: string): Promise<Figure[]> {
  return [
    ...(await measureFirstVisits(chromePath, baseUrl, false)),
    ...(await measureFirstVisits(chromePath, baseUrl, true)),
    ...(await measureReturnVisit(chromePath, baseUrl)),
  ];
}

/** All of figure 12: the bytes, the longest task until interactive, Lighthouse on the cheap phone. */
export async function measureData(chromePath: string, baseUrl: string): Promise<Figure[]> {
  return [
    ...(await measureDataBytes(chromePath, baseUrl)),
    ...(await measureHydrationTasks(chromePath, baseUrl)),
    ...(await measureLighthouse(chromePath, baseUrl, CHEAP_PHONE)),
  ];
}
