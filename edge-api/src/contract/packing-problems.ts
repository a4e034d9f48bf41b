/**
 * Why a packing entry does not fit its order (400 `packing_invalid`, DESIGN.md §17), in a module
 * of its own without zod: the PWA's refusal texts (lib/i18n/api-errors.ts) load with the shop's
 * first screen and read only this list, not the packing schemas (order.ts).
 */

/**
 * Why a packing entry does not fit its order (400 `packing_invalid`, `details.lines[].reason`):
 * `not_in_order` (a product the order has no line for), `duplicate` (a line sent twice), `missing`
 * (an ordered line not sent), `grams_required` (a found weighed line without grams),
 * `grams_out_of_range` (outside the tolerance; `min`/`max` given), `grams_not_weighed` (grams on a
 * line that is not weighed), `substitute_not_allowed` (on a `none` line, or on a line found),
 * `substitute_unknown` (not in the catalogue, or not in stock), `substitute_quantity_required`.
 */
export const packingProblems = [
  'not_in_order',
  'duplicate',
  'missing',
  'grams_required',
  'grams_out_of_range',
  'grams_not_weighed',
  'substitute_not_allowed',
  'substitute_unknown',
  'substitute_quantity_required',
] as const;
export type PackingProblem = (typeof packingProblems)[number];

/** `details` of a 400 `packing_invalid`: each entry that does not fit, by product id. */
export type PackingInvalidDetails = {
  lines: Array<{ _id: string; reason: PackingProblem; min?: number; max?: number }>;
};
