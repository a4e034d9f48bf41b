import { useState, type FormEvent } from 'react';
import { notify } from '../../../lib/toast';

const HALF_STEPS = Array.from({ length: 10 }, (_, i) => (i + 1) / 2);

/**
 * Add Review (spec §2): 'Please make a review', a half-star rating (daisyUI rating), a 5-row
 * text area (required) and 'Submit Review'. `submit` sends it (POST /api/reviews with an
 * Idempotency-Key, through the outbox); success toasts 'Successfully Reviewed' bottom-left.
 */
export function ReviewForm({ submit }: { submit: (review: { review: string; rating: number }) => Promise<'sent' | 'queued'> }) {
  const [rating, setRating] = useState(5);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError('Write a few words about your order');
      return;
    }
    setSending(true);
    try {
      const outcome = await submit({ review: text.trim(), rating });
      if (outcome === 'sent') notify('review', 'success', 'Successfully Reviewed');
      else notify('review', 'info', 'Review saved: it will be sent when you are back online.');
      setText('');
      setError('');
    } catch (e) {
      notify('review', 'error', e instanceof Error ? e.message : 'The review could not be sent');
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="mx-auto max-w-lg">
      <h1 className="mb-6 text-2xl font-bold">Please make a review</h1>
      <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-medium">Your rating: {rating} of 5</legend>
          <div className="rating rating-half rating-lg">
            {HALF_STEPS.map((value, i) => (
              <input
                key={value}
                type="radio"
                name="rating"
                className={`mask mask-star-2 bg-secondary ${i % 2 === 0 ? 'mask-half-1' : 'mask-half-2'}`}
                aria-label={`${value} stars`}
                checked={rating === value}
                onChange={() => setRating(value)}
              />
            ))}
          </div>
        </fieldset>
        <label className="block">
          <span className="mb-1 block text-sm font-medium">Your review</span>
          <textarea rows={5} required className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''}`} value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? true : undefined} />
          {error && <span className="mt-1 block text-sm text-error">{error}</span>}
        </label>
        <button type="submit" className="btn btn-primary min-h-11 justify-self-start" disabled={sending}>Submit Review</button>
      </form>
    </section>
  );
}
