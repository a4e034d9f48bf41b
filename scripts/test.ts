/**
 * `npm test`: typecheck, lint (Prettier's check, then ESLint with zero warnings), unit and API tests (vitest, real libSQL), then the
 * end-to-end suite in headless Chromium against the real stack. Stops at the first failing
 * step and ends with one line "tests: N passed, M failed" counting every vitest test run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

type VitestReport = { numPassedTests: number; numFailedTests: number };

const reportDir = mkdtempSync(join(tmpdir(), 'taza-haat-test-report-'));
const totals = { passed: 0, failed: 0 };

function run(label: string, command: string, args: string[]): Promise<boolean> {
  console.log(`\n▶ ${label}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.once('exit', (code) => resolve(code === 0));
    child.once('error', () => resolve(false));
  });
}

async function vitest(label: string, name: string, extraArgs: string[]): Promise<boolean> {
  const reportFile = join(reportDir, `${name}.json`);
  const ok = await run(label, join('node_modules', '.bin', 'vitest'), [
    'run',
    ...extraArgs,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${reportFile}`,
  ]);
  try {
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
    totals.passed += report.numPassedTests;
    totals.failed += report.numFailedTests;
  } catch {
    totals.failed += ok ? 0 : 1; // the run died before writing its report
  }
  return ok;
}

const bin = (name: string) => join('node_modules', '.bin', name);
const steps: Array<() => Promise<boolean>> = [
  () =>
    run('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']).then(
      async (ok) => ok && run('typecheck (node)', bin('tsc'), ['-p', 'tsconfig.node.json', '--noEmit']),
    ),
  () =>
    run('format (Prettier)', bin('prettier'), ['--check', '.']).then(
      async (ok) => ok && run('lint', bin('eslint'), ['.', '--max-warnings', '0']),
    ),
  () => vitest('unit and API tests', 'unit', []),
  () => vitest('end-to-end tests (Chromium)', 'e2e', ['--config', 'e2e/vitest.config.ts']),
];

let ok = true;
for (const step of steps) {
  if (!(await step())) {
    ok = false;
    break;
  }
}
rmSync(reportDir, { recursive: true, force: true });
if (!ok && totals.failed === 0) totals.failed = 1; // typecheck or lint failed: count it
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok ? 0 : 1);
