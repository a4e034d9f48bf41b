/**
 * After delivery (DESIGN.md §19): a shopper reports a spoiled, short, missing or wrong item on a
 * Delivered order, with a photo if they like; small claims become store credit at once (credit.ts),
 * larger ones wait for an admin, who credits, refunds (prepaid orders) or declines them. Money is
 * Tk to the poisha (two decimals) on the wire.
 */
import { z } from 'zod';
import { optionalText, recordId } from './fields';

/** Why a line is reported: spoiled, lighter than packed, missing from the bag, or not what was ordered. */
export const problemReasons = ['spoiled', 'short_weight', 'missing', 'wrong_item'] as const;
export type ProblemReason = (typeof problemReasons)[number];

/** How long after Delivered (its statusHistory entry) the owner may report a problem: 48 h, in ms. */
export const PROBLEM_WINDOW_MS = 48 * 60 * 60 * 1000;

/**
 * How long the shop has to decide an open problem: 72 h after it was reported, in ms (the 2021
 * Digital Commerce guidelines ask a seller to start resolving a complaint within 72 hours).
 */
export const DECISION_WINDOW_MS = 72 * 60 * 60 * 1000;

/** The default of `PROBLEM_AUTO_CREDIT_TK`: claims worth at most this (Tk) are credited at once. */
export const DEFAULT_AUTO_CREDIT_TK = 100;

/** How many claims per account are credited at once in {@link AUTO_CREDIT_PERIOD_MS}; later ones wait for an admin. */
export const MAX_AUTO_CREDITS = 2;

/** The period {@link MAX_AUTO_CREDITS} counts over: the last 30 days, in ms. */
export const AUTO_CREDIT_PERIOD_MS = 30 * 24 * 60 * 60 * 1000;

/** The most bytes a problem photo may have (`POST /api/problem-photos`; 413 `payload_too_large` above). */
export const MAX_PHOTO_BYTES = 150 * 1024;

/** The size the PWA shrinks a camera picture to before it queues it (bytes). */
export const PHOTO_TARGET_BYTES = 100 * 1024;

/** The photo types accepted, as `Content-Type` and as their bytes begin (checked both ways: 415 `unsupported_photo`). */
export const photoTypes = ['image/jpeg', 'image/webp'] as const;
export type PhotoType = (typeof photoTypes)[number];

/** The most lines one claim may name (an order has at most 100). */
const MAX_CLAIM_LINES = 100;

/**
 * One reported line: the ordered line's product `_id`, why, and how many of the sale units
 * delivered (a substitute's units when one was packed) are affected (whole units, ≥ 1).
 */
const problemLineInputSchema = z.object({
  _id: recordId,
  reason: z.enum(problemReasons, { error: `Choose one of ${problemReasons.join(', ')}` }),
  quantity: z
    .number({ error: 'Enter how many' })
    .int({ error: 'Enter a whole number' })
    .min(1, { error: 'At least 1' })
    .max(100, { error: 'At most 100' }),
});

/**
 * `POST /api/orders/:id/problems` body (the order's owner; `Idempotency-Key` required: a replay
 * answers the first answer). Within 48 h of Delivered ({@link PROBLEM_WINDOW_MS}): an order not
 * delivered is 409 `not_delivered`, later 409 `too_late`, someone else's 404. Lines that do not
 * fit the order are 400 `problem_invalid` ({@link ProblemInvalidDetails}); a `photoId` that is not
 * this account's unused photo is 400 `validation_failed` (field `photoId`). → 201 {@link Problem}.
 */
export const problemInputSchema = z.object({
  lines: z
    .array(problemLineInputSchema, { error: 'Choose at least one item' })
    .min(1, { error: 'Choose at least one item' })
    .max(MAX_CLAIM_LINES, { error: `At most ${MAX_CLAIM_LINES} items` })
    .refine((lines) => new Set(lines.map((l) => l._id)).size === lines.length, {
      error: 'Each item may appear once',
    }),
  photoId: z.string().trim().min(1).max(64).optional(),
});
export type ProblemInput = z.input<typeof problemInputSchema>;

export { problemLineProblems, type ProblemInvalidDetails, type ProblemLineProblem } from './problem-lines';

/**
 * A problem's state: `credited` (store credit given: at once, or by an admin), `refunded` (paid
 * back through the order's provider), `declined` (with the admin's note), `open` (waiting for an admin).
 */
export const problemStatuses = ['open', 'credited', 'refunded', 'declined'] as const;
export type ProblemStatus = (typeof problemStatuses)[number];

/** What an admin decides (`PUT /api/problems/:id`). */
export const problemDecisions = ['credit', 'refund', 'decline'] as const;
export type ProblemDecision = (typeof problemDecisions)[number];

