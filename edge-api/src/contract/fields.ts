/** Field rules shared by several contract schemas. */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './catalogue';

/** A trimmed, required text of at most `max` characters, with a message naming the limit. */
export const requiredText = (max: number) =>
  z
    .string({ error: 'Required' })
    .trim()
    .min(1, { error: 'Required' })
    .max(max, { error: `At most ${max} characters` });

/** An e-mail address (lower-cased), as Firebase accounts use. */
export const email = z
  .string({ error: 'Required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));

/** An id as the API hands them out (UUID-like text, bounded). */
export const recordId = z
  .string({ error: 'Required' })
  .trim()
  .min(1, { error: 'Required' })
  .max(64, { error: 'Unknown id' });

/**
 * Sale units of one product in a cart or an order (kilograms for a kg product, packs, bundles…):
 * a whole number from 1 to 100 (spec §4, DESIGN.md §4 "Units").
 */
export const cartQuantityField = z
  .number({ error: 'Enter a whole number of units' })
  .int({ error: 'Enter a whole number of units' })
  .min(1, { error: 'At least 1 unit' })
  .max(MAX_LINE_QUANTITY, { error: `At most ${MAX_LINE_QUANTITY} units` });
