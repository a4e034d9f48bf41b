/** Figure 12's computations: a visit's bytes by kind, the NetLog's count, the longest task of a trace. */
import { describe, expect, it } from 'vitest';
import {
  kindOf,
  largest,
  longestTask,
  medianBy,
  medianLongestTask,
  netLogBytesReceived,
  wireTotal,
  type NetLog,
  type TraceEvent,
} from './data-stats';

describe('kindOf', () => {
  it('tells pages, scripts, styles, JSON, pictures and the rest apart by URL', () => {
    expect(kindOf('http://127.0.0.1:5000/')).toBe('html');
    expect(kindOf('http://127.0.0.1:5000/Shop')).toBe('html');
    expect(kindOf('http://127.0.0.1:5000/index.html')).toBe('html');
    expect(kindOf('http://127.0.0.1:5000/assets/index-Duu8b3oU.js')).toBe('js');
    expect(kindOf('http://127.0.0.1:5000/sw.js')).toBe('js');
    expect(kindOf('http://127.0.0.1:5000/assets/index-BbpHdlN_.css')).toBe('css');
    expect(kindOf('http://127.0.0.1:5000/api/products?since=53')).toBe('json');
    expect(kindOf('http://127.0.0.1:5000/products/small/carrot.webp')).toBe('pictures');
    expect(kindOf('http://127.0.0.1:5000/icons/icon.svg')).toBe('pictures');
    expect(kindOf('http://127.0.0.1:5000/manifest.webmanifest')).toBe('other');
  });
});

describe('wireTotal', () => {
  it('sums the bytes by kind, leaving out what the service worker answered', () => {
    const total = wireTotal([
      { url: 'http://h/', bytes: 14_900, worker: false, fromServiceWorker: false },
      { url: 'http://h/assets/index.js', bytes: 108_506, worker: false, fromServiceWorker: false },
      { url: 'http://h/assets/index.js', bytes: 0, worker: true, fromServiceWorker: false },
      { url: 'http://h/products/carrot.webp', bytes: 6674, worker: true, fromServiceWorker: false },
      // The page's request the worker answered from its fetch above: no bytes of its own.
      { url: 'http://h/products/carrot.webp', bytes: 1388, worker: false, fromServiceWorker: true },
    ]);
    expect(total).toEqual({
      bytes: 130_080,
      requests: 4,
      byKind: { html: 14_900, js: 108_506, css: 0, json: 0, pictures: 6674, other: 0 },
    });
  });
});

describe('largest', () => {
  it('lists the largest responses first, by path and who asked, without what the worker answered', () => {
    const transfers = [
      { url: 'http://h/', bytes: 14_900, worker: false, fromServiceWorker: false },
      { url: 'http://h/assets/index.js?v=1', bytes: 108_506, worker: false, fromServiceWorker: false },
      { url: 'http://h/products/carrot.webp', bytes: 6674, worker: true, fromServiceWorker: false },
      { url: 'http://h/assets/dashboard.js', bytes: 200_000, worker: false, fromServiceWorker: true },
    ];
    expect(largest(transfers, 2)).toEqual([
      { path: '/assets/index.js', by: 'page', bytes: 108_506 },
      { path: '/', by: 'page', bytes: 14_900 },
    ]);
  });
});

describe('medianBy', () => {
  it('takes the run whose key is the median, the lower middle one for an even count', () => {
    const runs = [{ bytes: 900 }, { bytes: 700 }, { bytes: 800 }];
    expect(medianBy(runs, (run) => run.bytes)).toBe(runs[2]);
    expect(medianBy(runs.slice(0, 2), (run) => run.bytes)).toBe(runs[1]);
  });

  it('refuses no runs', () => {
    expect(() => medianBy([], () => 0)).toThrow(/no runs/);
  });
});

describe('netLogBytesReceived', () => {
  it("sums the bytes received by the sockets to the shop's address only", () => {
    const log: NetLog = {
      constants: { logEventTypes: { TCP_CONNECT: 1, SOCKET_BYTES_RECEIVED: 2, URL_REQUEST_START_JOB: 3 } },
      events: [
        { type: 1, source: { id: 10 }, params: { remote_address: '127.0.0.1:5000' } },
        { type: 2, source: { id: 10 }, params: { byte_count: 1358 } },
        { type: 2, source: { id: 10 }, params: { byte_count: 720 } },
        { type: 1, source: { id: 11 }, params: { remote_address: '127.0.0.1:5000' } },
        { type: 2, source: { id: 11 }, params: { byte_count: 42_647 } },
        // The browser's own services: another host.
        { type: 1, source: { id: 12 }, params: { remote_address: '142.250.0.1:443' } },
        { type: 2, source: { id: 12 }, params: { byte_count: 5000 } },
        { type: 3, source: { id: 13 } },
      ],
    };
    expect(netLogBytesReceived(log, '127.0.0.1:5000')).toBe(44_725);
  });
});

