import { useT } from '../../../lib/i18n/i18n';

/** Read-only stars in half steps (daisyUI rating), e.g. 3.5 → three and a half filled stars. */
export function StarRating({ rating }: { rating: number }) {
  const t = useT();
  const halves = Math.round(rating * 2);
  return (
    <div
      className="rating rating-half rating-sm"
      role="img"
      aria-label={t('reviews.rated', { rating })}
      data-rating={rating}
    >
      {Array.from({ length: 10 }, (_, i) => (
        <div
          key={i}
          className={`mask mask-star-2 ${i % 2 === 0 ? 'mask-half-1' : 'mask-half-2'} ${i < halves ? 'bg-secondary' : 'bg-base-300'}`}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
