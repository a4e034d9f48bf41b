/**
 * The reviews: `GET /api/reviews` (spec §7) through TanStack Query, mirrored into IndexedDB. The
 * shop shows the newest page (the API's default page, newest first); the mirror keeps that page
 * for offline visits.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@contract/review';
import { api, readResponse } from '../../../lib/api-client';
import { mirror, useMirrored } from '../../../lib/offline/catalogue-mirror';
import { reviewKeys } from '../../../lib/query-keys';

/**
 * Reviews an admin deleted from this page. The service worker answers the reviews from its cache
 * first (stale-while-revalidate, sw.ts) and tells the page once its fresh copy differs; until
 * then that copy may still hold them, so they are left out here.
 */
const deletedHere = new Set<string>();

/** Leaves review `id` out of every list this page shows from now on (it was deleted). */
export function forgetReview(id: string): void {
  deletedHere.add(id);
}

/** `reviews` without those deleted from this page. */
export const withoutDeleted = (reviews: readonly Review[]): Review[] =>
  reviews.filter((review) => !deletedHere.has(review._id));

/**
 * Fetches the newest page of reviews and refreshes the IndexedDB mirror; returns them.
 * @throws ApiRequestError (non-2xx) or TypeError (network).
 */
async function getReviews(): Promise<Review[]> {
  const reviews = withoutDeleted(await readResponse(api.reviews.$get({ query: {} })));
  void mirror('reviews', reviews);
  return reviews;
}

/** Returns the reviews query's options. */
const reviewsQueryOptions = () => queryOptions({ queryKey: reviewKeys.all, queryFn: getReviews, staleTime: 60_000 });

/** Returns the newest reviews (fetched, else mirrored). */
export function useReviews(): { data: Review[] | undefined } {
  const query = useQuery(reviewsQueryOptions());
  const mirrored = useMirrored<Review>('reviews');
  return { data: query.data ?? (mirrored && withoutDeleted(mirrored)) };
}
