import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { reviewInputSchema } from '@contract/review';
import { FormField } from '../../../components/form-field';
import { contractError } from '../../../lib/i18n/contract-errors';
import { t, useLocale } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/toast';

const HALF_STEPS = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

type FormInput = z.input<typeof reviewInputSchema>;
type FormOutput = z.output<typeof reviewInputSchema>;

/**
 * Add Review (spec §2): 'Please make a review', a half-star rating (daisyUI rating), a 5-row
 * text area and 'Submit Review', checked with the contract's review schema (react-hook-form +
 * zod; an empty review reads 'Write a few words about your order'). `submit` sends it (POST
 * /api/reviews with an Idempotency-Key, through the outbox); success toasts 'Successfully
 * Reviewed' bottom-left and clears the text.
 */
export function ReviewForm({
  submit,
}: {
  submit: (review: { review: string; rating: number }) => Promise<'sent' | 'queued'>;
}) {
  useLocale(); // renders again in the language chosen
  const { register, control, handleSubmit, setValue, resetField, formState } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(reviewInputSchema),
    defaultValues: { review: '', rating: 5 },
  });
  const rating = useWatch({ control, name: 'rating' });
  const reviewError = formState.errors.review;
  const onValid = async (values: FormOutput) => {
    try {
      const outcome = await submit({ review: values.review, rating: values.rating });
      if (outcome === 'sent') notify('review', 'success', t('reviews.sent'));
      else notify('review', 'info', t('reviews.queued'));
      resetField('review');
    } catch (e) {
      notify('review', 'error', e instanceof Error ? e.message : t('reviews.failed'));
    }
  };
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-bold">{t('reviews.title')}</h1>
      <form className="grid gap-4" onSubmit={(event) => void handleSubmit(onValid)(event)} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">{t('reviews.yourRating', { rating })}</legend>
          <div className="rating rating-half rating-lg">
            {HALF_STEPS.map((value, i) => (
              <input
                key={value}
                type="radio"
                name="rating"
                className={`mask mask-star-2 bg-secondary ${i % 2 === 0 ? 'mask-half-1' : 'mask-half-2'}`}
                aria-label={t('reviews.stars', { value })}
                checked={rating === value}
                onChange={() => setValue('rating', value)}
              />
            ))}
          </div>
        </fieldset>
        {/* The contract says 'Required' for an empty review; this form asks in its own words. */}
        <FormField
          label={t('reviews.yourReview')}
          error={reviewError?.type === 'too_small' ? t('reviews.empty') : contractError(reviewError?.message)}
        >
          {(field) => (
            <textarea
              {...field}
              rows={5}
              required
              className={`textarea textarea-bordered w-full ${reviewError ? 'textarea-error' : ''}`}
              {...register('review')}
            />
          )}
        </FormField>
        <button type="submit" className="btn btn-primary min-h-11 justify-self-start" disabled={formState.isSubmitting}>
          {t('reviews.submit')}
        </button>
      </form>
    </section>
  );
}