/** A trace of the page's main thread (pid 1, tid 1) and another thread; times in µs. */
const mainThread = (event: Omit<TraceEvent, 'pid' | 'tid'>): TraceEvent => ({ pid: 1, tid: 1, ...event });
const trace: TraceEvent[] = [
  // A task before the navigation, and a blank document's navigation after it: neither counts.
  mainThread({ name: 'RunTask', ph: 'X', ts: 0, dur: 900_000 }),
  mainThread({
    name: 'navigationStart',
    ph: 'R',
    ts: 1_000_000,
    args: { data: { documentLoaderURL: 'http://h/' } },
  }),
  mainThread({ name: 'navigationStart', ph: 'R', ts: 1_010_000, args: { data: { documentLoaderURL: '' } } }),
  mainThread({ name: 'RunTask', ph: 'X', ts: 1_020_000, dur: 30_000 }),
  mainThread({ name: 'ParseHTML', ph: 'B', ts: 1_021_000, args: { beginData: { url: 'http://h/' } } }),
  mainThread({ name: 'ParseHTML', ph: 'E', ts: 1_049_000 }),
  // The longest: a module's evaluation, with a nested compile.
  mainThread({ name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 120_000 }),
  mainThread({
    name: 'AnimationFrame::Script::Execute',
    ph: 'b',
    ts: 1_100_500,
    args: {
      animation_frame_script_timing_info: {
        invoker_type: 'MODULE_SCRIPT',
        source_location_url: 'http://h/assets/index-abc.js',
      },
    },
  }),
  mainThread({ name: 'v8.evaluateModule', ph: 'X', ts: 1_101_000, dur: 110_000 }),
  mainThread({ name: 'v8.compile', ph: 'X', ts: 1_102_000, dur: 20_000 }),
  mainThread({ name: 'RunTask', ph: 'X', ts: 1_300_000, dur: 60_000 }),
  mainThread({ name: 'bench:interactive', ph: 'I', ts: 1_350_000 }),
  // After the mark, and on another thread: neither counts.
  mainThread({ name: 'RunTask', ph: 'X', ts: 1_400_000, dur: 500_000 }),
  { name: 'RunTask', ph: 'X', ts: 1_100_000, dur: 700_000, pid: 1, tid: 2 },
];

describe('longestTask', () => {
  it("finds the main thread's longest task from the page's navigation to the mark, and what it ran", () => {
    expect(longestTask(trace, 'bench:interactive')).toEqual({
      ms: 120,
      atMs: 100,
      what: 'v8.evaluateModule (/assets/index-abc.js MODULE_SCRIPT)',
      windowMs: 350,
      tasks: 3,
      over50: 2,
    });
  });

  it('names a begin/end event with its page when it took most of the task', () => {
    const parsing = trace.filter((event) => event.ts < 1_100_000 || event.name === 'bench:interactive');
    expect(longestTask(parsing, 'bench:interactive')).toMatchObject({ ms: 30, what: 'ParseHTML /' });
  });

  it('refuses a trace without the mark or the navigation', () => {
    expect(() => longestTask(trace, 'bench:other')).toThrow(/no "bench:other" mark/);
    expect(() => longestTask(trace.slice(3), 'bench:interactive')).toThrow(/no navigationStart/);
  });
});

describe('medianLongestTask', () => {
  it('takes the median of each number and what ran from the run of the median length', () => {
    const run = (ms: number, what: string) => ({ ms, atMs: ms * 10, what, windowMs: 1000 + ms, tasks: 300, over50: 1 });
    expect(medianLongestTask([run(80, 'a'), run(40, 'b'), run(60, 'c')])).toEqual({
      ms: 60,
      atMs: 600,
      what: 'c',
      windowMs: 1060,
      tasks: 300,
      over50: 1,
    });
  });
});
