import { payWithChoices, type PayWith } from '@contract/rider';
import { useT } from '../../../lib/i18n/i18n';

/**
 * Checkout's "You will pay the rider with" (cash on delivery only, DESIGN.md §18): the exact
 * amount, a 500 or a 1,000 Tk note, as radios under the cash choice, so the rider brings change.
 */
export function PayWithChoice({ value, onChange }: { value: PayWith; onChange: (payWith: PayWith) => void }) {
  const t = useT();
  const labels: Record<PayWith, string> = {
    exact: t('payWith.exact'),
    500: t('payWith.note500'),
    1000: t('payWith.note1000'),
  };
  return (
    <fieldset className="ms-9 grid gap-1 border-s-2 border-base-300 ps-3" data-testid="pay-with">
      <legend className="mb-1 text-sm font-medium">{t('payWith.legend')}</legend>
      {payWithChoices.map((choice) => (
        <label key={choice} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            name="pay-with"
            className="radio radio-sm radio-primary"
            checked={value === choice}
            onChange={() => onChange(choice)}
          />
          {labels[choice]}
        </label>
      ))}
      <p className="text-sm text-base-content/70">{t('payWith.hint')}</p>
    </fieldset>
  );
}
