/**
 * `/api/reviews` (spec §7, DESIGN.md §3): anyone reads (ETag, 304); a signed-in user posts with
 * an Idempotency-Key. The reviewer's name and e-mail come from the token (or their profile),
 * never from the body.
 */
import { requireUser } from '../auth/middleware';
import { reviewInputSchema, type Review } from '../contract/review';
import { insertReviewStatement, listReviews } from '../db/reviews';
import { readProfile } from '../db/users';
import { factory } from '../env';
import { cacheableJson } from '../http/etag';
import { idempotentWrite } from '../idempotency/idempotency';
import { validate } from '../http/validation';

/** The `/api/reviews` routes: list, post (idempotent). */
export const reviews = factory
  .createApp()
  .get('/', async (c) => {
    return cacheableJson(c, await listReviews(c.var.db));
  })
  .post('/', requireUser, validate('json', reviewInputSchema), async (c) => {
    const input = c.req.valid('json');
    const user = c.var.user;
    return idempotentWrite(c, user.uid, input, async () => {
      const profileName = (await readProfile(c.var.db, user))?.displayName ?? '';
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
        statements: [insertReviewStatement(review, user.uid)],
      };
    });
  });
