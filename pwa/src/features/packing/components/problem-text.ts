/** A packing entry's problem (packing-form.ts, or the server's packing_invalid) as the line shows it. */
import { packingProblemText } from '../../../lib/i18n/api-errors';
import { t } from '../../../lib/i18n/i18n';
import type { EntryProblem } from '../packing-form';

/**
 * `problem` of the line named `name` in the language shown, and the field it is shown under:
 * the grams for the grams' problems, the substitute for a substitute's, else the line itself.
 */
export function problemOnLine(
  problem: EntryProblem,
  name: string,
): { text: string; field: 'grams' | 'substitute' | 'line' } {
  if (problem.reason === 'grams_not_whole')
    return { text: t('packing.problem.gramsNotWhole', { name }), field: 'grams' };
  const text = packingProblemText(problem.reason, name, problem);
  if (problem.reason.startsWith('grams_')) return { text, field: 'grams' };
  return { text, field: problem.reason.startsWith('substitute_') ? 'substitute' : 'line' };
}
