/**
 * `/api/reviews` (spec §7, DESIGN.md §3): anyone reads (ETag, 304); a signed-in user posts with
 * an Idempotency-Key. The reviewer's name and e-mail come from the token (or their profile),
 * never from the body.
 */
import type { Row } from '@libsql/client';
import { requireUser } from '../auth/middleware';
import { reviewInputSchema, type Review } from '../contract/review';
import { factory } from '../env';
import { cacheableJson } from '../etag';
import { idempotentWrite } from '../idempotency';
import { validate } from '../validation';

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

export const reviews = factory
  .createApp()
  .get('/', async (c) => {
    const { rows } = await c.var.db.execute('SELECT id, name, email, review, rating, customer_image FROM reviews ORDER BY created_at, id');
    return cacheableJson(c, rows.map(toReview));
  })
  .post('/', requireUser, validate('json', reviewInputSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.var.user;
    return idempotentWrite(c, user.uid, input, async () => {
      const { rows } = await c.var.db.execute({ sql: 'SELECT display_name FROM users WHERE email = ?', args: [user.email] });
      const profileName = rows[0] ? String(rows[0].display_name) : '';
      const review: Review = {
        _id: crypto.randomUUID(),
        name: user.name ?? (profileName || user.email.split('@')[0] || 'Customer'),
        email: user.email,
        review: input.review,
        rating: input.rating,
        customerImage: input.customerImage ?? user.picture ?? null,
      };
      return {
        status: 201,
        body: review,
        statements: [
          {
            sql: `INSERT INTO reviews (id, user_id, name, email, review, rating, customer_image, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [review._id, user.uid, review.name, review.email, review.review, review.rating, review.customerImage, Date.now()],
          },
        ],
      };
    });
  });
