import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useFieldArray, useForm, useWatch, type FieldPath } from 'react-hook-form';
import { toBdMobileDisplay } from '@contract/phone';
import { z } from 'zod';
import { orderInputSchema } from '@contract/order';
import { savedAddressSchema } from '@contract/user';
import { FormField } from '../../../components/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { contractError } from '../../../lib/i18n/contract-errors';
import { useT } from '../../../lib/i18n/i18n';
import { useOnline } from '../../../lib/use-online';
import { MAX_SAVED_ADDRESSES, saveMyProfile, useMyProfile, type Profile } from '../api/my-profile';

/** The phone (empty, or the order's phone rule) and the addresses (the contract's rule, at most 5). */
const formSchema = z.object({
  phone: z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') return;
      for (const issue of orderInputSchema.shape.phone.safeParse(value).error?.issues ?? [])
        ctx.addIssue({ code: 'custom', message: issue.message });
    }),
  addresses: z.array(savedAddressSchema).max(MAX_SAVED_ADDRESSES),
});
type FormValues = z.input<typeof formSchema>;

/** The profile as the form shows it: the phone as people write it (01711-223344, DESIGN.md §15), empty parts as ''. */
const toForm = (profile: Profile): FormValues => ({
  phone: toBdMobileDisplay(profile.phone),
  addresses: profile.addresses.map((a) => ({
    ...a,
    floor: a.floor ?? '',
    landmark: a.landmark ?? '',
    note: a.note ?? '',
  })),
});

/** Renders the delivery area picker (features/delivery-areas, composed by the profile route). */
export type SavedAreaPicker = (props: {
  value: string | null;
  onChange: (areaId: string) => void;
  error: string | undefined;
}) => ReactNode;

/**
 * The profile's saved phone and addresses: edit the phone, add, rename, change and remove
 * addresses (at most MAX_SAVED_ADDRESSES) — each a label, its delivery area (`areaPicker`) and
 * its line, floor, landmark and note for the rider (DESIGN.md §15) — then save them all with
 * `PUT /users/me`. An address saved as free text before areas shows its text and asks for its
 * area. Errors show under their fields, the API's 400 field details too. Offline it shows the
 * kept profile and saving waits for a connection.
 */
export function SavedContact({ uid, areaPicker }: { uid: string; areaPicker: SavedAreaPicker }) {
  const t = useT();
  const profile = useMyProfile(uid);
  if (!profile.data)
    return (
      <p className="mt-6" role="status">
        {profile.isError ? t('savedAddress.failed') : t('savedAddress.loading')}
      </p>
    );
  return <SavedContactForm uid={uid} profile={profile.data} areaPicker={areaPicker} />;
}

