import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { productInputSchema } from '@contract/product';

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
 * The product form (spec §2 "Add A Product", §5): placeholders 'Product Name', 'Price',
 * 'Image Url', a category dropdown defaulting to 'Select Category', with an inline message per
 * invalid field from the shared contract schema.
 */
export function ProductForm({ defaultValues, submitLabel, disabled, onSubmit, clearOnSuccess = false }: ProductFormProps) {
  const id = useId();
  const { register, handleSubmit, reset, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(productInputSchema),
    defaultValues: { name: '', price: '', image: '', category: '' as FormInput['category'], ...defaultValues },
  });
  const errors = formState.errors;
  const submit = async (product: FormOutput) => {
    if ((await onSubmit(product)) && clearOnSuccess) reset();
  };
  const message = (text: string | undefined, field: string) => text && <p id={`${id}-${field}`} className="mt-1 text-sm text-error">{text}</p>;
  return (
    <form className="mx-auto grid max-w-lg gap-4" onSubmit={handleSubmit(submit)} noValidate>
      <div>
        <input className="input input-bordered min-h-11 w-full" placeholder="Product Name" aria-label="Product Name" aria-describedby={`${id}-name`} aria-invalid={errors.name ? true : undefined} {...register('name')} />
        {message(errors.name?.message, 'name')}
      </div>
      <div>
        <input className="input input-bordered min-h-11 w-full" placeholder="Price" aria-label="Price" inputMode="decimal" aria-describedby={`${id}-price`} aria-invalid={errors.price ? true : undefined} {...register('price')} />
        {message(errors.price?.message, 'price')}
      </div>
      <div>
        <input className="input input-bordered min-h-11 w-full" placeholder="Image Url" aria-label="Image Url" aria-describedby={`${id}-image`} aria-invalid={errors.image ? true : undefined} {...register('image')} />
        {message(errors.image?.message, 'image')}
      </div>
      <div>
        <select className="select select-bordered min-h-11 w-full" aria-label="Category" aria-describedby={`${id}-category`} aria-invalid={errors.category ? true : undefined} {...register('category')}>
          <option value="">Select Category</option>
          <option value="vegetable">vegetable</option>
          <option value="fruit">fruit</option>
        </select>
        {message(errors.category?.message, 'category')}
      </div>
      <button type="submit" className="btn btn-success min-h-11" disabled={disabled || formState.isSubmitting}>
        {submitLabel}
      </button>
    </form>
  );
}
