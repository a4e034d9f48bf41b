/**
 * The shop's 72 h to decide a reported problem (DESIGN.md §19, contract DECISION_WINDOW_MS), as
 * the admin's queue and the dawn board show it: whole hours left, or hours past the deadline,
 * and whether it is urgent (under 12 h left, or past). Pure: the caller passes the time now.
 */

/** Under this much time left (ms) a problem is shown urgent (red). */
const URGENT_MS = 12 * 60 * 60 * 1000;

const HOUR_MS = 60 * 60 * 1000;

/** A problem's clock: `hours` left (rounded up, ≥ 1) while not past, else hours past (rounded down, ≥ 0). */
export type DecisionClock = { late: boolean; hours: number; urgent: boolean };

/**
 * Takes a problem's `deadline` (ISO 8601) and the time `now` (epoch ms) and returns its clock:
 * "41 h left" is `{late: false, hours: 41}` (40 h 10 min rounds up to 41); past the deadline
 * `{late: true, hours}` with the whole hours since. An unreadable deadline counts as past.
 */
export function decisionClock(deadline: string, now: number): DecisionClock {
  const left = Date.parse(deadline) - now;
  if (!(left > 0))
    return { late: true, hours: Number.isFinite(left) ? Math.floor(Math.abs(left) / HOUR_MS) : 0, urgent: true };
  return { late: false, hours: Math.max(1, Math.ceil(left / HOUR_MS)), urgent: left < URGENT_MS };
}

/** Takes problems with a `deadline` and returns them oldest deadline first (the one to decide first on top); a new list. */
export const byDeadline = <T extends { deadline: string; _id: string }>(problems: readonly T[]): T[] =>
  [...problems].sort((a, b) => a.deadline.localeCompare(b.deadline) || a._id.localeCompare(b._id));