function SavedContactForm({
  uid,
  profile,
  areaPicker,
}: {
  uid: string;
  profile: Profile;
  areaPicker: SavedAreaPicker;
}) {
  const t = useT();
  const online = useOnline();
  const client = useQueryClient();
  const [outcome, setOutcome] = useState<'saved' | 'failed'>();
  // The kept profile shows first; the server's, read just after, replaces it unless the shopper
  // began editing (their edits stay): saving must never send a list older than the server's.
  const values = useMemo(() => toForm(profile), [profile]);
  const { register, control, handleSubmit, formState, reset, setError, setValue } = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    values,
    resetOptions: { keepDirtyValues: true },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'addresses', keyName: 'key' });
  const areaIds = useWatch({ control, name: 'addresses' }).map((a) => a.areaId);
  const { errors } = formState;
  const onSubmit = async (values: FormValues) => {
    setOutcome(undefined);
    try {
      const saved = await saveMyProfile(client, uid, {
        phone: values.phone.trim() || null,
        addresses: values.addresses,
      });
      reset(toForm(saved));
      setOutcome('saved');
    } catch (error) {
      const fieldErrors = error instanceof ApiRequestError ? fieldsOf(error.details) : {};
      for (const [path, messages] of Object.entries(fieldErrors))
        setError(path as FieldPath<FormValues>, { message: messages[0] ?? '' });
      setOutcome('failed');
    }
  };
  const input = 'input input-bordered min-h-11 w-full';
  return (
    <form
      className="card mt-6 bg-base-200"
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      noValidate
      aria-labelledby="saved-contact-title"
    >
      <div className="card-body gap-4">
        <h2 id="saved-contact-title" className="card-title">
          {t('savedAddress.title')}
        </h2>
        <p className="text-sm">{t('savedAddress.intro', { max: MAX_SAVED_ADDRESSES })}</p>
        <FormField label={t('contact.phone')} error={contractError(errors.phone?.message)}>
          {(field) => <input {...field} type="tel" autoComplete="tel" className={input} {...register('phone')} />}
        </FormField>
        {fields.length === 0 && <p className="text-sm">{t('savedAddress.none')}</p>}
        <ul className="grid gap-4">
          {fields.map((item, index) => (
            <li key={item.key} className="grid gap-2 rounded-box border border-base-300 bg-base-100 p-3">
              <FormField
                label={t('savedAddress.listLabel')}
                error={contractError(errors.addresses?.[index]?.label?.message)}
              >
                {(field) => (
                  <input {...field} className={input} maxLength={30} {...register(`addresses.${index}.label`)} />
                )}
              </FormField>
              {areaIds[index] === null && (
                <p className="alert alert-warning text-sm" role="status">
                  {t('area.oldAddress')}
                </p>
              )}
              {areaPicker({
                value: areaIds[index] ?? null,
                onChange: (areaId) =>
                  setValue(`addresses.${index}.areaId`, areaId, { shouldDirty: true, shouldValidate: true }),
                error: contractError(errors.addresses?.[index]?.areaId?.message),
              })}
              <FormField label={t('checkout.address')} error={contractError(errors.addresses?.[index]?.line?.message)}>
                {(field) => (
                  <textarea
                    {...field}
                    rows={2}
                    autoComplete="street-address"
                    className="textarea textarea-bordered min-h-11 w-full"
                    {...register(`addresses.${index}.line`)}
                  />
                )}
              </FormField>
              <div className="grid gap-2 sm:grid-cols-2">
                <FormField label={t('address.floor')} error={contractError(errors.addresses?.[index]?.floor?.message)}>
                  {(field) => (
                    <input {...field} className={input} maxLength={40} {...register(`addresses.${index}.floor`)} />
                  )}
                </FormField>
                <FormField
                  label={t('address.landmark')}
                  error={contractError(errors.addresses?.[index]?.landmark?.message)}
                >
                  {(field) => (
                    <input {...field} className={input} maxLength={120} {...register(`addresses.${index}.landmark`)} />
                  )}
                </FormField>
              </div>
              <FormField label={t('address.note')} error={contractError(errors.addresses?.[index]?.note?.message)}>
                {(field) => (
                  <input {...field} className={input} maxLength={200} {...register(`addresses.${index}.note`)} />
                )}
              </FormField>
              <button
                type="button"
                className="btn btn-ghost btn-sm min-h-11 justify-self-start text-error"
                aria-label={t('savedAddress.removeNamed', { label: item.label || String(index + 1) })}
                onClick={() => remove(index)}
              >
                {t('savedAddress.remove')}
              </button>
            </li>
          ))}
        </ul>
        {fields.length < MAX_SAVED_ADDRESSES && (
          <button
            type="button"
            className="btn btn-outline min-h-11 justify-self-start"
            onClick={() =>
              append({ id: crypto.randomUUID(), label: '', areaId: '', line: '', floor: '', landmark: '', note: '' })
            }
          >
            {t('savedAddress.add')}
          </button>
        )}
        {!online && <p className="text-sm">{t('savedAddress.offline')}</p>}
        {outcome === 'saved' && !formState.isDirty && (
          <p role="status" className="alert alert-success">
            {t('savedAddress.saved')}
          </p>
        )}
        {outcome === 'failed' && (
          <p role="alert" className="alert alert-error">
            {t('savedAddress.failed')}
          </p>
        )}
        <button type="submit" className="btn btn-primary min-h-11" disabled={!online || formState.isSubmitting}>
          {t('savedAddress.saveChanges')}
        </button>
      </div>
    </form>
  );
}

/** The API's 400 `details.fields` (dotted path → messages), or none. */
function fieldsOf(details: unknown): Record<string, string[]> {
  const fields = (details as { fields?: unknown } | undefined)?.fields;
  return fields && typeof fields === 'object' ? (fields as Record<string, string[]>) : {};
}
