/**
 * Writing a review through the outbox (DESIGN.md §5 "Outbox"): `POST /api/reviews` with an
 * Idempotency-Key, queued first, sent at once when online, else when the connection returns.
 */
import type { ReviewInput } from '@contract/review';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { submit, type SubmitOutcome } from '../../../lib/offline/outbox/submit';
import { reviewKeys } from '../../../lib/query-keys';

/**
 * Queues `review` as `userEmail`'s and tries to send it now.
 * @returns `sent` with the stored review's receipt (its id), or `queued` (offline, or the server was busy).
 * @throws ApiRequestError when the server refused it (see `submit`).
 */
export const createReview = (review: ReviewInput, userEmail: string): Promise<SubmitOutcome> =>
  submit('review', review, { userEmail });

type CreateReviewOptions = {
  /** The signed-in user's e-mail: the review is sent, and shown as waiting, only for them. */
  userEmail: string;
  /** More options of the mutation; its `onSuccess` runs after the reviews are refreshed. */
  mutationConfig?: Omit<UseMutationOptions<SubmitOutcome, Error, ReviewInput>, 'mutationFn'>;
};

/**
 * Add Review's mutation: `mutateAsync(review)` writes it (see createReview). It runs offline too
 * (the outbox queues it); once a review is sent the reviews are fetched anew, then the caller's
 * `onSuccess` is called.
 */
export function useCreateReview({ userEmail, mutationConfig }: CreateReviewOptions) {
  const client = useQueryClient();
  const { onSuccess, ...rest } = mutationConfig ?? {};
  return useMutation({
    networkMode: 'always',
    ...rest,
    mutationFn: (review: ReviewInput) => createReview(review, userEmail),
    onSuccess: async (...args) => {
      if (args[0].status === 'sent') await client.invalidateQueries({ queryKey: reviewKeys.all });
      await onSuccess?.(...args);
    },
  });
}
