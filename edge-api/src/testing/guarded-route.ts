/**
 * A test route that writes through idempotentWrite with a guard: each user (the `X-Test-User`
 * header) may post one review; the guard counts their reviews inside the write's own batch.
 */
import type { Client } from '@libsql/client';
import { Hono } from 'hono';
import type { Review } from '../contract/review';
import { insertReviewStatement } from '../db/reviews';
import type { AppEnv } from '../env';
import { ApiError, onError } from '../http/errors';
import { writeGuard } from '../db/guarded-batch';
import { idempotentWrite } from '../idempotency/idempotency';
import { requestLog } from '../http/logger';

/**
 * @returns an app on `db` answering `POST /api/one-review` (`{review}`, an Idempotency-Key and
 * `X-Test-User`) with 201 and the review, or 409 `one_review_each` when the user has one already.
 */
export function oneReviewEachApp(db: Client) {
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('db', db);
      c.set('log', requestLog(crypto.randomUUID()));
      await next();
    })
    .post('/api/one-review', async (c) => {
      const body = (await c.req.json()) as { review: string };
      const userId = c.req.header('X-Test-User') ?? 'uid-guarded';
      return idempotentWrite(c, userId, body, async () => {
        const review: Review = {
          _id: crypto.randomUUID(),
          name: 'Guarded',
          review: body.review,
          rating: 5,
          customerImage: null,
          createdAt: new Date().toISOString(),
        };
        return {
          status: 201,
          body: review,
          statements: [
            insertReviewStatement(review, userId, 'guarded@example.test'),
            writeGuard(
              '(SELECT count(*) FROM reviews WHERE user_id = ?) <= 1',
              [userId],
              new ApiError(409, 'one_review_each', 'You have reviewed already.'),
            ),
          ],
        };
      });
    });
  app.onError(onError);
  return app;
}
