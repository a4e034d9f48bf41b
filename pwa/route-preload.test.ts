/** The inline preload script of pwa/route-preload.ts, run against fake page globals. */
import { describe, expect, it } from 'vitest';
import { PRERENDERED_ATTRIBUTE, preloadScript } from './route-preload';
import { EARLY_TAPS } from './src/lib/early-taps';
import { pickLocale } from './src/lib/i18n/i18n';

type Link = { rel: string; href: string; as?: string; crossOrigin?: string; fetchPriority?: string };
type Script = { type?: string; src?: string; crossOrigin?: string; fetchPriority?: string };

/**
 * A page the script runs in: its `<html>` attributes, whether the tab is hidden, whether it has
 * loaded, whether the browser reports largest-contentful-paint entries (default yes; Safari does
 * not), and whether a service worker controls it.
 */
type Page = { attributes?: string[]; hidden?: boolean; loaded?: boolean; noLcpApi?: boolean; controlled?: boolean };

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Runs the script at `path` with `stored` localStorage entries and the browser's `languages`;
 * returns what it added to `<head>` at once, and after the load event, the decoding of the eager
 * pictures, the first largest-contentful-paint entry, two frames and a task (`later`), which pictures it waited for (`decoded`), its
 * capturing click listeners (`clicks`) and the globals it set on `window`.
 */
