/**
 * The `reviews` table (DESIGN.md §4): its SQL and its row mapper. `rating` is 0.5–5 in 0.5
 * steps; `created_at` is Unix epoch ms. The list is keyset-paged newest first on
 * (created_at, id) through the `reviews_created` index. The reviewer's e-mail is stored with the
 * row (whose account wrote it) but never read into the public shape.
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { Review } from '../contract/review';
import { writeGuard, type Guard } from './guarded-batch';
import type { Cursor } from './cursor';

/** Maps a `reviews` row to the API's review shape (no e-mail). */
export function toReview(row: Row): Review {
  return {
    _id: String(row.id),
    name: String(row.name),
    review: String(row.review),
    rating: Number(row.rating),
    customerImage: row.customer_image === null ? null : String(row.customer_image),
    createdAt: new Date(Number(row.created_at)).toISOString(),
  };
}

/** A page of reviews and, when more follow, the cursor of the next page. */
export type ReviewPage = { reviews: Review[]; next?: Cursor };

/**
 * The name a review shows, as SQL: its stored name, or empty (the shop's word for a customer)
 * when that shows part of the reviewer's e-mail (an `@`, or the address's local part in any case)
 * or is the English word "Customer" that older rows hold in place of a name.
 */
const PUBLIC_NAME = `CASE WHEN instr(name, '@') > 0 OR name = 'Customer'
    OR lower(name) = lower(substr(email, 1, instr(email, '@') - 1)) THEN '' ELSE name END`;

/**
 * The statement {@link listReviews} runs: up to `limit + 1` reviews after `after` (one more
 * than the page, to know whether another follows), newest first, through `reviews_created`.
 */
function listReviewsStatement(limit: number, after?: Cursor): InStatement {
  const where = after ? 'WHERE (created_at, id) < (?, ?)' : '';
  return {
    sql: `SELECT id, ${PUBLIC_NAME} AS name, review, rating, customer_image, created_at FROM reviews ${where}
          ORDER BY created_at DESC, id DESC LIMIT ?`,
    args: after ? [after.createdAt, after.id, limit + 1] : [limit + 1],
  };
}

/**
 * Reads one page of reviews, newest first: at most `limit` after `after` (from the newest when
 * absent). Pages never skip or repeat a review, even while new ones arrive.
 * @returns the page and the next page's cursor when more follow.
 */
export async function listReviews(db: Client, limit: number, after?: Cursor): Promise<ReviewPage> {
  const { rows } = await db.execute(listReviewsStatement(limit, after));
  const reviews = rows.slice(0, limit).map(toReview);
  const last = rows[limit - 1];
  return rows.length > limit && last
    ? { reviews, next: { createdAt: Number(last.created_at), id: String(last.id) } }
    : { reviews };
}

/**
 * The statement that stores `review` (its `createdAt` is the time), written by Firebase uid
 * `userId` with their e-mail `email`, for a write batch.
 */
export function insertReviewStatement(review: Review, userId: string, email: string): InStatement {
  return {
    sql: 'INSERT INTO reviews (id, user_id, name, email, review, rating, customer_image, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    args: [
      review._id,
      userId,
      review.name,
      email,
      review.review,
      review.rating,
      review.customerImage,
      Date.parse(review.createdAt),
    ],
  };
}

/**
 * The guard that account `userId` has written at most `max` reviews in the `windowMs` before
 * `nowMs` (epoch ms), at its place in a guarded batch (db/guarded-batch.ts): placed after a
 * review's insert, it counts that review too, so concurrent posts cannot pass the limit
 * together. The count reads the window's reviews through `reviews_created`. `error` is raised
 * when it fails.
 */
export function reviewsPerWindowGuard(
  userId: string,
  max: number,
  windowMs: number,
  nowMs: number,
  error: Error,
): Guard {
  return writeGuard(
    '(SELECT count(*) FROM reviews WHERE created_at > ? AND user_id = ?) <= ?',
    [nowMs - windowMs, userId, max],
    error,
  );
}

/**
 * Deletes review `id`.
 * @returns the number of reviews deleted (1, or 0 when there is none).
 */
export async function deleteReview(db: Client, id: string): Promise<number> {
  return (await db.execute({ sql: 'DELETE FROM reviews WHERE id = ?', args: [id] })).rowsAffected;
}
