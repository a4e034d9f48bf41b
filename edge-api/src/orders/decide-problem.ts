/**
 * The admin's decision on an open problem (DESIGN.md §19): `PUT /api/problems/:id`. `credit`
 * writes the amount (default the claim's worth, never more) to the shopper's credit ledger;
 * `decline` keeps the note the shopper reads; `refund` (an order paid by bKash or card) returns
 * the amount through the order's provider. Each is ONE guarded batch — the problem decided and,
 * for a credit, its ledger entry; for a refund, its claim in the refunds ledger (db/problem-refunds.ts) —
 * under the request's Idempotency-Key when it has one. The provider is asked after the commit,
 * under the ledger's id: a refund left unfinished (a crash, a provider not answering) is finished
 * by the next request about the problem and never made twice; one the provider refused opens the
 * problem again. The shopper is told by push once the decision (and its refund) is made.
 */
import type { Context } from 'hono';
import type { z } from 'zod';
import type { Order } from '../contract/order';
import type { ProblemDecision, problemDecisionSchema, ProblemStatus } from '../contract/problem';
import { creditEntryStatement } from '../db/credit';
import { runGuardedBatch, type BatchStep } from '../db/guarded-batch';
import { findOrder } from '../db/orders';
import {
  decideProblemStatement,
  readProblem,
  reopenProblemStatement,
  stillOpenGuard,
  toProblemAnswer,
  type ProblemRecord,
} from '../db/problems';
import {
  claimedProblemRefund,
  claimProblemRefundStatement,
  problemRefundClaimedGuard,
  takeOverProblemRefund,
} from '../db/problem-refunds';
import { inWriteTurn } from '../db/write-queue';
import type { AppEnv } from '../env';
import { ApiError } from '../http/errors';
import { idempotentWrite } from '../idempotency/idempotency';
import { chargePoisha } from './amount-due';
import type { RefundRequest } from '../payments/provider';
import { notifyProblemDecided } from '../push/notify';
import { makeClaimedRefund } from './claimed-refund';
import { refundDeps } from './refund-deps';
import { refundErrors } from './refund-errors';

/** A validated `PUT /problems/:id` body. */
export type DecisionRequest = z.output<typeof problemDecisionSchema>;

/** The refusals of a refund the provider did not make. */
const refundError = refundErrors({
  failed: 'The payment service refused the refund; the problem is open again. Credit it or try later.',
  unavailable: 'The payment service cannot be reached; try again in a moment to finish the refund.',
  busy: "This problem's refund is under way; try again in a moment.",
});

/** The status each decision leaves a problem in. */
const statusOf: Record<ProblemDecision, Exclude<ProblemStatus, 'open'>> = {
  credit: 'credited',
  refund: 'refunded',
  decline: 'declined',
};

const notFound = (id: string) => new ApiError(404, 'not_found', `No problem with id ${id}.`);

/** The 409 for a problem decided already (its status now, when known). */
const alreadyDecided = (current?: ProblemStatus) =>
  new ApiError(409, 'already_decided', 'This problem has been decided already.', current ? { current } : undefined);

/** The 409 for a refund of an order not paid by bKash or card (or refunded wholly already). */
const notPrepaid = () =>
  new ApiError(409, 'not_prepaid', 'Only an order paid by bKash or card can be refunded; give credit instead.');

/** The 400 for an amount above what may be moved: `most` Tk and why. */
const amountTooLarge = (most: number, what: string) =>
  new ApiError(400, 'validation_failed', 'Some fields are invalid; see details.fields.', {
    fields: { amount: [`At most ${most} Tk (${what})`] },
  });

/** What a decision writes, planned from the problem (and its order) as read. */
type DecisionPlan = { problem: ProblemRecord; amountPoisha: number; steps: BatchStep[]; nowMs: number };

/**
 * How much of `order`'s payment is left to refund (poisha: its charge — maxAmount less the store
 * credit it took, orders/amount-due.ts — less what was refunded of it), or undefined when it was
 * not paid by a provider that can refund (bKash, card). The refunds ledger's SQL counts the same
 * (db/refunds.ts LEFT_TO_REFUND_POISHA).
 */
export function leftToRefund(order: Order): number | undefined {
  const prepaid =
    (order.paymentMethod === 'bkash' || order.paymentMethod === 'card') &&
    order.paymentStatus === 'paid' &&
    order.paymentRef !== undefined;
  return prepaid ? chargePoisha(order) - Math.round((order.refundedAmount ?? 0) * 100) : undefined;
}

/**
 * Plans admin `byUid`'s `input` on problem `id` (see the module's comment).
 * @throws ApiError 404, 409 `already_decided`, `not_prepaid`, 400 `validation_failed` (amount).
 */
