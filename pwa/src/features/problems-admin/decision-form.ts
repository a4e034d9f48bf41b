/**
 * The admin's decision on a problem (DESIGN.md §19) as a form: what the admin picks and types
 * (credit, refund or decline; an amount as text; a note) ↔ the body of `PUT /api/problems/:id`,
 * checked by the contract's own rules (problemDecisionSchema) and by the claim's worth (no more
 * than the shopper paid); the API's 400 field errors put onto the form's fields. Pure.
 */
import { z } from 'zod';
import {
  problemDecisionSchema,
  problemDecisions,
  type Problem,
  type ProblemDecision,
  type ProblemDecisionInput,
} from '@contract/problem';

/** The form's message for an amount above the claim's worth (the form says it in the language shown). */
export const ABOVE_WORTH = 'At most the claim’s worth';

/** What the form holds: the decision, the amount as typed (Tk), the note. */
export type DecisionFormValues = { decision: ProblemDecision; amount: string; note: string };

/** The form's first values for `problem`: credit its whole worth, no note. */
export const decisionFormValues = (problem: Pick<Problem, 'worth'>): DecisionFormValues => ({
  decision: 'credit',
  amount: String(problem.worth),
  note: '',
});

/** The decisions offered for `problem`: refund only when its order may be refunded (`refundable`). */
export const decisionsFor = (problem: Pick<Problem, 'refundable'>): ProblemDecision[] =>
  problemDecisions.filter((decision) => decision !== 'refund' || problem.refundable);

/**
 * The form's schema for a claim worth `worth` Tk: a decline sends no amount; a blank amount is
 * left out (the server then moves the whole worth); then the contract's rules, and at most the
 * worth. Its output is the API's body; its messages the contract's English (see decisionError).
 */
export const decisionFormSchema = (worth: number) =>
  z
    .object({ decision: z.enum(problemDecisions), amount: z.string(), note: z.string() })
    .transform(({ decision, amount, note }): ProblemDecisionInput => ({
      decision,
      ...(decision !== 'decline' && amount.trim() !== '' && { amount: Number(amount.trim().replace(/,/g, '')) }),
      note,
    }))
    .pipe(problemDecisionSchema)
    .superRefine((body, ctx) => {
      if (body.amount !== undefined && Math.round(body.amount * 100) > Math.round(worth * 100))
        ctx.addIssue({ code: 'custom', path: ['amount'], message: ABOVE_WORTH });
    });

/** The form's body once checked: what `PUT /api/problems/:id` takes. */
export type DecisionBody = z.output<ReturnType<typeof decisionFormSchema>>;

/** A field of the form an API field error is shown under. */
export type DecisionField = keyof DecisionFormValues;
const formFields: readonly DecisionField[] = ['decision', 'amount', 'note'];

/**
 * Takes a 400 `validation_failed` answer's `details` (`{fields: {path: [message, …]}}`) and
 * returns, per form field, its first message; `other` the messages of paths the form has no
 * field for. None is lost.
 */
export function decisionFieldErrors(details: unknown): {
  fields: Partial<Record<DecisionField, string>>;
  other: string[];
} {
  const raw = (details as { fields?: unknown } | null | undefined)?.fields;
  const fields: Partial<Record<DecisionField, string>> = {};
  const other: string[] = [];
  if (!raw || typeof raw !== 'object') return { fields, other };
  for (const [path, messages] of Object.entries(raw as Record<string, unknown>)) {
    const message = Array.isArray(messages) ? messages.find((m): m is string => typeof m === 'string') : undefined;
    if (message === undefined) continue;
    const field = formFields.find((name) => name === path.split('.')[0]);
    if (field) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
}
