/** `POST /api/reviews` (spec §7), sent directly: used only where the offline outbox cannot be (no IndexedDB). */
import type { Review, ReviewInput } from '@contract/review';
import { api, readJson } from '../../../lib/api-client';

/** Posts `review` for the signed-in user; the same `idempotencyKey` on a retry makes no second review. Throws ApiError. */
export async function postReview(review: ReviewInput, idempotencyKey: string): Promise<Review> {
  return readJson<Review>(await api.reviews.$post({ json: review }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
