/**
 * Why a reported problem's lines do not fit their order (400 `problem_invalid`, DESIGN.md §19), in
 * a module of its own without zod: the PWA's refusal texts (lib/i18n/api-errors.ts) load with the
 * shop's first screen and read only this list, not the claim's schemas (problem.ts re-exports it).
 */

/**
 * Why a reported line does not fit its order (400 `problem_invalid`, `details.lines[].reason`):
 * `not_in_order` (no such line), `more_than_delivered` (`max`: the units delivered that are not
 * claimed yet; 0 for a line not found), `already_claimed` (every delivered unit of it is in an
 * earlier claim).
 */
export const problemLineProblems = ['not_in_order', 'more_than_delivered', 'already_claimed'] as const;
export type ProblemLineProblem = (typeof problemLineProblems)[number];

/** `details` of a 400 `problem_invalid`: each line that does not fit, by product id and the order line's name (when it has one). */
export type ProblemInvalidDetails = {
  lines: Array<{ _id: string; reason: ProblemLineProblem; max?: number; name?: string }>;
};
