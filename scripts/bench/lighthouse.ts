/**
 * Figure 2 (bench/README.md): Lighthouse (npm `lighthouse`, its default mobile profile with
 * simulated throttling) on `/` and `/Shop` in the system Chromium, three runs each; the run with
 * the median performance score is reported, with its LCP, TBT and CLS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../lib/chromium';
import { startChild } from '../lib/child';
import { freePort, waitForHttp } from '../lib/ports';
import { ms, type Figure } from './report';

const RUNS = 3;
/**
 * What Lighthouse clears before each run. Its default keeps IndexedDB and localStorage, so runs
 * after the first would find the previous run's catalogue mirror: every run is a first visit.
 */
const CLEAR_STORAGE = ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'indexeddb', 'local_storage'] as const;

type Run = { performance: number; accessibility: number; bestPractices: number; seo: number; lcp: number; tbt: number; cls: number };

async function audit(url: string, port: number): Promise<Run> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', clearStorageTypes: [...CLEAR_STORAGE], onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcp: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    tbt: audits['total-blocking-time']?.numericValue ?? Number.NaN,
    cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

/** Audits each path of `baseUrl` RUNS times in a Chromium of its own (remote debugging). */
export async function measureLighthouse(chromePath: string, baseUrl: string): Promise<Figure[]> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'taza-haat-lighthouse-'));
  const chrome = startChild('chromium', chromePath, ['--headless=new', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...chromiumArgs, 'about:blank'], { stdio: 'ignore' });
  const figures: Figure[] = [];
  try {
    await waitForHttp(`http://127.0.0.1:${port}/json/version`, chrome.alive);
    for (const path of ['/', '/Shop']) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) runs.push(await audit(new URL(path, baseUrl).toString(), port));
      const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(RUNS / 2)] as Run;
      const pass = median.performance >= 95 && median.accessibility === 100 && median.bestPractices >= 95 && median.seo >= 95;
      figures.push({
        name: `Lighthouse mobile ${path}: performance / accessibility / best practices / SEO`,
        value: `${median.performance} / ${median.accessibility} / ${median.bestPractices} / ${median.seo}`,
        budget: '≥ 95 / 100 / ≥ 95 / ≥ 95',
        pass,
        data: { runs },
      });
      figures.push({
        name: `Lighthouse mobile ${path}: LCP, TBT, CLS`,
        value: `LCP ${ms(median.lcp)}, TBT ${ms(median.tbt)}, CLS ${median.cls.toFixed(3)}`,
        budget: 'CLS ≤ 0.01',
        pass: median.cls <= 0.01,
      });
    }
  } finally {
    await chrome.stop();
    rmSync(profile, { recursive: true, force: true });
  }
  return figures;
}
