/**
 * The decision's field messages — the contract's (edge-api/src/contract/problem.ts, word for
 * word, as the form and the API say them) and the form's own (above the worth) — in the language
 * shown; the shared ones (At most N characters, a wrong kind of value) as
 * lib/i18n/contract-errors.ts says them.
 */
import { contractError } from '../../lib/i18n/contract-errors';
import { t } from '../../lib/i18n/i18n';
import { formatPrice } from '../../lib/format';
import { ABOVE_WORTH } from './decision-form';

const exact: Record<string, () => string> = {
  'Enter an amount (Tk)': () => t('problems.error.amount'),
  'More than 0': () => t('problems.error.positive'),
  'At most 1000000 Tk': () => t('problems.error.tooMuch'),
  'At most two decimals (poisha)': () => t('problems.error.decimals'),
  'Say why it is declined': () => t('problems.error.noteRequired'),
  'A decline moves no money': () => t('problems.error.declineNoMoney'),
  'Expected a text': () => t('problems.error.noteText'),
};

/**
 * `message` (a decision field's message) in the language shown; `worth` (Tk) names the most an
 * amount may be. The API's refusal of an amount above the worth reads as the form's own; above
 * what a refund's payment has left names that. A message it does not know is returned as it is.
 */
export function decisionError(message: string | undefined, worth: number): string | undefined {
  if (message === undefined) return undefined;
  if (message === ABOVE_WORTH || /^At most [\d.]+ Tk \(the claim's worth\)$/.test(message))
    return t('problems.error.aboveWorth', { worth: formatPrice(worth) });
  // A refund above what the order's payment has left (decide-problem.ts's amountTooLarge).
  const left = /^At most ([\d.]+) Tk \(what is left of the payment\)$/.exec(message);
  if (left) return t('problems.error.aboveLeft', { most: formatPrice(Number(left[1])) });
  const known = Object.hasOwn(exact, message) ? exact[message] : undefined;
  return known ? known() : contractError(message);
}
