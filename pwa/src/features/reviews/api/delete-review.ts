/**
 * An admin deletes a review: `DELETE /api/reviews/:id` (DESIGN.md §3), online only (never through
 * the outbox). Once deleted it leaves the list shown and its mirror at once, then the reviews are
 * fetched anew.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@contract/review';
import { api, readResponse } from '../../../lib/api-client';
import { mirror } from '../../../lib/offline/catalogue-mirror';
import { reviewKeys } from '../../../lib/query-keys';
import { forgetReview, withoutDeleted } from './get-reviews';

/** Deletes review `id`. @returns `{deletedCount}`. @throws ApiRequestError (404 when it is gone already) or TypeError (network). */
export const deleteReview = (id: string) => readResponse(api.reviews[':id'].$delete({ param: { id } }));

/** The delete button's mutation: `mutate(id)`; on success the list drops the review, then refreshes. */
export function useDeleteReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteReview,
    onSuccess: (_result, id) => {
      forgetReview(id);
      const shown = client.getQueryData<Review[]>(reviewKeys.all);
      if (shown) {
        const left = withoutDeleted(shown);
        client.setQueryData(reviewKeys.all, left);
        void mirror('reviews', left);
      }
      void client.invalidateQueries({ queryKey: reviewKeys.all });
    },
  });
}
