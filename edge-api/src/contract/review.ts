/** Review contract (spec §3, DESIGN.md §3): name and e-mail come from the token, not the body. */
import { z } from 'zod';
import { requiredText } from './fields';

/** 0.5 to 5 stars in half-star steps. */
export const ratingField = z
  .number({ error: 'Choose a rating' })
  .min(0.5, { error: 'At least half a star' })
  .max(5, { error: 'At most 5 stars' })
  .refine((n) => Number.isInteger(n * 2), { error: 'Ratings go in half-star steps' });

/** `POST /reviews` body. */
export const reviewInputSchema = z.object({
  review: requiredText(2000),
  rating: ratingField,
  customerImage: z
    .url({ protocol: /^https?$/, error: 'Enter an http(s) picture URL' })
    .max(2048)
    .optional(),
});

export type ReviewInput = z.input<typeof reviewInputSchema>;

/** A review as the API returns it. */
export const reviewSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  review: z.string(),
  rating: z.number(),
  customerImage: z.string().nullable(),
});

export type Review = z.infer<typeof reviewSchema>;
