/**
 * Benchmark figures and the report: each figure has a value, the budget it is held to (if any)
 * and whether it passed; the run writes them as bench/results.md (a table) and results.json.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type Figure = {
  /** What was measured, e.g. "First-load JS of /Shop (gzip)". */
  name: string;
  /** The measured value, formatted with its unit. */
  value: string;
  /** The budget in words, e.g. "≤ 2.5× baseline (150.2 KiB)"; "report" when there is none. */
  budget: string;
  /** null for report-only figures. */
  pass: boolean | null;
  /** Raw numbers behind the value, for results.json. */
  data?: Record<string, unknown>;
};

/** `bytes` as KiB with one decimal, e.g. "12.3 KiB". */
export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
/** `value` milliseconds with its unit: two decimals below 10 ms, whole above. */
export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
/** `ratio` (1 = 100%) as a percentage with one decimal. */
export const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;

/** The median of `values` (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The figures as a Markdown table. */
export function toMarkdown(figures: readonly Figure[], context: string): string {
  const rows = figures.map(
    (f) => `| ${f.name} | ${f.value} | ${f.budget} | ${f.pass === null ? '—' : f.pass ? 'pass' : '**FAIL**'} |`,
  );
  return [
    `# Benchmark results`,
    '',
    context,
    '',
    '| Figure | Value | Budget | Result |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Writes bench/results.md and bench/results.json under `root`. */
export function writeResults(root: string, figures: readonly Figure[], context: string): void {
  const dir = join(root, 'bench');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.md'), toMarkdown(figures, context));
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify({ context, figures }, null, 2)}\n`);
}

/**
 * Puts `figures` into bench/results.md and results.json under `root`, replacing those of the
 * same name and keeping the others (a run of one measurement, `--only`); a figure not there before
 * goes after the one it follows in `figures` (at the end if none does). `note` says so in the
 * context line, e.g. "Figure 8 re-measured alone on 2026-11-21.".
 */
export function mergeResults(root: string, figures: readonly Figure[], note: string): void {
  const path = join(root, 'bench', 'results.json');
  const previous = existsSync(path)
    ? (JSON.parse(readFileSync(path, 'utf8')) as { context: string; figures: Figure[] })
    : { context: '', figures: [] };
  const fresh = new Map(figures.map((f) => [f.name, f]));
  const merged = previous.figures.map((f) => fresh.get(f.name) ?? f);
  let after = -1;
  for (const figure of figures) {
    const at = merged.findIndex((f) => f.name === figure.name);
    if (at !== -1) after = at;
    else merged.splice((after = after === -1 ? merged.length : after + 1), 0, figure);
  }
  const context = `${previous.context.replace(/ \[.*\]$/, '')} [${note}]`.trim();
  writeResults(root, merged, context);
}

/** Raw HTTP bytes of a response as received: status line + headers + body. */
export async function wireBytes(res: Response): Promise<number> {
  const body = new Uint8Array(await res.arrayBuffer()).length;
  let head = `HTTP/1.1 ${res.status} ${res.statusText}\r\n`.length + 2;
  res.headers.forEach((value, key) => (head += `${key}: ${value}\r\n`.length));
  return head + body;
}
