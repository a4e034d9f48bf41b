/**
 * `/api/reviews` (spec §7, DESIGN.md §3): anyone reads a page, newest first (ETag, 304; the next
 * page in `Link: <…>; rel="next"`, as `GET /orders`); a signed-in user posts with an
 * Idempotency-Key, at most REVIEWS_PER_DAY in any 24 hours; an admin deletes one. The
 * reviewer's name comes from their profile (or the token), never from the body, and the list
 * shows no e-mail, nor any part of one (an empty name: the shop says "Customer" in its language).
 */
import { z } from 'zod';
import { requireAdmin, requireUser } from '../auth/middleware';
import { recordIdParam } from '../contract/product';
import {
  DEFAULT_REVIEWS_PAGE,
  MAX_REVIEWS_PAGE,
  REVIEWS_PER_DAY,
  reviewInputSchema,
  reviewListQuery,
  reviewSchema,
  type Review,
} from '../contract/review';
import { linkNextPage, readCursor } from '../http/paging';
import { deleteReview, insertReviewStatement, listReviews, reviewsPerWindowGuard } from '../db/reviews';
import { readStoredProfile } from '../db/user-profiles';
import { readProfile } from '../db/users';
import { factory } from '../env';
import { ApiError } from '../http/errors';
import { CATALOGUE_CACHE_CONTROL, cacheableText, strongEtag } from '../http/etag';
import { idempotentWrite } from '../idempotency/idempotency';
import { validate } from '../http/validation';
import { deletedAnswer, doc } from './openapi';

/** The window REVIEWS_PER_DAY counts over (ms): the 24 hours before a post, whatever the calendar day. */
const REVIEW_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The 429 for an account's review past REVIEWS_PER_DAY in 24 hours. */
const tooManyReviews = () =>
  new ApiError(
    429,
    'too_many_reviews',
    `At most ${REVIEWS_PER_DAY} reviews in 24 hours per account; please try again tomorrow.`,
    { limit: REVIEWS_PER_DAY, windowHours: 24 },
  );

/** The token's picture when it is an `https:` URL (the only pictures a review shows), else none. */
const httpsOnly = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
};

/**
 * The name a review shows (DESIGN.md §3): the first of `candidates` (the profile's display name,
 * then the token's) that is not empty and shows no part of `email` (it has no `@` and is not the
 * address's local part, in any case). Else empty: the shop shows its own word for a customer, in
 * the shopper's language, so the API stores none.
 */
export function reviewerName(candidates: ReadonlyArray<string | undefined>, email: string): string {
  const local = email.split('@')[0]?.toLowerCase() ?? '';
  const shown = candidates
    .map((name) => name?.trim() ?? '')
    .find((name) => name !== '' && !name.includes('@') && name.toLowerCase() !== local);
  return shown ?? '';
}

/** The `/api/reviews` routes: list (paged), post (idempotent, limited), delete (admin). */
export const reviews = factory
  .createApp()
  .get(
    '/',
    doc({
      summary: `The reviews, newest first, a page of \`limit\` (default ${DEFAULT_REVIEWS_PAGE}, at most ${MAX_REVIEWS_PAGE})`,
      auth: 'anyone',
      query: reviewListQuery,
      etag: true,
      ok: {
        status: 200,
        description:
          'A page of reviews (no e-mail). When more follow, header `Link: </api/reviews?limit=…&cursor=…>; rel="next"` gives the next page',
        schema: z.array(reviewSchema),
      },
      errors: [400],
    }),
    validate('query', reviewListQuery),
    async (c) => {
      const { limit, cursor } = c.req.valid('query');
      const page = await listReviews(c.var.db, limit, readCursor(cursor));
      const link = linkNextPage(c, { limit: String(limit) }, page.next);
      const text = JSON.stringify(page.reviews);
      // Over the page and its link: the same reviews with a next page that appeared or went is a change.
      return cacheableText<Review[]>(c, text, await strongEtag(`${link}\n${text}`), CATALOGUE_CACHE_CONTROL);
    },
  )
  .post(
    '/',
    doc({
      summary: `Post a review (an \`https:\` picture or none); the name comes from the token; at most ${REVIEWS_PER_DAY} per account in any 24 hours`,
      auth: 'user',
      body: reviewInputSchema,
      idempotent: true,
      ok: { status: 201, description: 'The stored review', schema: reviewSchema },
    }),
    requireUser,
    validate('json', reviewInputSchema),
    async (c) => {
      const input = c.req.valid('json');
      const user = c.var.user;
      return idempotentWrite(c, user.uid, input, async () => {
        // The profile's name as GET /users/me reads it: saved under the e-mail, else on the account.
        const [own, stored] = await Promise.all([readProfile(c.var.db, user), readStoredProfile(c.var.db, user.uid)]);
        const now = Date.now();
        const review: Review = {
          _id: crypto.randomUUID(),
          name: reviewerName([own?.displayName, stored.displayName, user.name], user.email),
          review: input.review,
          rating: input.rating,
          customerImage: input.customerImage ?? httpsOnly(user.picture),
          createdAt: new Date(now).toISOString(),
        };
        return {
          status: 201,
          body: review,
          statements: [
            insertReviewStatement(review, user.uid, user.email),
            // After the insert, so it counts this review too: concurrent posts cannot pass the limit together.
            reviewsPerWindowGuard(user.uid, REVIEWS_PER_DAY, REVIEW_WINDOW_MS, now, tooManyReviews()),
          ],
        };
      });
    },
  )
  .delete(
    '/:id',
    doc({
      summary: 'Delete a review',
      auth: 'admin',
      params: recordIdParam,
      ok: { status: 200, description: 'Deleted', schema: deletedAnswer },
      errors: [404],
    }),
    requireAdmin,
    validate('param', recordIdParam),
    async (c) => {
      const { id } = c.req.valid('param');
      const deletedCount = await deleteReview(c.var.db, id);
      if (deletedCount === 0) throw new ApiError(404, 'not_found', `No review ${id}`);
      c.var.log.info('review deleted', { reviewId: id });
      return c.json({ deletedCount });
    },
  );
