/**
 * Review contract (spec §3, DESIGN.md §3): name and e-mail come from the token, not the body;
 * the public list shows no e-mail and only `https:` pictures.
 */
import { z } from 'zod';
import { requiredText } from './fields';

/** 0.5 to 5 stars in half-star steps. */
const ratingField = z
  .number({ error: 'Choose a rating' })
  .min(0.5, { error: 'At least half a star' })
  .max(5, { error: 'At most 5 stars' })
  .refine((n) => Number.isInteger(n * 2), { error: 'Ratings go in half-star steps' });

/**
 * A reviewer's picture: an `https:` URL only. Every visitor's home page loads it, so an `http:`
 * one (mixed content, a tracking pixel in the clear) or a `data:`/`javascript:` one is refused.
 */
const reviewImageField = z
  .url({ protocol: /^https$/, error: 'Enter an https:// picture URL' })
  .max(2048, { error: 'At most 2048 characters' });

/** `POST /reviews` body. */
export const reviewInputSchema = z.object({
  review: requiredText(2000),
  rating: ratingField,
  customerImage: reviewImageField.optional(),
});

export type ReviewInput = z.input<typeof reviewInputSchema>;

/**
 * A review as the API returns it, to anyone: the reviewer's name and picture, the rating, the
 * text and when it was written (ISO 8601). Never the reviewer's e-mail, nor part of one.
 */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string().meta({ description: 'The reviewer’s name; empty when there is none (shown as “Customer”)' }),
  review: z.string(),
  rating: z.number(),
  customerImage: z.string().nullable(),
  createdAt: z.string(),
});

export type Review = z.infer<typeof reviewSchema>;

/** Reviews one account may post in any 24 hours (a rolling window, not a calendar day). */
export const REVIEWS_PER_DAY = 3;

/** The page `GET /reviews` answers without `limit`, and the largest it answers. */
export const DEFAULT_REVIEWS_PAGE = 20;
export const MAX_REVIEWS_PAGE = 100;

/**
 * `GET /reviews` query: `limit` (default {@link DEFAULT_REVIEWS_PAGE}, at most
 * {@link MAX_REVIEWS_PAGE}) and `cursor` (opaque, from the previous page's
 * `Link: <…>; rel="next"`).
 */
export const reviewListQuery = z.object({
  limit: z.coerce
    .number({ error: 'Enter a page size' })
    .int({ error: 'Enter a whole page size' })
    .min(1, { error: 'At least 1' })
    .max(MAX_REVIEWS_PAGE, { error: `At most ${MAX_REVIEWS_PAGE}` })
    .default(DEFAULT_REVIEWS_PAGE),
  cursor: z.string().trim().min(1).max(200).optional(),
});
