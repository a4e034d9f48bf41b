type DialogFormFooterProps = {
  /** Why the last save failed, a line each (the API's answer, then its other field errors); none shown when undefined. */
  failure: string[] | undefined;
  cancelLabel: string;
  /** Closes the dialog unsaved. */
  onCancel: () => void;
  submitLabel: string;
  /** The submit button's daisyUI colour, e.g. `btn-success`. */
  submitClassName: string;
  /** True while the form may not be sent: no right to save, or a save in flight. */
  disabled: boolean;
  /** Classes added to the alert and the buttons' row, e.g. to span a grid form's columns. */
  className?: string;
};

/**
 * The foot of an admin's form in a dialog: the failure's lines in an alert read out when they
 * appear, then Cancel and the submit button, both 44 px high (the touch target size).
 */
export function DialogFormFooter({
  failure,
  cancelLabel,
  onCancel,
  submitLabel,
  submitClassName,
  disabled,
  className = '',
}: DialogFormFooterProps) {
  return (
    <>
      {failure && (
        <div role="alert" className={`alert alert-error ${className}`}>
          <ul>
            {failure.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <div className={`modal-action mt-0 ${className}`}>
        <button type="button" className="btn btn-ghost min-h-11" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="submit" className={`btn min-h-11 ${submitClassName}`} disabled={disabled}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}
