/** `POST /api/reviews` with an Idempotency-Key (DESIGN.md §3); the outbox will route it offline. */
import type { Review, ReviewInput } from '../../../../../edge-api/src/contract/review';
import { api, readJson } from '../../../lib/api-client';

/** Sends one review; `idempotencyKey` is made once per review so a retry cannot post it twice. */
export async function postReview(input: ReviewInput, idempotencyKey: string = crypto.randomUUID()): Promise<Review> {
  return readJson<Review>(await api.reviews.$post({ json: input }, { headers: { 'Idempotency-Key': idempotencyKey } }));
}
