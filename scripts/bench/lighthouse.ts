/**
 * Figure 2 (bench/README.md): Lighthouse (npm `lighthouse`, its default mobile profile with
 * simulated throttling) on `/` and `/Shop` in the system Chromium, three runs each, in English and
 * in Bangla; each figure is the median of the three runs, metric by metric (scores, FCP, LCP,
 * Speed Index, TBT, CLS and the bytes finished before the observed LCP), held to their budgets (bench/README.md).
 *
 * Every run is a first visit (storage cleared), so Bangla comes the way a first visit gets it: from
 * a Chromium whose language is Bangla (`--lang=bn`: navigator.languages is ["bn"], Accept-Language
 * bn), which the app follows (lib/i18n pickLocale). Each run also records the page's `<html lang>`,
 * its first heading and the browser's languages (a gatherer and an informative audit of our own,
 * "page-language"): a run that did not render the language asked for fails the figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse, { Audit, Gatherer, type Artifacts } from 'lighthouse';
import { chromiumArgs } from '../lib/chromium';
import { startChild } from '../lib/child';
import { freePort, waitForHttp } from '../lib/ports';
import { bytesBeforeLcp, medianRun, observedLcpMs, type NetworkRequest } from './lighthouse-stats';
import { kib, ms, type Figure } from './report';

const RUNS = 3;
const PATHS = ['/', '/Shop'] as const;
/**
 * The budget: performance, accessibility, best practices, SEO (scores out of 100);
 * FCP, TBT and CLS; LCP by page.
 */
const BUDGET = {
  performance: 100,
  accessibility: 100,
  bestPractices: 95,
  seo: 95,
  fcp: 1200,
  tbt: 50,
  cls: 0.01,
} as const;
const LCP_BUDGET: Record<(typeof PATHS)[number], number> = { '/': 1200, '/Shop': 1400 };
/**
 * What Lighthouse clears before each run. Its default keeps IndexedDB and localStorage, so runs
 * after the first would find the previous run's catalogue mirror (and a language chosen): every
 * run is a first visit.
 */
const CLEAR_STORAGE = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
  'indexeddb',
  'local_storage',
] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/** The languages measured: the `lang` the page must render, Chromium's language flags, and the figure names' suffix. */
const LANGUAGES = [
  { lang: 'en', flags: ['--lang=en-US', '--accept-lang=en-US,en'], suffix: '' },
  { lang: 'bn', flags: ['--lang=bn', '--accept-lang=bn'], suffix: ' in Bangla' },
] as const;

type PageLanguage = { lang: string; heading: string | null; languages: string[] };

/** Reads, once the page has loaded, which language it rendered in (Lighthouse's artifact types name only its own artifacts). */
class PageLanguageGatherer extends Gatherer {
  override meta: Gatherer['meta'] = { supportedModes: ['navigation'] };
  override getArtifact(context: Parameters<Gatherer['getArtifact']>[0]): ReturnType<Gatherer['getArtifact']> {
    const read = (): PageLanguage => ({
      lang: document.documentElement.lang,
      heading: document.querySelector('h1')?.textContent ?? null,
      languages: [...navigator.languages],
    });
    return context.driver.executionContext.evaluate(read, { args: [] }) as unknown as ReturnType<
      Gatherer['getArtifact']
    >;
  }
}

/** Puts the gatherer's answer into the report (informative: no category counts it). */
class PageLanguageAudit extends Audit {
  static override get meta() {
    return {
      id: 'page-language',
      title: 'Language the page rendered in',
      description: '`<html lang>`, the first heading and navigator.languages once the page has loaded.',
      scoreDisplayMode: Audit.SCORING_MODES.INFORMATIVE,
      requiredArtifacts: ['PageLanguage' as keyof Artifacts],
    };
  }
  static override audit(artifacts: Artifacts) {
    const page = (artifacts as unknown as { PageLanguage: PageLanguage }).PageLanguage;
    return { score: null, displayValue: page.lang, details: { type: 'debugdata' as const, ...page } };
  }
}

/**
 * A device Lighthouse emulates: its name in the figures, the throttling its simulation uses (none:
 * Lighthouse's default mobile profile) and the categories it audits.
 */
export type LighthouseProfile = { name: string; throttling?: Record<string, number>; categories: string[] };

