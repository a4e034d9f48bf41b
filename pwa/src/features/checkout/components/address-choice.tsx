import type { SavedAddress } from '@contract/user';
import { FormField } from '../../../components/form-field';
import { useT } from '../../../lib/i18n/i18n';

/** What the shopper chose: a saved address's id, or `new` (typed into the address field). */
export type AddressPick = string;
export const NEW_ADDRESS: AddressPick = 'new';

type AddressChoiceProps = {
  saved: readonly SavedAddress[];
  /** A delivery area's name in the language shown, by id (undefined: not known here). */
  areaNameOf: (areaId: string) => string | undefined;
  pick: AddressPick;
  onPick: (pick: AddressPick) => void;
};

/** A saved address in one line: "House 12, Road 5, 3rd floor, near the mosque, Dhanmondi" (its area's name when known). */
const addressText = (a: SavedAddress, areaNameOf: (areaId: string) => string | undefined): string =>
  [a.line, a.floor, a.landmark, a.areaId ? areaNameOf(a.areaId) : undefined].filter(Boolean).join(', ');

/**
 * Checkout's saved addresses: one radio per saved address, its label and address (with its area),
 * then "A new address". Each choice is a 44 px row. Renders nothing when none is saved.
 */
export function AddressChoice({ saved, areaNameOf, pick, onPick }: AddressChoiceProps) {
  const t = useT();
  if (saved.length === 0) return null;
  const options = [...saved.map((a) => ({ id: a.id, label: a.label, address: addressText(a, areaNameOf) })), undefined];
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{t('savedAddress.deliverTo')}</legend>
      {options.map((option) => {
        const id = option?.id ?? NEW_ADDRESS;
        return (
          <label
            key={id}
            className="flex min-h-11 cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary"
          >
            <input
              type="radio"
              name="saved-address"
              className="radio radio-primary mt-0.5 shrink-0"
              checked={pick === id}
              onChange={() => onPick(id)}
            />
            {option ? (
              <span className="grid min-w-0 gap-0.5">
                <span className="font-semibold">{option.label}</span>
                <span className="text-sm break-words whitespace-pre-line text-base-content/80">{option.address}</span>
              </span>
            ) : (
              <span className="font-semibold">{t('savedAddress.new')}</span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}

type SaveNewAddressProps = {
  save: boolean;
  onSave: (save: boolean) => void;
  label: string;
  onLabel: (label: string) => void;
  labelError: string | undefined;
  /** No room for another address (MAX_SAVED_ADDRESSES saved): a note instead of the checkbox. */
  full: boolean;
  max: number;
};

/** Under a new address: "Save this address for next time" (on by default) and the name to save it under. */
export function SaveNewAddress({ save, onSave, label, onLabel, labelError, full, max }: SaveNewAddressProps) {
  const t = useT();
  if (full) return <p className="text-sm text-base-content/80">{t('savedAddress.full', { max })}</p>;
  return (
    <div className="grid gap-2">
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          className="checkbox checkbox-primary"
          checked={save}
          onChange={(event) => onSave(event.target.checked)}
        />
        {t('savedAddress.save')}
      </label>
      {save && (
        <FormField label={t('savedAddress.label')} error={labelError}>
          {(field) => (
            <input
              {...field}
              className="input input-bordered min-h-11 w-full"
              maxLength={30}
              value={label}
              onChange={(event) => onLabel(event.target.value)}
            />
          )}
        </FormField>
      )}
    </div>
  );
}