/**
 * A reported line as stored: the product then (`name` as the order's line names it; a substitute's
 * name when one was packed), reason, units, and its `worth` — what the shopper paid for those
 * units (Tk, to the poisha): the line's packed price (else price × units) ÷ units delivered × units claimed.
 */
const problemLineSchema = z.object({
  _id: z.string(),
  name: z.string(),
  reason: z.enum(problemReasons),
  quantity: z.number().int(),
  worth: z.number().meta({ description: 'Tk' }),
});

/**
 * A problem as the API answers it (to its owner: `GET /api/users/me/problems` → `{problems}`,
 * newest first, at most 100; and to admins: `GET /api/problems`). `worth` is the sum of its lines'
 * (Tk); `amount` what was credited or refunded (Tk; 0 while open or when declined); `deadline`
 * is 72 h after `createdAt` (ISO 8601); `note` the admin's note (a decline's reason), '' when none.
 * `customerName` is for the admin's queue; `refundable` is true when the order was paid by bKash
 * or card and not wholly refunded (the admin may choose `refund`).
 */
export const problemSchema = z.object({
  _id: z.string(),
  orderId: z.string(),
  customerName: z.string(),
  lines: z.array(problemLineSchema),
  photoId: z.string().nullable(),
  worth: z.number().meta({ description: 'Tk' }),
  status: z.enum(problemStatuses),
  amount: z.number().meta({ description: 'Tk credited or refunded' }),
  note: z.string(),
  createdAt: z.string(),
  deadline: z.string(),
  decidedAt: z.string().nullable(),
  refundable: z.boolean(),
});
export type Problem = z.infer<typeof problemSchema>;

/** `GET /api/users/me/problems` answer: the account's problems, newest first (at most 100). */
export const myProblemsAnswerSchema = z.object({ problems: z.array(problemSchema) });

/** `POST /api/problem-photos` answer (201): the photo's id, for a claim's `photoId`. */
export const problemPhotoAnswerSchema = z.object({ photoId: z.string() });

/** `GET /api/problems` query (admin): `status` (default open; open ones oldest first, others newest decided first), paged. */
export const problemListQuery = z.object({
  status: z.enum(problemStatuses, { error: `Choose one of ${problemStatuses.join(', ')}` }).default('open'),
  limit: z.coerce
    .number({ error: 'Enter a page size' })
    .int({ error: 'Enter a whole page size' })
    .min(1, { error: 'At least 1' })
    .max(200, { error: 'At most 200' })
    .default(50),
  cursor: z.string().trim().min(1).max(200).optional(),
});

/** The most Tk one decision may move (a typo is refused, not stored). */
const MAX_DECISION_TK = 1_000_000;

/**
 * `PUT /api/problems/:id` body (admin). `credit` and `refund` take `amount` (Tk, > 0, to the
 * poisha; left out = the claim's worth; above the worth is 400 `validation_failed`, field `amount`);
 * `refund` only on a prepaid (bKash, card) paid order (409 `not_prepaid`), through its provider,
 * claimed in the refunds ledger first; `decline` needs a `note` (the shopper reads it). A problem
 * decided already is 409 `already_decided`. → 200 {@link Problem}. The shopper is told by push.
 */
export const problemDecisionSchema = z
  .object({
    decision: z.enum(problemDecisions, { error: `Choose one of ${problemDecisions.join(', ')}` }),
    amount: z
      .number({ error: 'Enter an amount (Tk)' })
      .positive({ error: 'More than 0' })
      .max(MAX_DECISION_TK, { error: `At most ${MAX_DECISION_TK} Tk` })
      .refine((tk) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6, { error: 'At most two decimals (poisha)' })
      .optional(),
    note: optionalText(300),
  })
  .superRefine((value, ctx) => {
    if (value.decision === 'decline' && !value.note)
      ctx.addIssue({ code: 'custom', path: ['note'], message: 'Say why it is declined' });
    if (value.decision === 'decline' && value.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A decline moves no money' });
  });
export type ProblemDecisionInput = z.input<typeof problemDecisionSchema>;

/** The deadline of a problem reported at `createdAtMs`: ISO 8601, 72 h later. */
export const problemDeadline = (createdAtMs: number): string =>
  new Date(createdAtMs + DECISION_WINDOW_MS).toISOString();

/**
 * Until when the owner may report a problem on an order delivered at `deliveredAt` (ISO 8601):
 * epoch ms, or null when it was never delivered.
 */
export function reportableUntilMs(deliveredAt: string | undefined): number | null {
  const ms = deliveredAt ? Date.parse(deliveredAt) : NaN;
  return Number.isFinite(ms) ? ms + PROBLEM_WINDOW_MS : null;
}
