/** The reviews query: `GET /api/reviews` (spec §7). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Review } from '../../../../../edge-api/src/contract/review';
import { api, readJson } from '../../../lib/api-client';

/** Fetches every review, oldest first. */
export async function getReviews(): Promise<Review[]> {
  return readJson<Review[]>(await api.reviews.$get());
}

export const reviewsQueryOptions = () => queryOptions({ queryKey: ['reviews'], queryFn: getReviews, staleTime: 60_000 });

/** The reviews list with TanStack Query's loading and error state. */
export const useReviews = () => useQuery(reviewsQueryOptions());
