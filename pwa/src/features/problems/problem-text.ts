/**
 * The words of problems (DESIGN.md §19) in the language shown: a reason, a problem's state
 * ("Credited 40 Tk to your store credit", "Waiting for the shop — answer by …"), and times in Dhaka
 * (Bangla on the 24-hour clock, as My Orders writes them). My Orders' chunk carries them.
 */
import type { Problem, ProblemReason } from '@contract/problem';
import { formatPrice, shopDateFormat } from '../../lib/format';
import { currentLocale, intlLocale, t } from '../../lib/i18n/i18n';

/** A time (ISO 8601 or epoch ms) as date and time in Dhaka, e.g. "29 Nov 2026, 10:05". */
export function shopTimeText(time: string | number): string {
  const clock: Intl.DateTimeFormatOptions = currentLocale() === 'bn' ? { hourCycle: 'h23' } : {};
  return shopDateFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short', ...clock }).format(new Date(time));
}

/** Why a line is reported, in words. */
export function reasonText(reason: ProblemReason): string {
  switch (reason) {
    case 'spoiled':
      return t('problem.report.reason.spoiled');
    case 'short_weight':
      return t('problem.report.reason.shortWeight');
    case 'missing':
      return t('problem.report.reason.missing');
    case 'wrong_item':
      return t('problem.report.reason.wrongItem');
  }
}

/** A problem's state as the shopper reads it: credited, refunded (with the Tk), declined (the note), or waiting (the deadline). */
export function problemStatusText(problem: Pick<Problem, 'status' | 'amount' | 'note' | 'deadline'>): string {
  switch (problem.status) {
    case 'credited':
      return t('problem.status.credited', { amount: formatPrice(problem.amount) });
    case 'refunded':
      return t('problem.status.refunded', { amount: formatPrice(problem.amount) });
    case 'declined':
      return t('problem.status.declined', { note: problem.note });
    case 'open':
      return t('problem.status.open', { deadline: shopTimeText(problem.deadline) });
  }
}
