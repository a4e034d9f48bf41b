/** Field rules shared by several contract schemas. */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from './catalogue';
import { toBdMobileE164 } from './phone';

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

/** A trimmed, optional text of at most `max` characters; an empty one counts as not given. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Expected a text' })
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .transform((text) => text || undefined)
    .optional();

/**
 * A Bangladeshi mobile number as people write it (`01711-223344`, `+880 1711 223344`…), stored
 * in E.164 (`+8801711223344`; DESIGN.md §15 "Addresses", contract/phone.ts). Anything else is
 * refused with a message showing the expected form.
 */
export const bdMobile = z
  .string({ error: 'Required' })
  .trim()
  .transform((input, ctx) => {
    const e164 = toBdMobileE164(input);
    if (e164) return e164;
    ctx.addIssue({ code: 'custom', message: 'Enter a Bangladeshi mobile number, e.g. 01711-223344' });
    return z.NEVER;
  });
