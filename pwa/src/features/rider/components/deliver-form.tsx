import { useId, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { useT } from '../../../lib/i18n/i18n';
import { parseCash, parseDeliveryCode } from '../run-money';
import { FormActions } from './form-actions';

type DeliverFormProps = {
  /** The cash to collect (Tk; 0 for a prepaid order, which asks for no cash). */
  amountToCollect: number;
  /** Why the last try was refused (a wrong or locked code), shown under the code. */
  error?: string | undefined;
  busy: boolean;
  onDeliver: (entry: { code: string; cashCollected?: number }) => void;
  onCancel: () => void;
};

/**
 * **Delivered** at the door (DESIGN.md §18): the shopper's 4-digit code on a numeric keypad and,
 * for a cash order, the cash collected (prefilled with the amount). A code that is not 4 digits
 * or cash that is not a whole number is refused here, before anything is sent; the server's
 * refusal (`error`: wrong or locked code) is shown under the code.
 */
export function DeliverForm({ amountToCollect, error, busy, onDeliver, onCancel }: DeliverFormProps) {
  const t = useT();
  const id = useId();
  const cash = amountToCollect > 0;
  const [code, setCode] = useState('');
  const [cashText, setCashText] = useState(() => (cash ? formatNumber(amountToCollect, { useGrouping: false }) : ''));
  const [checked, setChecked] = useState(false);
  const codeOk = parseDeliveryCode(code);
  const cashOk = cash ? parseCash(cashText) : 0;
  const codeError = checked && !codeOk ? t('rider.run.codeInvalid') : error;
  const cashError = checked && cashOk === undefined ? t('rider.run.cashInvalid') : undefined;
  return (
    <form
      noValidate
      className="mt-3 grid gap-3 rounded-box bg-base-200 p-3"
      aria-label={t('rider.run.deliveredForm')}
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        if (!codeOk || cashOk === undefined) return;
        onDeliver(cash ? { code: codeOk, cashCollected: cashOk } : { code: codeOk });
      }}
    >
      <label className="grid gap-1" htmlFor={`${id}-code`}>
        <span className="font-medium">{t('rider.run.code')}</span>
        <input
          id={`${id}-code`}
          className={`input input-lg w-full tracking-[0.5em] ${codeError ? 'input-error' : ''}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={4}
          pattern="[0-9০-৯]{4}"
          value={code}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={`${id}-code-note`}
          onChange={(event) => setCode(event.target.value)}
        />
        <span id={`${id}-code-note`} className={`text-sm ${codeError ? 'text-error' : 'text-base-content/80'}`}>
          {codeError ? <span role="alert">{codeError}</span> : t('rider.run.codeHint')}
        </span>
      </label>
      {cash && (
        <label className="grid gap-1" htmlFor={`${id}-cash`}>
          <span className="font-medium">{t('rider.run.cash')}</span>
          <input
            id={`${id}-cash`}
            className={`input input-lg w-full ${cashError ? 'input-error' : ''}`}
            inputMode="numeric"
            value={cashText}
            aria-invalid={cashError ? true : undefined}
            onChange={(event) => setCashText(event.target.value)}
          />
          {cashError && (
            <span role="alert" className="text-sm text-error">
              {cashError}
            </span>
          )}
        </label>
      )}
      <FormActions submitLabel={t('rider.run.confirmDelivered')} tone="btn-success" busy={busy} onCancel={onCancel} />
    </form>
  );
}
