/**
 * `npm run bench [-- --quick]` (bench/README.md): builds the app, starts the real stack on free
 * ports (libSQL file, Auth emulator, Node server), runs every measurement in this one run and
 * writes bench/results.md and bench/results.json. `--quick` checks the size budgets only and
 * prints them (CI runs it). Exits 1 when a budget fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { chromiumArgs, ensureChromium } from '../lib/chromium';
import { startStack } from '../lib/stack';
import { toMarkdown, writeResults, type Figure } from './report';
import { measureSizes } from './sizes';

const quick = process.argv.includes('--quick');
const chromePath = ensureChromium();
const tmpDir = mkdtempSync(join(tmpdir(), 'taza-haat-bench-'));
const stack = await startStack({ e2eHooks: false });
const browser = await chromium.launch({ executablePath: chromePath, args: chromiumArgs, headless: true });
const figures: Figure[] = [];
try {
  figures.push(...(await measureSizes(browser, stack.baseUrl, stack.distDir, tmpDir)));
} finally {
  await browser.close();
  await stack.stop();
  rmSync(tmpDir, { recursive: true, force: true });
}

const context = `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}${quick ? ' (quick mode: sizes only)' : ''}.`;
console.log(toMarkdown(figures, context));
if (!quick) writeResults(process.cwd(), figures, context);
const failed = figures.filter((f) => f.pass === false);
if (failed.length) console.error(`bench: ${failed.length} budget(s) failed: ${failed.map((f) => f.name).join('; ')}`);
process.exit(failed.length ? 1 : 0);
