import { useState } from 'react';
import { attemptReasons, type AttemptReason } from '@contract/rider';
import { useT } from '../../../lib/i18n/i18n';
import { attemptReasonText } from '../run-text';
import { FormActions } from './form-actions';

/**
 * **Couldn't deliver** (DESIGN.md §18): why — no answer, address not found, refused — as large
 * radio buttons, then **Save**; the order keeps its state and the attempt goes into its history.
 */
export function AttemptForm({
  busy,
  onAttempt,
  onCancel,
}: {
  busy: boolean;
  onAttempt: (reason: AttemptReason) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [reason, setReason] = useState<AttemptReason>();
  const [checked, setChecked] = useState(false);
  return (
    <form
      noValidate
      className="mt-3 grid gap-2 rounded-box bg-base-200 p-3"
      aria-label={t('rider.run.attemptForm')}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (reason) onAttempt(reason);
      }}
    >
      <fieldset className="grid gap-1">
        <legend className="mb-1 font-medium">{t('rider.run.reason')}</legend>
        {attemptReasons.map((choice) => (
          <label key={choice} className="flex min-h-11 cursor-pointer items-center gap-3">
            <input
              type="radio"
              className="radio"
              name="reason"
              value={choice}
              checked={reason === choice}
              onChange={() => setReason(choice)}
            />
            <span>{attemptReasonText(choice)}</span>
          </label>
        ))}
      </fieldset>
      {checked && !reason && (
        <p role="alert" className="text-sm text-error">
          {t('rider.run.reasonRequired')}
        </p>
      )}
      <FormActions submitLabel={t('rider.run.saveAttempt')} tone="btn-warning" busy={busy} onCancel={onCancel} />
    </form>
  );
}
