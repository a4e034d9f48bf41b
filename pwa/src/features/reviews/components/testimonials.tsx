import { lazy, Suspense } from 'react';
import { useT } from '../../../lib/i18n/i18n';
import { useCarousel } from '../../../lib/use-carousel';
import { useReviews } from '../api/get-reviews';
import { reviewerName } from '../reviewer-name';
import { StarRating } from './star-rating';

/** Only admins see it: its code loads when one does, not on every shopper's first visit. */
const DeleteReviewButton = lazy(() => import('./delete-review-button'));

function DefaultAvatar() {
  return (
    <svg viewBox="0 0 48 48" className="h-12 w-12 rounded-full bg-base-300 text-base-content/60" aria-hidden="true">
      <circle cx="24" cy="18" r="8" fill="currentColor" />
      <path d="M8 42c2-9 8-13 16-13s14 4 16 13z" fill="currentColor" />
    </svg>
  );
}

/**
 * Customer testimonials from the newest reviews (spec §1, §9): 3 per view on wide screens, 2
 * below 600 px, 1 below 480 px; no autoplay; read-only half-star ratings; a default avatar. With
 * `canDelete` (an admin) each has a Delete button.
 */
export function Testimonials({ canDelete = false }: { canDelete?: boolean }) {
  const t = useT();
  const { data: reviews } = useReviews();
  const [viewport, carousel] = useCarousel();
  if (!reviews || reviews.length === 0) return null;
  return (
    <section className="mx-auto my-12 max-w-6xl px-4" aria-labelledby="testimonials-heading">
      <div className="mb-6 flex items-center justify-between">
        <h2 id="testimonials-heading" className="text-2xl font-bold">
          {t('reviews.heading')}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn btn-circle min-h-11 min-w-11"
            onClick={carousel.previous}
            aria-label={t('reviews.previous')}
          >
            ‹
          </button>
          <button
            type="button"
            className="btn btn-circle min-h-11 min-w-11"
            onClick={carousel.next}
            aria-label={t('reviews.next')}
          >
            ›
          </button>
        </div>
      </div>
      {/* Focusable: a region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable). */}
      <div
        className="snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] rounded-box"
        ref={viewport}
        role="region"
        aria-labelledby="testimonials-heading"
        aria-roledescription={t('carousel')}
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region (above)
        tabIndex={0}
      >
        <div className="flex">
          {reviews.map((r) => (
            <figure
              key={r._id}
              className="min-w-0 shrink-0 grow-0 basis-full snap-start pr-4 min-[480px]:basis-1/2 min-[600px]:basis-1/3"
              data-testid="testimonial"
            >
              <div className="h-full rounded-box bg-base-200 p-6">
                <div className="flex items-center gap-3">
                  {r.customerImage ? (
                    <img
                      src={r.customerImage}
                      alt=""
                      width={48}
                      height={48}
                      className="h-12 w-12 rounded-full object-cover"
                      loading="lazy"
                    />
                  ) : (
                    <DefaultAvatar />
                  )}
                  <figcaption>
                    <p className="font-semibold">{reviewerName(r)}</p>
                    <StarRating rating={r.rating} />
                  </figcaption>
                  {canDelete && (
                    <Suspense fallback={null}>
                      <DeleteReviewButton review={r} />
                    </Suspense>
                  )}
                </div>
                <blockquote className="mt-4 leading-relaxed">{r.review}</blockquote>
              </div>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}
