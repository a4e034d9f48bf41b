import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { productInputSchema } from '@contract/product';
import { FormField } from '../../../components/form-field';
import { contractError } from '../../../lib/i18n/contract-errors';
import { useT } from '../../../lib/i18n/i18n';

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
 * defaulting to 'Select Category', an "In stock" switch (on for a new product) and the units in
 * stock (empty: not counted, DESIGN.md §4), with an inline
 * message per invalid field from the shared contract schema.
 */
export function ProductForm({
  defaultValues,
  submitLabel,
  disabled,
  onSubmit,
  clearOnSuccess = false,
}: ProductFormProps) {
  const t = useT();
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: {
      name: '',
      nameBn: '',
      price: '',
      image: '',
      category: '' as FormInput['category'],
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
