/** The reviews: `GET /api/reviews` (spec §7) through TanStack Query, mirrored into IndexedDB. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@contract/review';
import { api, readResponse } from '../../../lib/api-client';
import { mirror, useMirrored } from '../../../lib/offline/catalogue-mirror';
import { reviewKeys } from '../../../lib/query-keys';

/**
 * Fetches every review, oldest first, and refreshes the IndexedDB mirror; returns them.
 * @throws ApiRequestError (non-2xx) or TypeError (network).
 */
export async function getReviews(): Promise<Review[]> {
  const reviews = await readResponse(api.reviews.$get());
  void mirror('reviews', reviews);
  return reviews;
}

/** Returns the reviews query's options. */
export const reviewsQueryOptions = () =>
  queryOptions({ queryKey: reviewKeys.all, queryFn: getReviews, staleTime: 60_000 });

/** Returns the reviews (fetched, else mirrored). */
export function useReviews(): { data: Review[] | undefined } {
  const query = useQuery(reviewsQueryOptions());
  const mirrored = useMirrored<Review>('reviews');
  return { data: query.data ?? mirrored };
}
