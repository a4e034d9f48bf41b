/**
 * Pure computations for figure 12 (bench/README.md §12): the bytes a visit moved over
 * the wire, summed from its responses and broken down by kind; the bytes a Chromium NetLog says
 * the browser's sockets to the shop received (the total); and the longest main-thread task of a
 * Chromium trace between the page's navigation and a mark.
 */
import { median } from './report';

/** What a response carried, for the breakdown of a visit's bytes. */
export type Kind = 'html' | 'js' | 'css' | 'json' | 'pictures' | 'other';
export const KINDS: readonly Kind[] = ['html', 'js', 'css', 'json', 'pictures', 'other'];

/** One finished request of a visit, as the browser reported it. */
export type Transfer = {
  url: string;
  /** Bytes on the wire: response headers and body as received (compressed), CDP `encodedDataLength`. */
  bytes: number;
  /** True when the service worker made the request (its install's precache, its runtime fetches). */
  worker: boolean;
  /** True when the worker answered the page's request: what it fetched counts as its own request. */
  fromServiceWorker: boolean;
};

/** Bytes (and requests) of a visit: the total and by kind. */
export type WireTotal = { bytes: number; requests: number; byKind: Record<Kind, number> };

/**
 * The kind of a response by its URL: `/api/` answers are JSON, files by their extension, a path
 * without one (a page's route) or `.html` is HTML; the web app manifest and anything else, other.
 */
export function kindOf(url: string): Kind {
  const { pathname } = new URL(url, 'http://localhost');
  if (pathname.startsWith('/api/')) return 'json';
  const extension = /\.([a-z0-9]+)$/i.exec(pathname)?.[1]?.toLowerCase();
  if (extension === undefined || extension === 'html') return 'html';
  if (extension === 'js' || extension === 'mjs') return 'js';
  if (extension === 'css') return 'css';
  if (extension === 'json') return 'json';
  if (['webp', 'avif', 'png', 'jpg', 'jpeg', 'gif', 'svg', 'ico'].includes(extension)) return 'pictures';
  return 'other';
}

/**
 * Sums the bytes of `transfers`, leaving out the page's requests the service worker answered
 * (no bytes of their own on the wire: the worker's fetch for them, if any, is in the list as the
 * worker's request), in total and by kind.
 */
export function wireTotal(transfers: readonly Transfer[]): WireTotal {
  const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<Kind, number>;
  let bytes = 0;
  let requests = 0;
  for (const transfer of transfers) {
    if (transfer.fromServiceWorker) continue;
    bytes += transfer.bytes;
    requests += 1;
    byKind[kindOf(transfer.url)] += transfer.bytes;
  }
  return { bytes, requests, byKind };
}

/**
 * The `count` largest of `transfers` on the wire (those the service worker answered left out), by
 * URL path and worker or page, largest first: where a visit's bytes went, for results.json.
 */
export function largest(
  transfers: readonly Transfer[],
  count: number,
): { path: string; by: 'page' | 'worker'; bytes: number }[] {
  return transfers
    .filter((transfer) => !transfer.fromServiceWorker)
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count)
    .map((transfer) => ({
      path: new URL(transfer.url, 'http://localhost').pathname,
      by: transfer.worker ? 'worker' : 'page',
      bytes: transfer.bytes,
    }));
}

/**
 * The median of runs by `key` (bytes): the run whose `key` is the median (for an even count the
 * lower of the middle two), so the figure shows one real run's breakdown beside the median.
 * @throws when `runs` is empty.
 */
export function medianBy<T>(runs: readonly T[], key: (run: T) => number): T {
  if (runs.length === 0) throw new Error('medianBy: no runs');
  const sorted = [...runs].sort((a, b) => key(a) - key(b));
  return sorted[Math.floor((sorted.length - 1) / 2)] as T;
}

/** The parts of a Chromium NetLog (`--log-net-log`, capture mode Default) read here. */
export type NetLog = {
  constants: { logEventTypes: Record<string, number> };
  events: {
    type: number;
    source: { id: number };
    params?: { byte_count?: number; remote_address?: string };
  }[];
};

/**
 * Every byte the browser's sockets connected to `address` (host:port, e.g. "127.0.0.1:8080")
 * received in `log` (`SOCKET_BYTES_RECEIVED`: headers and bodies as sent, before decompression),
 * whoever asked: the page, the service worker, or the browser itself (the worker's script and its
 * update check, a navigation it revalidates). Sockets to other hosts (the browser's own services)
 * do not count.
 */
export function netLogBytesReceived(log: NetLog, address: string): number {
  const { TCP_CONNECT: connect, SOCKET_BYTES_RECEIVED: received } = log.constants.logEventTypes;
  const sockets = new Set(
    log.events
      .filter((event) => event.type === connect && event.params?.remote_address === address)
      .map((event) => event.source.id),
  );
  return log.events.reduce(
    (sum, event) =>
      event.type === received && sockets.has(event.source.id) ? sum + (event.params?.byte_count ?? 0) : sum,
    0,
  );
}

