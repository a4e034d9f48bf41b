/**
 * Reporting a problem with a delivered order (DESIGN.md §19): `POST /api/orders/:id/problems` by
 * the order's owner, within 48 h of its Delivered entry in the timeline. Each claimed line is
 * checked against what was delivered (a line not found: 0 units; a substitute: its units; else
 * the units ordered) less what earlier claims of the order took, and is worth what the shopper
 * paid for those units. In ONE guarded batch, under the request's Idempotency-Key: the problem,
 * its photo marked used, and — for a claim worth at most PROBLEM_AUTO_CREDIT_TK while the account
 * has had fewer than MAX_AUTO_CREDITS automatic credits in AUTO_CREDIT_PERIOD_MS, counted in the
 * batch — the credit itself in the credit ledger.
 */
import type { Context } from 'hono';
import type { Order, PackedLine } from '../contract/order';
import {
  MAX_AUTO_CREDITS,
  problemDeadline,
  reportableUntilMs,
  type Problem,
  type ProblemInvalidDetails,
  type ProblemLineProblem,
  type problemInputSchema,
} from '../contract/problem';
import type { z } from 'zod';
import { creditEntryStatement } from '../db/credit';
import type { BatchStep } from '../db/guarded-batch';
import { isUnusedPhotoOf, usePhotoSteps } from '../db/problem-photos';
import {
  autoCreditLimitGuard,
  claimedUnits,
  claimsUnchangedGuard,
  countAutoCredits,
  countClaims,
  insertProblemStatement,
  type StoredProblemLine,
} from '../db/problems';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { idempotentWrite } from '../idempotency/idempotency';
import { orderFor } from './access';
import { leftToRefund } from './decide-problem';

/** A validated `POST /orders/:id/problems` body. */
export type ProblemRequest = z.output<typeof problemInputSchema>;
type OrderLine = Order['orderedProduct'][number];

/** Between the plan and its commit, something it counted on changed: it is planned again (not a refusal). */
class ClaimRaceError extends Error {
  override name = 'ClaimRaceError';
}

/** How many times a claim is planned again after a concurrent claim changed what it counted on. */
const MAX_CLAIM_ATTEMPTS = 5;

/** The 409 for an order that is not Delivered. */
const notDelivered = (current: string) =>
  new ApiError(409, 'not_delivered', 'Problems can be reported once the order is delivered.', { current });

/** The 409 for a claim after the 48 h window. */
const tooLate = (until: number) =>
  new ApiError(409, 'too_late', 'Problems can be reported for 48 hours after delivery.', {
    until: new Date(until).toISOString(),
  });

/** The 400 for a `photoId` that is not this account's unused photo. */
const photoUnusable = () =>
  new ApiError(400, 'validation_failed', 'Some fields are invalid; see details.fields.', {
    fields: { photoId: ['Not a photo you uploaded, or used by another claim already'] },
  });

/** The 503 for a claim whose order kept changing under it (not stored: the client's retry plans afresh). */
const claimBusy = () =>
  new ApiError(503, 'busy', 'This order is being changed; try again in a moment.', undefined, { retryAfterS: 1 });

/**
 * What ordered `line` delivered, as `packed` (its packing entry, when packed): units (a line not
 * found 0, a substitute its units, else the units ordered), what they cost (poisha: the packed
 * price, else price × units) and the name the shopper knows them by.
 */
function deliveredOf(
  line: OrderLine,
  packed: PackedLine | undefined,
): { units: number; costPoisha: number; name: string } {
  if (!packed)
    return { units: line.cartQuantity, costPoisha: Math.round(line.price * line.cartQuantity * 100), name: line.name };
  const costPoisha = Math.round(packed.finalPrice * 100);
  if (packed.found) return { units: line.cartQuantity, costPoisha, name: line.name };
  if (packed.substitute) return { units: packed.substitute.quantity, costPoisha, name: packed.substitute.name };
  return { units: 0, costPoisha: 0, name: line.name };
}

/**
 * What `claimed` units of `delivered` units costing `costPoisha` are worth (poisha): their share
 * of the cost, rounded down so that the claims of a line never add up to more than it cost.
 */
const worthOf = (costPoisha: number, delivered: number, claimed: number): number =>
  delivered <= 0 ? 0 : Math.min(costPoisha, Math.floor((costPoisha * claimed) / delivered));

/**
 * The claim's lines as stored, with their worth, checked against `order` and the units `claimed`
 * before. @throws ApiError 400 `problem_invalid` naming each line that does not fit.
 */
function claimLines(order: Order, input: ProblemRequest, claimed: ReadonlyMap<string, number>): StoredProblemLine[] {
  const invalid: ProblemInvalidDetails['lines'] = [];
  const lines: StoredProblemLine[] = [];
  for (const asked of input.lines) {
    const at = order.orderedProduct.findIndex((line) => line._id === asked._id);
    const line = order.orderedProduct[at];
    if (!line) {
      invalid.push({ _id: asked._id, reason: 'not_in_order' });
      continue;
    }
    const delivered = deliveredOf(line, order.packing?.lines[at]);
    const left = Math.max(0, delivered.units - (claimed.get(line._id) ?? 0));
    if (asked.quantity > left) {
      const reason: ProblemLineProblem = delivered.units > 0 && left === 0 ? 'already_claimed' : 'more_than_delivered';
      invalid.push({ _id: asked._id, reason, max: left, name: delivered.name });
      continue;
    }
    lines.push({
      _id: line._id,
      name: delivered.name,
      reason: asked.reason,
      quantity: asked.quantity,
      worthPoisha: worthOf(delivered.costPoisha, delivered.units, asked.quantity),
    });
  }
  if (invalid.length > 0) {
    const named = invalid.map((line) => `${line._id}: ${line.reason.replace(/_/g, ' ')}`).join('; ');
    throw new ApiError(400, 'problem_invalid', `The claim does not fit the order: ${named}`, {
      lines: invalid,
    } satisfies ProblemInvalidDetails);
  }
  return lines;
}