async function planDecision(c: Context<AppEnv>, id: string, input: DecisionRequest): Promise<DecisionPlan> {
  const { db, user } = c.var;
  const problem = await readProblem(db, id);
  if (!problem) throw notFound(id);
  if (problem.status !== 'open') throw alreadyDecided(problem.status);
  const nowMs = Date.now();
  const amountPoisha = input.decision === 'decline' ? 0 : Math.round((input.amount ?? problem.worthPoisha / 100) * 100);
  if (amountPoisha > problem.worthPoisha) throw amountTooLarge(problem.worth, "the claim's worth");
  const decided = decideProblemStatement(
    id,
    { status: statusOf[input.decision], amountPoisha, note: input.note ?? '', byUid: user.uid },
    nowMs,
  );
  const steps: BatchStep[] = [stillOpenGuard(id, alreadyDecided()), decided];
  if (input.decision === 'credit')
    steps.push(
      creditEntryStatement({
        userId: problem.userId,
        amountPoisha,
        reason: 'problem',
        orderId: problem.orderId,
        problemId: id,
        atMs: nowMs,
      }),
    );
  if (input.decision === 'refund') {
    const left = leftToRefund(await findOrder(db, problem.orderId));
    if (left === undefined || left <= 0) throw notPrepaid();
    if (amountPoisha > left) throw amountTooLarge(left / 100, 'what is left of the payment');
    // Another refund of the order claimed meanwhile may leave less: answered as busy, not stored.
    steps.push(
      claimProblemRefundStatement(id, problem.orderId, amountPoisha, nowMs),
      problemRefundClaimedGuard(id, nowMs, refundError.busy()),
    );
  }
  return { problem, amountPoisha, steps, nowMs };
}

/**
 * Asks the order's provider for problem refund `request` and records its outcome
 * (orders/claimed-refund.ts): made (the shopper told), refused (the problem open again in the same
 * write) or unknown (the claim open to the next request).
 * @throws as makeClaimedRefund.
 */
async function makeProblemRefund(c: Context<AppEnv>, problemId: string, request: RefundRequest): Promise<void> {
  const order = await findOrder(c.var.db, request.orderId);
  const made = await makeClaimedRefund(refundDeps(c.var), order, request, {
    errors: refundError,
    what: `refund of problem ${problemId}`,
    alsoOnRefusal: [reopenProblemStatement(problemId)],
  });
  if (!made) return;
  c.var.log.info('problem refund made', {
    problemId,
    orderId: order._id,
    provider: order.paymentMethod,
    amountPoisha: request.amountPoisha,
    refundId: made.providerRef,
    retry: request.retry,
  });
  notifyProblemDecided(c, order._id, { decision: 'refund', amount: request.amountPoisha / 100 });
}

/**
 * Finishes problem `id`'s refund that an earlier request left (claimed over REFUND_CLAIM_MS ago,
 * or with no known outcome). @returns true when this request made it now.
 * @throws ApiError 503 `busy` (another request is making it), and as makeProblemRefund.
 */
async function finishProblemRefund(c: Context<AppEnv>, id: string): Promise<boolean> {
  const state = await takeOverProblemRefund(c.var.db, id);
  if (state.kind === 'busy') throw refundError.busy();
  if (state.kind !== 'claimed') return false;
  await makeProblemRefund(c, id, state.request);
  return true;
}

/**
 * `PUT /problems/:id` for the signed-in admin (DESIGN.md §19): finishes first a refund of the
 * problem an earlier request left, then decides it — under the request's Idempotency-Key when it
 * has one (a replay answers 200 with the problem as it is now) — makes its refund, and tells the
 * shopper.
 * @returns 200 with the Problem as it is now.
 * @throws ApiError 404; 409 `already_decided`, `not_prepaid`; 400 `validation_failed` (amount) —
 * stored as the key's answer when a key is sent; 502/503 when the refund was not made (a retry of
 * the same request finishes it, never twice).
 */
export async function decideProblem(c: Context<AppEnv>, id: string, input: DecisionRequest): Promise<Response> {
  const { db, user, log } = c.var;
  const finishedNow = await finishProblemRefund(c, id);
  let committed: DecisionPlan | undefined;
  let replayed = false;
  if (c.req.header('Idempotency-Key') !== undefined) {
    const res = await idempotentWrite(c, user.uid, input, async () => {
      const planned = await planDecision(c, id, input);
      committed = planned;
      const body = toProblemAnswer({
        ...planned.problem,
        status: statusOf[input.decision],
        amount: planned.amountPoisha / 100,
        note: input.note ?? '',
        decidedAt: new Date(planned.nowMs).toISOString(),
      });
      return { status: 200, body, statements: planned.steps };
    });
    if (res.status !== 200) return res;
    replayed = res.headers.get('Idempotent-Replayed') === 'true';
    if (replayed) committed = undefined;
  } else if (!(finishedNow && input.decision === 'refund')) {
    // The retry of a refund this request just finished answers the problem as it is now.
    committed = await inWriteTurn(db, async (writer) => {
      const planned = await planDecision(c, id, input);
      const failed = await runGuardedBatch(writer, planned.steps);
      if (failed) throw failed.error;
      return planned;
    });
  }
  if (committed) {
    const { problem, amountPoisha, nowMs } = committed;
    log.info('problem decided', {
      problemId: id,
      orderId: problem.orderId,
      decision: input.decision,
      amountPoisha,
      worthPoisha: problem.worthPoisha,
    });
    if (input.decision === 'refund') {
      const request = await claimedProblemRefund(db, id, nowMs);
      if (request) await makeProblemRefund(c, id, request);
    } else notifyProblemDecided(c, problem.orderId, { decision: input.decision, amount: amountPoisha / 100 });
  }
  if (replayed) c.header('Idempotent-Replayed', 'true');
  const now = await readProblem(db, id);
  if (!now) throw notFound(id);
  return c.json(toProblemAnswer(now), 200);
}
