/**
 * A line's packing choices (DESIGN.md §17) as the admin's screens say them — the packing screen,
 * an order's details and its packing slip: "Similar if missing", "Call before a substitute", "No
 * substitute", and the shopper's note quoted.
 */
import type { Substitution } from '@contract/line-choice';
import { t } from './i18n';

/** What the shopper asked for if `substitution`'s line is missing, in the language shown. */
export function substitutionLabel(substitution: Substitution): string {
  const labels: Record<Substitution, () => string> = {
    none: () => t('packing.choice.none'),
    similar: () => t('packing.choice.similar'),
    call: () => t('packing.choice.call'),
  };
  return labels[substitution]();
}

/** The shopper's note on a line, quoted ("Note: “ripe ones”"); '' when there is none. */
export const lineNoteText = (note: string | undefined): string => (note?.trim() ? t('packing.note', { note }) : '');