/** Lighthouse's default mobile profile: simulated slow 4G (150 ms RTT, 1.6 Mbps), 4× CPU slowdown; figure 2. */
const MOBILE: LighthouseProfile = { name: 'mobile', categories: CATEGORIES };

/**
 * A cheap phone on a slow link (bench/README.md §12): 6× CPU slowdown, 300 ms RTT, 700 Kbps, in
 * Lighthouse's simulation (`rttMs`, `throughputKbps`, `cpuSlowdownMultiplier`); the request
 * latency and throughputs DevTools throttling would apply are derived as Lighthouse derives its
 * own profiles' (RTT × 3.75, throughput × 0.9). Performance only: the other categories do not
 * change with the device.
 */
export const CHEAP_PHONE: LighthouseProfile = {
  name: 'cheap phone',
  throttling: {
    rttMs: 300,
    throughputKbps: 700,
    cpuSlowdownMultiplier: 6,
    requestLatencyMs: 300 * 3.75,
    downloadThroughputKbps: 700 * 0.9,
    uploadThroughputKbps: 700 * 0.9,
  },
  categories: ['performance'],
};
/** The cheap phone's budget (bench/README.md §12): LCP and TBT, in ms, on both pages in both languages. */
const CHEAP_PHONE_BUDGET = { lcp: 2500, tbt: 200 } as const;

/** Lighthouse's default config (mobile, simulated throttling) plus the page-language audit, throttled as `profile` says. */
const configFor = (profile: LighthouseProfile) => ({
  extends: 'lighthouse:default',
  artifacts: [{ id: 'PageLanguage', gatherer: { implementation: PageLanguageGatherer } }],
  audits: [{ implementation: PageLanguageAudit }],
  // Only categories' audits run, plus those named here: the page-language audit is in none.
  settings: {
    onlyCategories: profile.categories,
    onlyAudits: ['page-language'],
    ...(profile.throttling ? { throttlingMethod: 'simulate', throttling: profile.throttling } : {}),
  },
});

/** One Lighthouse run's figures. */
type Run = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  speedIndex: number;
  tbt: number;
  cls: number;
  /** Bytes on the wire (and requests) finished before the LCP observed in the trace. */
  bytesBeforeLcp: number;
  requestsBeforeLcp: number;
  /** The LCP element's label (its text or alt). */
  lcpElement: string | null;
} & PageLanguage;

async function audit(url: string, port: number, profile: LighthouseProfile): Promise<Run> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', clearStorageTypes: [...CLEAR_STORAGE] },
    configFor(profile) as never,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const page = audits['page-language']?.details as unknown as PageLanguage | undefined;
  const lcpElement = (
    audits['largest-contentful-paint-element']?.details as
      { items?: { items?: { node?: { nodeLabel?: string } }[] }[] } | undefined
  )?.items?.[0]?.items?.[0]?.node?.nodeLabel;
  const network = audits['network-requests']?.details as
    { items?: NetworkRequest[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const metrics = (audits.metrics?.details as { items?: { observedLargestContentfulPaintTs?: number }[] } | undefined)
    ?.items?.[0];
  const lcpAt = observedLcpMs(metrics?.observedLargestContentfulPaintTs, network?.debugData?.networkStartTimeTs);
  const before = bytesBeforeLcp(network?.items ?? [], lcpAt);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: audits['first-contentful-paint']?.numericValue ?? Number.NaN,
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    speedIndex: audits['speed-index']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    bytesBeforeLcp: before.bytes,
    requestsBeforeLcp: before.requests,
    lcpElement: lcpElement ?? null,
    lang: page?.lang ?? '(not read)',
    heading: page?.heading ?? null,
    languages: page?.languages ?? [],
  };
}

/**
 * Audits each path of `baseUrl` RUNS times in each language, in a Chromium of its own per language
 * (remote debugging), on `device`: figure 2's figures for MOBILE, figure 12's for CHEAP_PHONE.
 */
