/** `POST /api/reviews` (spec §7), sent directly; Add Review sends through the offline outbox (lib/offline/outbox), which replays the same request. */
import type { Review, ReviewInput } from '@contract/review';
import { api, readUntypedResponse } from '../../../lib/api-client';

/**
 * Posts `review` for the signed-in user; the same `idempotencyKey` on a retry makes no second
 * review. Returns the stored review.
 * @throws ApiRequestError (non-2xx) or TypeError (network).
 */
export async function postReview(review: ReviewInput, idempotencyKey: string): Promise<Review> {
  return readUntypedResponse<Review>(api.reviews.$post({ json: review }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