async function run(script: string, path: string, stored: Record<string, string>, languages: string[], page: Page = {}) {
  const added: (Link | Script)[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  const onLoad: (() => void)[] = [];
  const decoded: string[] = [];
  let pictureDecoded = () => undefined as void;
  const decoding = new Promise<void>((resolve) => (pictureDecoded = resolve));
  const picture = (loading: string) => ({ loading, decode: () => decoding.then(() => void decoded.push(loading)) });
  const document = {
    createElement: () => ({}),
    head: { append: (element: Link | Script) => added.push(element) },
    documentElement: { hasAttribute: (name: string) => (page.attributes ?? []).includes(name) },
    visibilityState: page.hidden ? 'hidden' : 'visible',
    readyState: page.loaded ? 'complete' : 'interactive',
    images: [picture('eager'), picture('lazy')],
  };
  const localStorage = { getItem: (key: string) => stored[key] ?? null };
  const navigator = {
    languages,
    language: languages[0] ?? '',
    ...(page.controlled ? { serviceWorker: { controller: {} } } : {}),
  };
  const clicks = new Set<(event: unknown) => void>();
  const window: Record<string, unknown> = {};
  /** Reports the page's largest paint to the script's observer (a browser does once it is on screen). */
  let paintReported = () => undefined as void;
  class PerformanceObserver {
    static supportedEntryTypes = page.noLcpApi ? ['paint'] : ['largest-contentful-paint', 'paint'];
    constructor(private readonly callback: (list: unknown, observer: PerformanceObserver) => void) {}
    observe(options: { type: string; buffered: boolean }) {
      expect(options).toEqual({ type: 'largest-contentful-paint', buffered: true });
      paintReported = () => this.callback({}, this);
    }
    disconnect() {
      paintReported = () => undefined;
    }
  }
  new Function(
    'location',
    'localStorage',
    'navigator',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'addEventListener',
    'removeEventListener',
    'window',
    'PerformanceObserver',
    script,
  )(
    { pathname: path },
    localStorage,
    navigator,
    document,
    (callback: () => void) => frames.push(callback),
    (callback: () => void) => tasks.push(callback),
    (type: string, callback: () => void, capture?: boolean) => {
      if (type === 'load') onLoad.push(callback);
      if (type === 'click' && capture === true) clicks.add(callback);
    },
    (type: string, callback: () => void, capture?: boolean) => type === 'click' && capture && clicks.delete(callback),
    window,
    PerformanceObserver,
  );
  const atOnce = [...added];
  onLoad.splice(0).forEach((callback) => callback());
  await flush();
  // Nothing before the eager picture is decoded and painted.
  expect(frames.length + tasks.length + added.length - atOnce.length).toBe(0);
  pictureDecoded();
  await flush();
  // Nor before the browser has reported the largest paint (where it can).
  if (!page.noLcpApi) {
    expect(frames.length + tasks.length + added.length - atOnce.length).toBe(0);
    paintReported();
    await flush();
  }
  // Two frames when it waits for the paint (the first ends with it, the second starts after it), else none.
  let framesWaited = 0;
  while (frames.length > 0) {
    expect(added.length - atOnce.length).toBe(0);
    framesWaited += frames.length;
    frames.splice(0).forEach((callback) => callback());
  }
  expect([0, 2]).toContain(framesWaited);
  tasks.splice(0).forEach((callback) => callback());
  return { atOnce: atOnce as Link[], later: added.slice(atOnce.length), decoded, clicks, window };
}

const language = { locale: 'bn', file: '/assets/bn.js', storageKey: 'locale', locales: ['en', 'bn'] };
const script = preloadScript(
  { '/shop': ['/assets/shop.js', '/assets/app.js'] },
  { '/shop': { url: '/api/products', unlessStored: ['productsMirrored'] } },
  { entry: '/assets/index.js', stylesheet: '/assets/index.css' },
  language,
);

describe('route-preload script', () => {
  it("preloads the route's chunks and, on a first visit, its JSON", async () => {
    expect((await run(script, '/Shop', {}, ['en-US'])).atOnce).toEqual([
      { rel: 'modulepreload', href: '/assets/shop.js' },
      { rel: 'modulepreload', href: '/assets/app.js' },
      { rel: 'preload', href: '/api/products', as: 'fetch', crossOrigin: 'anonymous' },
    ]);
    expect((await run(script, '/Shop', { productsMirrored: '1' }, ['en-US'])).atOnce.map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
    ]);
    expect(await run(script, '/about', {}, ['en-US'])).toMatchObject({ atOnce: [], later: [], decoded: [] });
  });

  it('preloads no JSON on a page a service worker controls, whose copy may be older than the server’s', async () => {
    expect((await run(script, '/Shop', {}, ['en-US'], { controlled: true })).atOnce.map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
    ]);
  });

  it('on a prerendered page, asks for nothing until it has loaded and its pictures are painted, then for the chunks at low priority, the stylesheet and the app', async () => {
    const prerendered = { attributes: [PRERENDERED_ATTRIBUTE] };
    const loaded = [
      { rel: 'modulepreload', href: '/assets/shop.js', fetchPriority: 'low' },
      { rel: 'modulepreload', href: '/assets/app.js', fetchPriority: 'low' },
      { rel: 'preload', href: '/api/products', as: 'fetch', crossOrigin: 'anonymous' },
      { rel: 'modulepreload', href: language.file, fetchPriority: 'low' },
      { rel: 'stylesheet', crossOrigin: 'anonymous', href: '/assets/index.css' },
      { type: 'module', crossOrigin: 'anonymous', fetchPriority: 'low', src: '/assets/index.js' },
    ];
    // It waits for the eager pictures (the largest paint), not the lazy ones.
    expect(await run(script, '/Shop', {}, ['bn'], prerendered)).toMatchObject({
      atOnce: [],
      later: loaded,
      decoded: ['eager'],
    });
    // Run after the load event (a script run late): the same, without waiting for the event.
    expect(await run(script, '/Shop', {}, ['bn'], { ...prerendered, loaded: true })).toMatchObject({
      atOnce: [],
      later: loaded,
      decoded: ['eager'],
    });
    // A browser without the largest-contentful-paint API: the same after the pictures and two frames.
    expect(await run(script, '/Shop', {}, ['bn'], { ...prerendered, noLcpApi: true })).toMatchObject({
      atOnce: [],
      later: loaded,
      decoded: ['eager'],
    });
    // A hidden tab paints no frame: it loads at once.
    expect(await run(script, '/Shop', {}, ['bn'], { ...prerendered, hidden: true })).toMatchObject({
      atOnce: loaded,
      later: [],
      decoded: [],
    });
    // The app shell has its own module script: only the preloads, at once.
    expect((await run(script, '/Shop', {}, ['bn'])).atOnce.map((link) => link.href)).toEqual([
      '/assets/shop.js',
      '/assets/app.js',
      '/api/products',
      language.file,
    ]);
  });

  it('on a prerendered page, records the enabled buttons tapped (and keeps them from acting) until the app stops it', async () => {
    const { clicks, window } = await run(script, '/Shop', {}, ['en-US'], { attributes: [PRERENDERED_ATTRIBUTE] });
    const button = (disabled: boolean) => ({ disabled });
    const addToCart = button(false);
    const soldOut = button(true);
    /** A click on an element inside `within` (a button, or nothing); true when its default action was prevented. */
    const tap = (within: object | null) => {
      let prevented = false;
      const target = { closest: (selector: string) => (selector === 'button' ? within : null) };
      for (const listener of clicks) listener({ target, preventDefault: () => (prevented = true) });
      return prevented;
    };
    expect([tap(addToCart), tap(soldOut), tap(null), tap(addToCart)]).toEqual([true, false, false, true]);
    const recording = window[EARLY_TAPS] as { taps: object[]; stop: () => void };
    expect(recording.taps).toEqual([addToCart, addToCart]);
    recording.stop();
    expect(clicks.size).toBe(0);

    // The app shell renders from scratch: nothing there is tapped before the app runs.
    const shell = await run(script, '/Shop', {}, ['en-US']);
    expect([shell.clicks.size, Object.keys(shell.window)]).toEqual([0, []]);
  });

  it('preloads the Bangla catalogue exactly when the app will start in Bangla (pickLocale)', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{}, ['bn']],
      [{}, ['bn-BD', 'en']],
      [{}, ['BN-in']],
      [{}, ['en-US', 'bn']],
      [{}, []],
      [{ locale: 'bn' }, ['en-US']],
      [{ locale: 'en' }, ['bn']],
      [{ locale: 'fr' }, ['bn']],
      [{ locale: 'fr' }, ['en']],
    ];
    for (const [stored, languages] of cases) {
      const preloaded = (await run(script, '/about', stored, languages)).atOnce.some(
        (link) => link.href === language.file,
      );
      expect(preloaded, JSON.stringify({ stored, languages })).toBe(
        pickLocale(stored.locale ?? null, languages) === 'bn',
      );
    }
  });
});