export async function measureLighthouse(
  chromePath: string,
  baseUrl: string,
  device: LighthouseProfile = MOBILE,
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const { lang, flags, suffix } of LANGUAGES) {
    const port = await freePort();
    const profile = mkdtempSync(join(tmpdir(), 'taza-haat-lighthouse-'));
    const chrome = startChild(
      'chromium',
      chromePath,
      [
        '--headless=new',
        `--remote-debugging-port=${port}`,
        `--user-data-dir=${profile}`,
        ...chromiumArgs,
        ...flags,
        'about:blank',
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitForHttp(`http://127.0.0.1:${port}/json/version`, chrome.alive);
      for (const path of PATHS) {
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i += 1) runs.push(await audit(new URL(path, baseUrl).toString(), port, device));
        const median = medianRun(runs);
        const wrong = runs.filter((run) => run.lang !== lang).map((run) => run.lang);
        if (device !== MOBILE) {
          figures.push(cheapPhoneFigure(device, path, suffix, median, runs, lang, wrong));
          continue;
        }
        const pass =
          median.performance >= BUDGET.performance &&
          median.accessibility === BUDGET.accessibility &&
          median.bestPractices >= BUDGET.bestPractices &&
          median.seo >= BUDGET.seo;
        figures.push({
          name: `Lighthouse mobile ${path}${suffix}: performance / accessibility / best practices / SEO`,
          value: `${median.performance} / ${median.accessibility} / ${median.bestPractices} / ${median.seo}${wrong.length ? ` (rendered lang="${wrong.join('", "')}", not "${lang}")` : ''}`,
          budget: `≥ ${BUDGET.performance} / ${BUDGET.accessibility} / ≥ ${BUDGET.bestPractices} / ≥ ${BUDGET.seo}`,
          pass: pass && wrong.length === 0,
          data: { lang, runs },
        });
        figures.push({
          name: `Lighthouse mobile ${path}${suffix}: FCP, LCP, Speed Index, TBT, CLS (median of ${RUNS})`,
          value: `FCP ${ms(median.fcp)}, LCP ${ms(median.lcp)}, SI ${ms(median.speedIndex)}, TBT ${ms(median.tbt)}, CLS ${median.cls.toFixed(3)}`,
          budget: `FCP ≤ ${BUDGET.fcp} ms, LCP ≤ ${LCP_BUDGET[path]} ms, TBT ≤ ${BUDGET.tbt} ms, CLS ≤ ${BUDGET.cls}`,
          pass:
            median.fcp <= BUDGET.fcp &&
            median.lcp <= LCP_BUDGET[path] &&
            median.tbt <= BUDGET.tbt &&
            median.cls <= BUDGET.cls,
          data: { ...median },
        });
        figures.push({
          name: `Lighthouse mobile ${path}${suffix}: bytes finished before LCP (observed trace, median of ${RUNS})`,
          value: `${kib(median.bytesBeforeLcp)} in ${median.requestsBeforeLcp} requests`,
          budget: 'report',
          pass: null,
        });
      }
    } finally {
      await chrome.stop();
      rmSync(profile, { recursive: true, force: true });
    }
  }
  return figures;
}

/**
 * The figure of a page on the cheap phone (figure 12): LCP and TBT against their budgets, FCP,
 * Speed Index, CLS and the performance score beside them; `wrong` the languages rendered instead of `lang`.
 */
function cheapPhoneFigure(
  profile: LighthouseProfile,
  path: string,
  suffix: string,
  median: Run,
  runs: Run[],
  lang: string,
  wrong: string[],
): Figure {
  const { rttMs, throughputKbps, cpuSlowdownMultiplier } = profile.throttling ?? {};
  return {
    name: `Lighthouse ${profile.name} (${cpuSlowdownMultiplier}× CPU, ${rttMs} ms RTT, ${throughputKbps} Kbps) ${path}${suffix}: LCP, TBT; FCP, SI, CLS, performance (median of ${RUNS})`,
    value:
      `LCP ${ms(median.lcp)}, TBT ${ms(median.tbt)}; FCP ${ms(median.fcp)}, SI ${ms(median.speedIndex)}, ` +
      `CLS ${median.cls.toFixed(3)}, performance ${median.performance}` +
      `${wrong.length ? ` (rendered lang="${wrong.join('", "')}", not "${lang}")` : ''}`,
    budget: `LCP ≤ ${CHEAP_PHONE_BUDGET.lcp} ms, TBT ≤ ${CHEAP_PHONE_BUDGET.tbt} ms`,
    pass: median.lcp <= CHEAP_PHONE_BUDGET.lcp && median.tbt <= CHEAP_PHONE_BUDGET.tbt && wrong.length === 0,
    data: { lang, throttling: profile.throttling, median: { ...median }, runs },
  };
}