/** When `order` was delivered (epoch ms, its timeline's Delivered entry), or undefined. */
function deliveredAtMs(order: Order): number | undefined {
  const until = reportableUntilMs(order.statusHistory.find((change) => change.status === 'Delivered')?.at);
  return until === null ? undefined : until;
}

/** A claim as planned, for the operator's log line: its id, worth (poisha) and whether it was credited at once. */
type Reported = { id: string; worthPoisha: number; auto: boolean };

/**
 * `POST /orders/:id/problems` for the signed-in shopper (DESIGN.md §19), under the request's
 * Idempotency-Key (required: a replay answers the first answer).
 * @returns 201 with the Problem (status credited when credited at once, else open).
 * @throws OrderNotFoundError (404: unknown, or another account's); ApiError 409 `not_delivered`,
 * `too_late`; 400 `problem_invalid` (details.lines), `validation_failed` (field photoId) — each
 * stored as the key's answer; 503 `busy` when the order's claims keep changing under it.
 */
export async function reportProblem(c: Context<AppEnv>, orderId: string, input: ProblemRequest): Promise<Response> {
  const { db, user, config, log } = c.var;
  const autoCreditPoisha = Math.round(config.problemAutoCreditTk * 100);
  // What the last planned claim was, for the log once it committed.
  const planned: { reported: Reported | undefined } = { reported: undefined };
  const write = async () => {
    const { order } = await orderFor(c.var, user, orderId, 'owner');
    if (order.orderStatus !== 'Delivered') throw notDelivered(order.orderStatus);
    const nowMs = Date.now();
    const until = deliveredAtMs(order);
    if (until === undefined || nowMs > until) throw tooLate(until ?? nowMs);
    const [claimed, claims, autoCredits] = await Promise.all([
      claimedUnits(db, orderId),
      countClaims(db, orderId),
      countAutoCredits(db, user.uid, nowMs),
    ]);
    const lines = claimLines(order, input, claimed);
    if (input.photoId !== undefined && !(await isUnusedPhotoOf(db, input.photoId, user.uid))) throw photoUnusable();
    const worthPoisha = lines.reduce((sum, line) => sum + line.worthPoisha, 0);
    const auto = worthPoisha > 0 && worthPoisha <= autoCreditPoisha && autoCredits < MAX_AUTO_CREDITS;
    const id = crypto.randomUUID();
    const problem = {
      id,
      orderId,
      uid: user.uid,
      lines,
      photoId: input.photoId ?? null,
      worthPoisha,
      autoCredited: auto,
      nowMs,
    };
    const steps: BatchStep[] = [
      claimsUnchangedGuard(orderId, claims, new ClaimRaceError(orderId)),
      insertProblemStatement(problem),
      ...(input.photoId === undefined ? [] : usePhotoSteps(input.photoId, user.uid, id, photoUnusable())),
      ...(auto
        ? [
            autoCreditLimitGuard(user.uid, nowMs, MAX_AUTO_CREDITS, new ClaimRaceError(orderId)),
            creditEntryStatement({
              userId: user.uid,
              amountPoisha: worthPoisha,
              reason: 'problem',
              orderId,
              problemId: id,
              atMs: nowMs,
            }),
          ]
        : []),
    ];
    planned.reported = { id, worthPoisha, auto };
    const body: Problem = {
      _id: id,
      orderId,
      customerName: order.customerName,
      lines: lines.map(({ worthPoisha: poisha, ...line }) => ({ ...line, worth: poisha / 100 })),
      photoId: problem.photoId,
      worth: worthPoisha / 100,
      status: auto ? 'credited' : 'open',
      amount: auto ? worthPoisha / 100 : 0,
      note: '',
      createdAt: new Date(nowMs).toISOString(),
      deadline: problemDeadline(nowMs),
      decidedAt: auto ? new Date(nowMs).toISOString() : null,
      refundable: refundableNow(order),
    };
    return { status: 201 as const, body, statements: steps };
  };
  for (let attempt = 1; ; attempt += 1) {
    planned.reported = undefined;
    try {
      const res = await idempotentWrite(c, user.uid, input, write);
      // Set by `write` when it ran (TypeScript cannot see the callback's assignment).
      const reported = planned.reported as Reported | undefined;
      if (reported && res.status === 201 && res.headers.get('Idempotent-Replayed') !== 'true')
        log.info(reported.auto ? 'problem reported, credited at once' : 'problem reported, open', {
          orderId,
          problemId: reported.id,
          worthPoisha: reported.worthPoisha,
        });
      return res;
    } catch (error) {
      if (!(error instanceof ClaimRaceError)) throw error;
      if (attempt === MAX_CLAIM_ATTEMPTS) throw claimBusy();
    }
  }
}

/** Whether the admin may refund a problem of `order` as it is now: paid by bKash or card and not wholly refunded. */
const refundableNow = (order: Order): boolean => (leftToRefund(order) ?? 0) > 0;
