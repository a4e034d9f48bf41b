import { useId, useState } from 'react';
import { MAX_LINE_NOTE, type Substitution } from '@contract/line-choice';
import { useT } from '../../../lib/i18n/i18n';
import { SubstitutionOptions } from './substitution-options';
import { lineChoiceOf, noteTooLong, setLineChoice, useLineChoices } from '../line-choices';

/**
 * A cart line's packing choices (DESIGN.md §17): if the product is missing — No substitute,
 * Similar is fine, Call me — and a note for the packer (at most 80 characters; beyond, an inline
 * error and checkout waits). Both are remembered for the product on this device (line-choices.ts).
 */
export function LineChoiceControl({ productId, productName }: { productId: string; productName: string }) {
  const t = useT();
  useLineChoices();
  const id = useId();
  const choice = lineChoiceOf(productId);
  const [note, setNote] = useState(choice.note ?? '');
  const tooLong = noteTooLong(note);
  return (
    <div className="grid w-full gap-2 sm:grid-cols-[auto_1fr] sm:items-start" data-testid="line-choice">
      <label className="grid gap-1">
        <span className="text-sm font-medium">{t('lineChoice.ifMissing')}</span>
        <select
          className="select select-bordered select-sm min-h-11 w-full sm:w-48"
          value={choice.substitution}
          aria-label={t('lineChoice.ifMissingFor', { name: productName })}
          onChange={(event) =>
            setLineChoice(productId, { substitution: event.target.value as Substitution, note: note || undefined })
          }
        >
          <SubstitutionOptions />
        </select>
      </label>
      <div className="grid gap-1">
        <label htmlFor={`${id}-note`} className="text-sm font-medium">
          {t('lineChoice.note')}
        </label>
        <input
          id={`${id}-note`}
          type="text"
          className={`input input-bordered input-sm min-h-11 w-full ${tooLong ? 'input-error' : ''}`}
          placeholder={t('lineChoice.notePlaceholder')}
          value={note}
          aria-label={t('lineChoice.noteFor', { name: productName })}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${id}-error` : undefined}
          onChange={(event) => {
            setNote(event.target.value);
            setLineChoice(productId, { substitution: choice.substitution, note: event.target.value || undefined });
          }}
        />
        {tooLong && (
          <p id={`${id}-error`} className="text-sm text-error" role="alert">
            {t('lineChoice.noteTooLong', { max: MAX_LINE_NOTE, count: note.trim().length })}
          </p>
        )}
      </div>
    </div>
  );
}
