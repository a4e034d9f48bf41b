/** The bench's results files: a measurement run alone (`--only`) replaces its figures in place. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeResults, writeResults, type Figure } from './report';

const figure = (name: string, value = 'old'): Figure => ({ name, value, budget: 'report', pass: null });
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function resultsIn(figures: Figure[]): string {
  const root = mkdtempSync(join(tmpdir(), 'taza-haat-report-'));
  dirs.push(root);
  mkdirSync(join(root, 'bench'));
  writeResults(root, figures, 'Measured today.');
  return root;
}
const read = (root: string) =>
  JSON.parse(readFileSync(join(root, 'bench', 'results.json'), 'utf8')) as { context: string; figures: Figure[] };

describe('mergeResults', () => {
  it('replaces figures of the same name in place and puts new ones after the figure they follow', () => {
    const root = resultsIn([figure('a'), figure('b'), figure('c'), figure('z')]);
    mergeResults(
      root,
      [figure('b', 'new'), figure('c', 'new'), figure('c2', 'new'), figure('c3', 'new')],
      'Figure 2 re-measured alone.',
    );
    const { context, figures } = read(root);
    expect(figures.map((f) => `${f.name}=${f.value}`)).toEqual([
      'a=old',
      'b=new',
      'c=new',
      'c2=new',
      'c3=new',
      'z=old',
    ]);
    expect(context).toBe('Measured today. [Figure 2 re-measured alone.]');
  });

  it('appends figures when none of the run was there before', () => {
    const root = resultsIn([figure('a')]);
    mergeResults(root, [figure('x', 'new'), figure('y', 'new')], 'Figure 8 re-measured alone.');
    expect(read(root).figures.map((f) => f.name)).toEqual(['a', 'x', 'y']);
  });
});
