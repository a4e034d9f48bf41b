/** The reviews: `GET /api/reviews` (spec §7) through TanStack Query, mirrored into IndexedDB. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '@contract/review';
import { api, readJson } from '../../../lib/api-client';
import { mirror, useMirrored } from '../../../lib/offline/catalogue-mirror';

/** Fetches every review, oldest first, and refreshes the IndexedDB mirror. */
export async function getReviews(): Promise<Review[]> {
  const reviews = await readJson<Review[]>(await api.reviews.$get());
  void mirror('reviews', reviews);
  return reviews;
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: ['reviews'], queryFn: getReviews, staleTime: 60_000 });

/** The reviews (fetched, else mirrored). */
export function useReviews(): { data: Review[] | undefined } {
  const query = useQuery(reviewsQueryOptions());
  const mirrored = useMirrored<Review>('reviews');
  return { data: query.data ?? mirrored };
}
