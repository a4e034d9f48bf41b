import type { UseFormRegister } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { contractError } from '../../../lib/i18n/contract-errors';
import { useT } from '../../../lib/i18n/i18n';

/** A Dhaka address's parts beside its area (DESIGN.md §15), as the checkout form holds them. */
export type AddressFieldValues = {
  address: string;
  floor?: string | undefined;
  landmark?: string | undefined;
  note?: string | undefined;
};

type AddressFieldsProps = {
  register: UseFormRegister<AddressFieldValues>;
  /** Each field's contract message (English), said here in the language shown. */
  errors: Partial<Record<keyof AddressFieldValues, { message?: string | undefined } | undefined>>;
};

/**
 * The address as fields (DESIGN.md §15 "Addresses"): the line (house, road, flat: the order's
 * `address`), floor, landmark, and a note for the rider, each with its inline error.
 */
export function AddressFields({ register, errors }: AddressFieldsProps) {
  const t = useT();
  const input = 'input input-bordered min-h-11 w-full';
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField label={t('checkout.address')} error={contractError(errors.address?.message)} className="sm:col-span-2">
        {(field) => (
          <textarea
            {...field}
            rows={2}
            autoComplete="street-address"
            placeholder={t('address.linePlaceholder')}
            className="textarea textarea-bordered min-h-11 w-full"
            {...register('address')}
          />
        )}
      </FormField>
      <FormField label={t('address.floor')} error={contractError(errors.floor?.message)}>
        {(field) => <input {...field} className={input} maxLength={40} {...register('floor')} />}
      </FormField>
      <FormField label={t('address.landmark')} error={contractError(errors.landmark?.message)}>
        {(field) => <input {...field} className={input} maxLength={120} {...register('landmark')} />}
      </FormField>
      <FormField label={t('address.note')} error={contractError(errors.note?.message)} className="sm:col-span-2">
        {(field) => (
          <textarea
            {...field}
            rows={2}
            placeholder={t('address.notePlaceholder')}
            className="textarea textarea-bordered min-h-11 w-full"
            {...register('note')}
          />
        )}
      </FormField>
    </div>
  );
}
