import { useT } from '../../../lib/i18n/i18n';

type FormActionsProps = {
  /** The submit button's words. */
  submitLabel: string;
  /** daisyUI's button colour: delivered is success, couldn't deliver is warning. */
  tone: 'btn-success' | 'btn-warning';
  busy: boolean;
  onCancel: () => void;
};

/** The rider's stop forms' last row: the action (full width, 48 px tall for a thumb) and Cancel. */
export function FormActions({ submitLabel, tone, busy, onCancel }: FormActionsProps) {
  const t = useT();
  return (
    <div className="flex gap-2">
      <button type="submit" className={`btn ${tone} min-h-12 flex-1`} disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="btn btn-ghost min-h-12" onClick={onCancel}>
        {t('rider.run.cancel')}
      </button>
    </div>
  );
}