/** A Chromium trace event (the Trace Event Format), the fields read here; times in µs. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: {
    data?: { url?: string; functionName?: string; documentLoaderURL?: string };
    beginData?: { url?: string };
    animation_frame_script_timing_info?: {
      invoker_type?: string;
      source_location_url?: string;
      source_location_function_name?: string;
      property_like_name?: string;
    };
  };
};

/** The longest task in a window of a trace. */
export type LongestTask = {
  /** How long the longest task ran, in ms. */
  ms: number;
  /** When it started, in ms after the navigation's start. */
  atMs: number;
  /** What took most of it: its heaviest top-level event, and the scripts it ran (path, function). */
  what: string;
  /** From the navigation's start to the mark, in ms. */
  windowMs: number;
  /** How many tasks ran in the window, and how many of them over 50 ms. */
  tasks: number;
  over50: number;
};

/** `events`' complete events, begin/end pairs (`B`/`E`) joined into one `X` event each. */
function completeEvents(events: readonly TraceEvent[]): TraceEvent[] {
  const complete: TraceEvent[] = [];
  const open = new Map<string, TraceEvent[]>();
  for (const event of [...events].sort((a, b) => a.ts - b.ts)) {
    const thread = `${event.pid}:${event.tid}`;
    if (event.ph === 'X') complete.push(event);
    else if (event.ph === 'B') open.set(thread, [...(open.get(thread) ?? []), event]);
    else if (event.ph === 'E') {
      const begin = open.get(thread)?.pop();
      if (begin) complete.push({ ...begin, ph: 'X', dur: event.ts - begin.ts });
    }
  }
  return complete;
}

/** `url`'s path and file name, or the whole string when it is not a URL. */
const shortUrl = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * The longest main-thread task (`RunTask`) of the page in `events`, from the page's navigation to
 * the user-timing mark `mark` (set by the page once it is interactive): the thread is the mark's,
 * the start its last `navigationStart` of an http(s) document before the mark (the renderer also
 * starts empty documents: the blank one before the page commits, blank frames), and every task
 * that started in that window counts (the one the mark was set in included).
 * @throws when the mark or the navigation's start is not in the trace.
 */
export function longestTask(events: readonly TraceEvent[], mark: string): LongestTask {
  const end = events.find((event) => event.name === mark);
  if (!end) throw new Error(`longestTask: no "${mark}" mark in the trace`);
  const onThread = events.filter((event) => event.pid === end.pid && event.tid === end.tid);
  const start = onThread
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        event.ts <= end.ts &&
        /^https?:/.test(event.args?.data?.documentLoaderURL ?? ''),
    )
    .reduce<TraceEvent | undefined>((last, event) => (last && last.ts > event.ts ? last : event), undefined);
  if (!start) throw new Error('longestTask: no navigationStart before the mark');
  const complete = completeEvents(onThread);
  const tasks = complete.filter((event) => event.name === 'RunTask' && event.ts >= start.ts && event.ts <= end.ts);
  const longest = tasks.reduce<TraceEvent | undefined>(
    (max, task) => (max && (max.dur ?? 0) >= (task.dur ?? 0) ? max : task),
    undefined,
  );
  const windowMs = (end.ts - start.ts) / 1000;
  const over50 = tasks.filter((task) => (task.dur ?? 0) > 50_000).length;
  if (!longest) return { ms: 0, atMs: 0, what: 'no task', windowMs, tasks: 0, over50 };
  const taskEnd = longest.ts + (longest.dur ?? 0);
  const inside = complete.filter(
    (event) => event !== longest && event.ts >= longest.ts && event.ts + (event.dur ?? 0) <= taskEnd,
  );
  // The task's top-level events: those not inside another event of the task.
  const top = inside.filter(
    (event) =>
      !inside.some(
        (other) =>
          other !== event &&
          other.ts <= event.ts &&
          other.ts + (other.dur ?? 0) >= event.ts + (event.dur ?? 0) &&
          (other.dur ?? 0) > (event.dur ?? 0),
      ),
  );
  const heaviest = top.reduce<TraceEvent | undefined>(
    (max, event) => (max && (max.dur ?? 0) >= (event.dur ?? 0) ? max : event),
    undefined,
  );
  const source = heaviest?.args?.data?.url || heaviest?.args?.beginData?.url || heaviest?.args?.data?.functionName;
  // The scripts the task ran, as Chromium's long-animation-frame timing names them (script, function).
  const scripts = [
    ...new Set(
      onThread
        .filter((event) => event.ph === 'b' && event.ts >= longest.ts && event.ts <= taskEnd)
        .map((event) => event.args?.animation_frame_script_timing_info)
        .filter((info) => info?.source_location_url)
        .map((info) =>
          [
            shortUrl(info?.source_location_url ?? ''),
            info?.source_location_function_name || info?.property_like_name || info?.invoker_type,
          ]
            .filter(Boolean)
            .join(' '),
        ),
    ),
  ];
  const label = heaviest ? `${heaviest.name}${source ? ` ${shortUrl(source)}` : ''}` : 'RunTask';
  return {
    ms: (longest.dur ?? 0) / 1000,
    atMs: (longest.ts - start.ts) / 1000,
    what: scripts.length ? `${label} (${scripts.slice(0, 3).join('; ')})` : label,
    windowMs,
    tasks: tasks.length,
    over50,
  };
}

/** The median of each number of `runs`' longest tasks, `what` from the run of the median length. */
export function medianLongestTask(runs: readonly LongestTask[]): LongestTask {
  const middle = medianBy(runs, (run) => run.ms);
  return {
    ms: median(runs.map((run) => run.ms)),
    atMs: middle.atMs,
    what: middle.what,
    windowMs: median(runs.map((run) => run.windowMs)),
    tasks: median(runs.map((run) => run.tasks)),
    over50: median(runs.map((run) => run.over50)),
  };
}
