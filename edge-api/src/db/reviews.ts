/**
 * The `reviews` table (DESIGN.md §4): its SQL and its row mapper. `rating` is 0.5–5 in 0.5
 * steps; `created_at` is Unix epoch ms.
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { Review } from '../contract/review';

/** Maps a `reviews` row to the spec's review shape. */
export function toReview(row: Row): Review {
  return {
    _id: String(row.id),
    name: String(row.name),
    email: String(row.email),
    review: String(row.review),
    rating: Number(row.rating),
    customerImage: row.customer_image === null ? null : String(row.customer_image),
  };
}

/** Every review, oldest first (through the `reviews_created` index). */
export const LIST_REVIEWS_SQL =
  'SELECT id, name, email, review, rating, customer_image FROM reviews ORDER BY created_at, id';

/** Reads every review, oldest first. */
export async function listReviews(db: Client): Promise<Review[]> {
  return (await db.execute(LIST_REVIEWS_SQL)).rows.map(toReview);
}

/**
 * The statement that stores `review`, written by Firebase uid `userId` at `createdAtMs` (epoch
 * ms), for a write batch.
 */
export function insertReviewStatement(review: Review, userId: string, createdAtMs = Date.now()): InStatement {
  return {
    sql: 'INSERT INTO reviews (id, user_id, name, email, review, rating, customer_image, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    args: [
      review._id,
      userId,
      review.name,
      review.email,
      review.review,
      review.rating,
      review.customerImage,
      createdAtMs,
    ],
  };
}
