import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { DeliveryArea } from '@contract/delivery-area';
import { DialogFormFooter } from '../../../components/dialog-form-footer';
import { FormField, type FieldControlProps } from '../../../components/form-field';
import { ApiRequestError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { apiErrorText } from '../../../lib/i18n/api-errors';
import { currentLocale, useT } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';
import { useSaveDeliveryArea } from '../api/delivery-areas';
import { areaError } from '../area-errors';
import {
  areaFieldErrors,
  areaFormSchema,
  areaFormValues,
  newAreaValues,
  type AreaBody,
  type AreaFormValues,
  type SlotTime,
} from '../area-form';

/** `HH:MM` as the language shown writes it: `09:00`, Bangla `০৯:০০`. */
export const clockText = (hhmm: string): string =>
  currentLocale() === 'en' ? hhmm : hhmm.replace(/\d/g, (digit) => formatNumber(Number(digit)));

type AreaFormDialogProps = {
  /** The area to edit; a new one when undefined. */
  area?: DeliveryArea;
  /** The shop's slot times to tick (area-form.ts slotTimes). */
  slotTimes: readonly SlotTime[];
  /** The thanas the areas are in already, offered as the thana is typed. */
  thanas: readonly string[];
  /** Whether saving is possible (online). */
  canSave: boolean;
  onClose: () => void;
};

/**
 * The area form (DESIGN.md §15) in a modal dialog: name, Bangla name, thana, a new area's id
 * (optional: else the server makes it from the name), fee (blank: the
 * spec's 40/80 Tk), minimum order (blank: none), free delivery from (blank: never), the slots
 * (all, or ticked ones) and on/off. Checked with the contract's rules before sending; the API's
 * 400 field errors go under their fields too, in the language shown. Saved: a toast (top-center)
 * and the dialog closes; Escape or Cancel closes it unsaved.
 */
export function AreaFormDialog({ area, slotTimes, thanas, canSave, onClose }: AreaFormDialogProps) {
  const t = useT();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const save = useSaveDeliveryArea();
  const [failure, setFailure] = useState<string[]>();
  const { register, handleSubmit, formState, control, setError } = useForm<AreaFormValues, unknown, AreaBody>({
    resolver: zodResolver(areaFormSchema),
    defaultValues: area ? areaFormValues(area) : newAreaValues(),
  });
  const { errors } = formState;
  const allSlots = useWatch({ control, name: 'allSlots' });
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = async (body: AreaBody) => {
    setFailure(undefined);
    try {
      const saved = await save.mutateAsync({ id: area?.id, body });
      notify('admin', 'success', t('areas.saved', { name: saved.name }));
      dialog.current?.close();
    } catch (error) {
      const invalid = error instanceof ApiRequestError && error.code === 'validation_failed';
      const { fields, other } = invalid ? areaFieldErrors(error.details) : { fields: {}, other: [] };
      for (const [field, message] of Object.entries(fields)) setError(field as keyof typeof fields, { message });
      const said = invalid ? t('areas.notSaved') : apiErrorText(error, t('areas.notSavedOther'));
      setFailure([said, ...other.map((message) => areaError(message) ?? message)]);
      notify('admin', 'error', said);
    }
  };

  const input = 'input input-bordered min-h-11 w-full';
  /** The field's error and its hint, both read out with it. */
  const withHint = (field: FieldControlProps, hint: string) => ({
    ...field,
    'aria-describedby': [field['aria-describedby'], `${ids}-${hint}`].filter(Boolean).join(' '),
  });
  const hint = (name: string, text: string) => (
    <p id={`${ids}-${name}`} className="mt-1 text-xs text-base-content/70">
      {text}
    </p>
  );
  const amount = (name: 'fee' | 'minimumOrder' | 'freeDeliveryAbove', label: string, hintText: string) => (
    <div>
      <FormField label={label} error={areaError(errors[name]?.message)}>
        {(field) => <input {...withHint(field, name)} className={input} inputMode="numeric" {...register(name)} />}
      </FormField>
      {hint(name, hintText)}
    </div>
  );
  return (
    <dialog
      ref={dialog}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={`${ids}-title`}
      onClose={onClose}
    >
      <div className="modal-box max-h-[92dvh] w-full sm:max-w-2xl">
        <h2 id={`${ids}-title`} className="mb-4 text-xl font-bold">
          {area ? t('areas.editTitle', { name: area.name }) : t('areas.addTitle')}
        </h2>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => void handleSubmit(submit)(event)}
          noValidate
          data-testid="area-form"
        >
          <FormField label={t('areas.name')} error={areaError(errors.name?.message)}>
            {(field) => <input {...field} className={input} autoComplete="off" {...register('name')} />}
          </FormField>
          <FormField label={t('areas.nameBn')} error={areaError(errors.nameBn?.message)}>
            {(field) => <input {...field} className={input} lang="bn" autoComplete="off" {...register('nameBn')} />}
          </FormField>
          <FormField label={t('areas.thana')} error={areaError(errors.thana?.message)}>
            {(field) => (
              <input {...field} className={input} list={`${ids}-thanas`} autoComplete="off" {...register('thana')} />
            )}
          </FormField>
          {!area && (
            <div>
              <FormField label={t('areas.id')} error={areaError(errors.id?.message)}>
                {(field) => (
                  <input
                    {...withHint(field, 'id')}
                    className={`${input} font-mono`}
                    autoComplete="off"
                    autoCapitalize="none"
                    spellCheck={false}
                    {...register('id')}
                  />
                )}
              </FormField>
              {hint('id', t('areas.idHint'))}
            </div>
          )}
          <datalist id={`${ids}-thanas`}>
            {thanas.map((thana) => (
              <option key={thana} value={thana} />
            ))}
          </datalist>
          {amount('fee', t('areas.fee'), t('areas.feeHint'))}
          {amount('minimumOrder', t('areas.minimum'), t('areas.minimumHint'))}
          {amount('freeDeliveryAbove', t('areas.freeAbove'), t('areas.freeAboveHint'))}
          <fieldset
            className="rounded-box border border-base-300 p-3 sm:col-span-2"
            aria-invalid={errors.slots ? true : undefined}
            aria-describedby={errors.slots ? `${ids}-slots-error` : undefined}
          >
            <legend className="px-1 text-sm font-medium">{t('areas.slots')}</legend>
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" className="checkbox" {...register('allSlots')} />
              {t('areas.allSlots')}
            </label>
            <Controller
              control={control}
              name="slots"
              render={({ field }) => (
                <div className="grid grid-cols-2 gap-x-4 sm:grid-cols-3">
                  {slotTimes.map((slot) => (
                    <label
                      key={slot.start}
                      className={`flex min-h-11 items-center gap-3 ${allSlots ? 'text-base-content/60' : 'cursor-pointer'}`}
                    >
                      <input
                        type="checkbox"
                        className="checkbox checkbox-sm"
                        disabled={allSlots}
                        checked={allSlots || field.value.includes(slot.start)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, slot.start]
                              : field.value.filter((start) => start !== slot.start),
                          )
                        }
                      />
                      {slot.end ? `${clockText(slot.start)}–${clockText(slot.end)}` : clockText(slot.start)}
                    </label>
                  ))}
                </div>
              )}
            />
            {errors.slots && (
              <p id={`${ids}-slots-error`} className="mt-1 text-sm text-error">
                {areaError(errors.slots.message)}
              </p>
            )}
          </fieldset>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 sm:col-span-2">
            <input type="checkbox" role="switch" className="toggle toggle-success" {...register('active')} />
            {t('areas.active')}
          </label>
          <DialogFormFooter
            failure={failure}
            cancelLabel={t('areas.cancel')}
            onCancel={() => dialog.current?.close()}
            submitLabel={t('areas.save')}
            submitClassName="btn-success"
            disabled={!canSave || formState.isSubmitting}
            className="sm:col-span-2"
          />
        </form>
      </div>
    </dialog>
  );
}
