import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { saleUnits } from '@contract/catalogue';
import { productInputSchema, unitSizeField, unitField } from '@contract/product';
import { FormField, type FieldControlProps } from '../../../components/form-field';
import { contractError } from '../../../lib/i18n/contract-errors';
import { useT } from '../../../lib/i18n/i18n';
import { unitLabel, unitOptionLabel } from '../../../lib/i18n/sale-unit';

type FormInput = z.input<typeof productInputSchema>;

type FormOutput = z.output<typeof productInputSchema>;

type ProductFormProps = {
  defaultValues?: Partial<FormInput>;
  submitLabel: string;
  disabled: boolean;
  /** Resolves true when saved; the add form is then cleared. */
  onSubmit: (product: FormOutput) => Promise<boolean>;
  clearOnSuccess?: boolean;
};

/**
 * The product form (spec §2 "Add A Product", §5): placeholders 'Product Name', 'Bangla name',
 * 'Price', 'Image Url' (each also the field's visually hidden label), a category dropdown
 * defaulting to 'Select Category', the sale unit (DESIGN.md §4 "Units": a dropdown, kg for a new
 * product; its size; a weight tolerance in grams, optional — each labelled, with a hint), an
 * "In stock" switch (on for a new product) and the units in stock (empty: not counted, DESIGN.md
 * §4), with an inline message per invalid field from the shared contract schema.
 */
export function ProductForm({
  defaultValues,
  submitLabel,
  disabled,
  onSubmit,
  clearOnSuccess = false,
}: ProductFormProps) {
  const t = useT();
  const hintId = useId();
  const { register, handleSubmit, reset, formState, control } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: {
      name: '',
      nameBn: '',
      price: '',
      image: '',
      category: '' as FormInput['category'],
      unit: 'kg',
      unitSize: '1',
      weightTolerance: '',
      inStock: true,
      stock: null,
      ...defaultValues,
    },
  });
  const errors = formState.errors;
  const submit = async (product: FormOutput) => {
    if ((await onSubmit(product)) && clearOnSuccess) reset();
  };
  const input = 'input input-bordered min-h-11 w-full';
  // The price label the shop will show for the unit chosen (e.g. "/ 250 g"), once the unit and size are valid.
  const [unit, unitSize] = useWatch({ control, name: ['unit', 'unitSize'] });
  const shownUnit = unitField.safeParse(unit);
  const shownSize = unitSizeField.safeParse(unitSize);
  const preview =
    shownUnit.success && shownSize.success ? unitLabel({ unit: shownUnit.data, unitSize: shownSize.data }) : undefined;
  /** The field's error and the unit hint, both read out with it. */
  const describedWithHint = (field: FieldControlProps) => ({
    ...field,
    'aria-describedby': [field['aria-describedby'], hintId].filter(Boolean).join(' '),
  });
  return (
    <form className="mx-auto grid max-w-lg gap-4" onSubmit={handleSubmit(submit)} noValidate>
      <FormField label={t('product.name')} hideLabel error={contractError(errors.name?.message)}>
        {(field) => <input {...field} className={input} placeholder={t('product.name')} {...register('name')} />}
      </FormField>
      <FormField label={t('product.nameBn')} hideLabel error={contractError(errors.nameBn?.message)}>
        {(field) => (
          <input {...field} className={input} placeholder={t('product.nameBn')} lang="bn" {...register('nameBn')} />
        )}
      </FormField>
      <FormField label={t('product.price')} hideLabel error={contractError(errors.price?.message)}>
        {(field) => (
          <input
            {...field}
            className={input}
            placeholder={t('product.price')}
            inputMode="decimal"
            {...register('price')}
          />
        )}
      </FormField>
      <FormField label={t('product.imageUrl')} hideLabel error={contractError(errors.image?.message)}>
        {(field) => <input {...field} className={input} placeholder={t('product.imageUrl')} {...register('image')} />}
      </FormField>
      <FormField label={t('product.category')} hideLabel error={contractError(errors.category?.message)}>
        {(field) => (
          <select {...field} className="select select-bordered min-h-11 w-full" {...register('category')}>
            <option value="">{t('product.selectCategory')}</option>
            <option value="vegetable">{t('product.vegetable')}</option>
            <option value="fruit">{t('product.fruit')}</option>
          </select>
        )}
      </FormField>
      <fieldset className="grid gap-3 rounded-box border border-base-300 p-3 sm:grid-cols-2">
        <legend className="px-1 text-sm font-medium">{t('unit.field')}</legend>
        <FormField
          label={t('unit.field')}
          hideLabel
          className="sm:col-span-2"
          error={contractError(errors.unit?.message)}
        >
          {(field) => (
            <select {...field} className="select select-bordered min-h-11 w-full" {...register('unit')}>
              {saleUnits.map((unit) => (
                <option key={unit} value={unit}>
                  {unitOptionLabel(unit)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label={t('unit.sizeField')} error={contractError(errors.unitSize?.message)}>
          {(field) => (
            <input {...describedWithHint(field)} className={input} inputMode="numeric" {...register('unitSize')} />
          )}
        </FormField>
        <FormField label={t('unit.toleranceField')} error={contractError(errors.weightTolerance?.message)}>
          {(field) => (
            <input
              {...describedWithHint(field)}
              className={input}
              inputMode="numeric"
              placeholder="50"
              {...register('weightTolerance')}
            />
          )}
        </FormField>
        <div id={hintId} className="grid gap-1 text-sm text-base-content/70 sm:col-span-2">
          <p>{t('unit.sizeHint')}</p>
          <p>{t('unit.toleranceHint')}</p>
          {preview && (
            <p className="font-medium text-base-content" data-testid="unit-preview">
              {t('unit.preview', { unit: preview })}
            </p>
          )}
        </div>
      </fieldset>
      <FormField label={t('product.inStock')} className="flex min-h-11 flex-row-reverse items-center justify-end gap-3">
        {(field) => <input {...field} type="checkbox" className="toggle toggle-success" {...register('inStock')} />}
      </FormField>
      <FormField label={t('product.stock')} error={contractError(errors.stock?.message)}>
        {(field) => (
          <input
            {...field}
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            className={input}
            placeholder={t('product.stockNotCounted')}
            {...register('stock', {
              setValueAs: (value: unknown) => (value === '' || value === null ? null : Number(value)),
            })}
          />
        )}
      </FormField>
      <button type="submit" className="btn btn-success min-h-11" disabled={disabled || formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
