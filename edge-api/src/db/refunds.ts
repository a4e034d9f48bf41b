/**
 * The `refunds` ledger (migration 0013, DESIGN.md §14): each refund asked of a payment provider,
 * claimed here before the provider is called, so money goes back at most once. An order's own
 * refund is claimed together with the order (payment 'refunding', shown as 'paid'): two cancels at
 * once ask the provider once, and a claim its request left (a crash) is taken over after
 * {@link REFUND_CLAIM_MS}, as a retry that finds out first whether the refund was made.
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { RefundRequest } from '../payments/provider';
import { writeGuard, type Guard } from './guarded-batch';
import { recordRefundStatements } from './order-payments';

/** How long a refund claim holds before another request may take it over (its request died with its process). */
export const REFUND_CLAIM_MS = 60_000;

/**
 * What a paid order was charged, in poisha, as SQL on `orders`: its maxAmount (DESIGN.md §17),
 * or its total for an order placed before packing (migration 0018), less the store credit it took
 * (DESIGN.md §19) — orders/amount-due.ts chargeTk's rule.
 */
const chargedPoishaSql = (alias?: string): string => {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(coalesce(${column('max_amount')}, ${column('total_amount')}) * 100 - coalesce(${column('credit_applied_poisha')}, 0))`;
};
const CHARGED_POISHA = chargedPoishaSql();

/**
 * What is left to refund of a paid order's payment, in poisha, as SQL on `orders` aliased
 * `alias`: its charge less what was refunded of it already (a packing's part, earlier problems').
 */
export const LEFT_TO_REFUND_POISHA = (alias: string): string =>
  `(${chargedPoishaSql(alias)} - coalesce(${alias}.refunded_poisha, 0))`;

/** The ledger id of order `orderId`'s refund on cancel (also Stripe's idempotency key for it). */
const cancelRefundId = (orderId: string) => `refund-${orderId}`;

/** The ledger id of the refund of a payment no order may keep, by the provider's payment reference. */
const strayRefundId = (paymentRef: string) => `stray-${paymentRef}`;

/**
 * Claims paid order `orderId` for its refund on cancel: payment 'refunding' at `nowMs`, and its
 * ledger row claimed (a new one, or one a failed or unfinished attempt left, counted as a retry);
 * with `onlyIfPending`, only while the order is Pending, and never while a packing refund of it is
 * claimed (its outcome decides what is left). The amount is what is left of the payment: the
 * order's charge ({@link CHARGED_POISHA}) less what was refunded of it already (a packing's part).
 * @returns the refund to ask of the provider; undefined when the order is not (or no longer)
 * claimable: not paid, claimed by another request, no longer Pending, or paid with no reference.
 */
export async function claimOrderRefund(
  db: Client,
  orderId: string,
  options: { onlyIfPending?: boolean } = {},
  nowMs = Date.now(),
): Promise<RefundRequest | undefined> {
  const refundId = cancelRefundId(orderId);
  const [claimed, , ledger] = await db.batch(
    [
      {
        sql: `UPDATE orders SET payment_status = 'refunding', refund_started_ms = ?
              WHERE id = ? AND order_status <> 'Cancelled' AND payment_ref IS NOT NULL
                ${options.onlyIfPending ? "AND order_status = 'Pending'" : ''}
                AND (payment_status = 'paid' OR (payment_status = 'refunding' AND refund_started_ms <= ?))
                AND NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = orders.id AND reason = 'packing'
                                  AND status = 'claimed')`,
        args: [nowMs, orderId, nowMs - REFUND_CLAIM_MS],
      },
      {
        sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at)
              SELECT ?, id, payment_method, payment_ref, ${CHARGED_POISHA} - coalesce(refunded_poisha, 0), 'cancel', ?, ?
                FROM orders WHERE id = ? AND payment_status = 'refunding' AND refund_started_ms = ?
              ON CONFLICT (id) DO UPDATE SET status = 'claimed', attempts = attempts + 1, updated_at = excluded.updated_at
                WHERE status <> 'done'`,
        args: [refundId, nowMs, nowMs, orderId, nowMs],
      },
      { sql: 'SELECT payment_ref, amount_poisha, attempts FROM refunds WHERE id = ?', args: [refundId] },
    ],
    'write',
  );
  const row = ledger?.rows[0];
  if ((claimed?.rowsAffected ?? 0) === 0 || !row) return undefined;
  return {
    refundId,
    orderId,
    paymentRef: String(row.payment_ref),
    amountPoisha: Number(row.amount_poisha),
    reason: 'cancel',
    retry: Number(row.attempts) > 1,
  };
}

/**
 * Records order `orderId`'s refund `refundId` made by the provider (`providerRef`, its refund
 * id): the ledger row done, and the order refunded and Cancelled with its units back in stock
 * and its timeline entry by `byUid` (db/order-payments.ts recordRefundStatements), in one write.
 */
export async function recordOrderRefunded(
  db: Client,
  orderId: string,
  refundId: string,
  providerRef: string | null,
  byUid: string | null,
  nowMs = Date.now(),
): Promise<void> {
  await db.batch(
    [
      ...refundDoneStatements(orderId, refundId, providerRef, nowMs),
      ...recordRefundStatements(orderId, byUid, {}, nowMs),
    ],
    'write',
  );
}

/**
 * The statements that record refund `refundId` of order `orderId` made (`providerRef`, the
 * provider's refund id): its amount added to the order's `refunded_poisha`, then the ledger row
 * done. The order's sum grows only while the row is not done yet, so a repeat adds nothing.
 */
function refundDoneStatements(
  orderId: string,
  refundId: string,
  providerRef: string | null,
  nowMs: number,
): InStatement[] {
  return [
    {
      sql: `UPDATE orders SET refunded_poisha = coalesce(refunded_poisha, 0)
                                + (SELECT amount_poisha FROM refunds WHERE id = ? AND status <> 'done')
            WHERE id = ? AND EXISTS (SELECT 1 FROM refunds WHERE id = ? AND status <> 'done')`,
      args: [refundId, orderId, refundId],
    },
    {
      sql: "UPDATE refunds SET status = 'done', provider_ref = ?, claimed_ms = NULL, updated_at = ? WHERE id = ?",
      args: [providerRef, nowMs, refundId],
    },
  ];
}

/**
 * A packed order's refund, in poisha, as SQL on `orders`: what its final bill does not cost of its
 * ceiling (maxAmount − finalAmount), never more than was charged (orders/pack.ts plans the same).
 */
const PACKING_REFUND_POISHA = `min((coalesce(max_amount, total_amount) - final_amount) * 100, ${CHARGED_POISHA})`;

/** The ledger id of order `orderId`'s partial refund when it is packed (DESIGN.md §17; Stripe's idempotency key too). */
const packingRefundId = (orderId: string): string => `packing-${orderId}`;

/**
 * The statement that claims, in packing's own batch (orders/pack.ts), the refund of
 * `amountPoisha` (maxAmount − finalAmount, at most what was charged, in poisha) of order `orderId`'s payment, claimed at
 * `nowMs`: only when the order is paid by a provider at that point (a cash order, or one not paid
 * yet, has nothing to refund). Placed after the statement that packs it.
 */
export function claimPackingRefundStatement(orderId: string, amountPoisha: number, nowMs: number): InStatement {
  return {
    sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at, claimed_ms)
          SELECT ?, id, payment_method, payment_ref, ?, 'packing', ?, ?, ?
            FROM orders WHERE id = ? AND payment_status = 'paid' AND payment_ref IS NOT NULL AND payment_method <> 'cod'`,
    args: [packingRefundId(orderId), amountPoisha, nowMs, nowMs, nowMs, orderId],
  };
}

/** A packing refund's row in the ledger as its request needs it. */
const toPackingRefund = (orderId: string, row: Row): RefundRequest => ({
  refundId: packingRefundId(orderId),
  orderId,
  paymentRef: String(row.payment_ref),
  amountPoisha: Number(row.amount_poisha),
  reason: 'packing',
  retry: Number(row.attempts) > 1,
});

/**
 * Order `orderId`'s packing refund as claimed at `claimedMs` by the request that packed it.
 * @returns the refund to ask of the provider, or undefined when packing claimed none (not paid by
 * a provider, or nothing to refund).
 */
export async function claimedPackingRefund(
  db: Client,
  orderId: string,
  claimedMs: number,
): Promise<RefundRequest | undefined> {
  const { rows } = await db.execute({
    sql: "SELECT payment_ref, amount_poisha, attempts FROM refunds WHERE id = ? AND status = 'claimed' AND claimed_ms = ?",
    args: [packingRefundId(orderId), claimedMs],
  });
  return rows[0] ? toPackingRefund(orderId, rows[0]) : undefined;
}

/** What became of order `orderId`'s packing refund when a request looked: see {@link takeOverPackingRefund}. */
export type PackingRefundState =
  { kind: 'none' | 'done' } | { kind: 'claimed'; request: RefundRequest } | { kind: 'busy' };

/**
 * Takes over order `orderId`'s packing refund for a later request (a retried packing, a cancel),
 * at `nowMs`: one its request left (claimed more than {@link REFUND_CLAIM_MS} ago, or ended with
 * no known outcome), with `retryFailed` one the provider refused, and one never claimed because
 * the order was paid only after it was packed. Counted as a retry, so the
 * provider first finds out whether it was made.
 * @returns `claimed` with the refund to ask of the provider; `busy` when another request holds it;
 * `done` when it was made; `none` when there is none (or, without `retryFailed`, it failed).
 */
export async function takeOverPackingRefund(
  db: Client,
  orderId: string,
  options: { retryFailed: boolean },
  nowMs = Date.now(),
): Promise<PackingRefundState> {
  const refundId = packingRefundId(orderId);
  const [, , ledger] = await db.batch(
    [
      // An order paid after it was packed (a card checkout completing late) was charged its
      // maxAmount with no claim made at packing: it is claimed now, once (the ledger id).
      {
        sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at,
                                   claimed_ms)
              SELECT ?, id, payment_method, payment_ref, ${PACKING_REFUND_POISHA}, 'packing', ?, ?, ?
                FROM orders WHERE id = ? AND final_amount IS NOT NULL AND ${PACKING_REFUND_POISHA} > 0
                  AND payment_status = 'paid' AND payment_ref IS NOT NULL AND payment_method <> 'cod'
              ON CONFLICT (id) DO NOTHING`,
        args: [refundId, nowMs, nowMs, nowMs, orderId],
      },
      {
        sql: `UPDATE refunds SET status = 'claimed', attempts = attempts + 1, claimed_ms = ?, updated_at = ?
              WHERE id = ? AND ((status = 'claimed' AND claimed_ms <= ?) ${options.retryFailed ? "OR status = 'failed'" : ''})`,
        args: [nowMs, nowMs, refundId, nowMs - REFUND_CLAIM_MS],
      },
      {
        sql: 'SELECT payment_ref, amount_poisha, attempts, status, claimed_ms FROM refunds WHERE id = ?',
        args: [refundId],
      },
    ],
    'write',
  );
  const row = ledger?.rows[0];
  if (!row) return { kind: 'none' };
  if (row.status === 'done') return { kind: 'done' };
  if (row.status === 'failed') return { kind: 'none' };
  if (Number(row.claimed_ms) === nowMs) return { kind: 'claimed', request: toPackingRefund(orderId, row) };
  return { kind: 'busy' };
}

/** Records order `orderId`'s packing refund `refundId` made (`providerRef`, the provider's refund id), adding it to the order's refunded amount. */
export async function recordPackingRefunded(
  db: Client,
  orderId: string,
  refundId: string,
  providerRef: string | null,
  nowMs = Date.now(),
): Promise<void> {
  await db.batch(refundDoneStatements(orderId, refundId, providerRef, nowMs), 'write');
}

/**
 * Ends an attempt at packing refund `refundId` that did not finish: `refused` (nothing moved) marks
 * it failed, for the next packing request to ask again (a cancel refunds its amount with the rest
 * instead); `unknown` leaves the claim open to the next request at once (claimed_ms 0), which asks
 * the provider whether it was made before making it.
 */
export async function endPackingRefundAttempt(
  db: Client,
  refundId: string,
  outcome: 'refused' | 'unknown',
  nowMs = Date.now(),
): Promise<void> {
  await db.execute(
    outcome === 'refused'
      ? {
          sql: "UPDATE refunds SET status = 'failed', claimed_ms = NULL, updated_at = ? WHERE id = ? AND status = 'claimed'",
          args: [nowMs, refundId],
        }
      : {
          sql: "UPDATE refunds SET claimed_ms = 0, updated_at = ? WHERE id = ? AND status = 'claimed'",
          args: [nowMs, refundId],
        },
  );
}

/**
 * Ends an attempt at order `orderId`'s refund `refundId` that did not finish. `refused`: the
 * provider refused, nothing moved — the ledger row failed and the order paid again, as it was.
 * `unknown`: the provider did not answer — the claim stays, open to the next request at once,
 * which asks the provider whether the refund was made before making it.
 */
export async function endOrderRefundAttempt(
  db: Client,
  orderId: string,
  refundId: string,
  outcome: 'refused' | 'unknown',
  nowMs = Date.now(),
): Promise<void> {
  const statements: InStatement[] =
    outcome === 'refused'
      ? [
          { sql: "UPDATE refunds SET status = 'failed', updated_at = ? WHERE id = ?", args: [nowMs, refundId] },
          {
            sql: `UPDATE orders SET payment_status = 'paid', refund_started_ms = NULL
                  WHERE id = ? AND payment_status = 'refunding'`,
            args: [orderId],
          },
        ]
      : [
          {
            sql: "UPDATE orders SET refund_started_ms = 0 WHERE id = ? AND payment_status = 'refunding'",
            args: [orderId],
          },
        ];
  await db.batch(statements, 'write');
}

/**
 * Claims the refund of payment `paymentRef` that no order may keep (a wrong amount or invoice, an
 * order paid by another payment, cancelled or gone) for order `orderId`: only when no order holds
 * that payment (paid, being refunded or disputed) and no other request is refunding it or did.
 * @returns the refund to ask of the provider, or undefined when it must not be asked now.
 */
export async function claimStrayRefund(
  db: Client,
  stray: { orderId: string; method: string; paymentRef: string; amountPoisha: number },
  nowMs = Date.now(),
): Promise<RefundRequest | undefined> {
  const refundId = strayRefundId(stray.paymentRef);
  const [, ledger] = await db.batch(
    [
      {
        sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at)
              SELECT ?, ?, ?, ?, ?, 'stray', ?, ?
                WHERE NOT EXISTS (SELECT 1 FROM orders WHERE payment_ref = ?
                                   AND payment_status IN ('paid', 'refunding', 'disputed'))
              ON CONFLICT (id) DO UPDATE SET status = 'claimed', attempts = attempts + 1, updated_at = excluded.updated_at
                WHERE status = 'failed' OR (status = 'claimed' AND updated_at <= ?)`,
        args: [
          refundId,
          stray.orderId,
          stray.method,
          stray.paymentRef,
          stray.amountPoisha,
          nowMs,
          nowMs,
          stray.paymentRef,
          nowMs - REFUND_CLAIM_MS,
        ],
      },
      { sql: 'SELECT attempts FROM refunds WHERE id = ? AND updated_at = ?', args: [refundId, nowMs] },
    ],
    'write',
  );
  const row = ledger?.rows[0];
  if (!row) return undefined;
  return { refundId, ...stray, reason: 'stray', retry: Number(row.attempts) > 1 };
}

/** Records stray refund `refundId`'s outcome: done (with the provider's refund id) or failed. */
export async function endStrayRefund(
  db: Client,
  refundId: string,
  outcome: { providerRef: string | null } | 'failed',
  nowMs = Date.now(),
): Promise<void> {
  await db.execute(
    outcome === 'failed'
      ? { sql: "UPDATE refunds SET status = 'failed', updated_at = ? WHERE id = ?", args: [nowMs, refundId] }
      : {
          sql: "UPDATE refunds SET status = 'done', provider_ref = ?, updated_at = ? WHERE id = ?",
          args: [outcome.providerRef, nowMs, refundId],
        },
  );
}

/** The poisha the ledger has recorded as refunded of payment `paymentRef` (done refunds). */
export async function refundedPoisha(db: Client, paymentRef: string): Promise<number> {
  const { rows } = await db.execute({
    sql: "SELECT coalesce(sum(amount_poisha), 0) AS poisha FROM refunds WHERE payment_ref = ? AND status = 'done'",
    args: [paymentRef],
  });
  return Number(rows[0]?.poisha ?? 0);
}

/** The ledger id of problem `problemId`'s refund (DESIGN.md §19; Stripe's idempotency key too). */
const problemRefundId = (problemId: string): string => `problem-${problemId}`;

/**
 * The statement that claims, in the admin's decision batch (orders/decide-problem.ts), the refund
 * of `amountPoisha` of order `orderId`'s payment for problem `problemId`, claimed at `nowMs`: only
 * while the order is paid by bKash or card and the amount is at most what is left of its payment
 * — its charge less what was refunded and what other refunds of it have claimed and not finished.
 * A refund of the problem the provider refused (failed) is claimed again, as a retry, with the
 * new amount; one claimed or done is left as it is. Follow it with {@link problemRefundClaimedGuard}.
 */
export function claimProblemRefundStatement(
  problemId: string,
  orderId: string,
  amountPoisha: number,
  nowMs: number,
): InStatement {
  const refundId = problemRefundId(problemId);
  return {
    sql: `INSERT INTO refunds (id, order_id, method, payment_ref, amount_poisha, reason, created_at, updated_at, claimed_ms)
          SELECT ?, o.id, o.payment_method, o.payment_ref, ?, 'problem', ?, ?, ?
            FROM orders AS o
            WHERE o.id = ? AND o.payment_status = 'paid' AND o.payment_ref IS NOT NULL
              AND o.payment_method IN ('bkash', 'card')
              AND ? <= ${LEFT_TO_REFUND_POISHA('o')}
                       - coalesce((SELECT sum(r.amount_poisha) FROM refunds AS r
                                   WHERE r.order_id = o.id AND r.status = 'claimed' AND r.id <> ?), 0)
          ON CONFLICT (id) DO UPDATE SET status = 'claimed', amount_poisha = excluded.amount_poisha,
            attempts = attempts + 1, claimed_ms = excluded.claimed_ms, updated_at = excluded.updated_at
            WHERE refunds.status = 'failed'`,
    args: [refundId, amountPoisha, nowMs, nowMs, nowMs, orderId, amountPoisha, refundId],
  };
}

/** The guard after {@link claimProblemRefundStatement}: the claim was made by this batch (at `nowMs`); `error` when not. */
export const problemRefundClaimedGuard = (problemId: string, nowMs: number, error: Error): Guard =>
  writeGuard(
    "coalesce((SELECT status = 'claimed' AND claimed_ms = ? FROM refunds WHERE id = ?), 0)",
    [nowMs, problemRefundId(problemId)],
    error,
  );

/** A problem refund's row in the ledger as its request needs it. */
const toProblemRefund = (refundId: string, row: Row): RefundRequest => ({
  refundId,
  orderId: String(row.order_id),
  paymentRef: String(row.payment_ref),
  amountPoisha: Number(row.amount_poisha),
  reason: 'problem',
  retry: Number(row.attempts) > 1,
});

/** What became of a problem's refund when a request looked: see {@link takeOverProblemRefund}. */
export type ProblemRefundState =
  { kind: 'none' | 'done' | 'failed' | 'busy' } | { kind: 'claimed'; request: RefundRequest };

/**
 * Problem `problemId`'s refund as claimed at `claimedMs` by the decision that claimed it.
 * @returns the refund to ask of the provider, or undefined when that claim is no longer held.
 */
export async function claimedProblemRefund(
  db: Client,
  problemId: string,
  claimedMs: number,
): Promise<RefundRequest | undefined> {
  const refundId = problemRefundId(problemId);
  const { rows } = await db.execute({
    sql: "SELECT order_id, payment_ref, amount_poisha, attempts FROM refunds WHERE id = ? AND status = 'claimed' AND claimed_ms = ?",
    args: [refundId, claimedMs],
  });
  return rows[0] ? toProblemRefund(refundId, rows[0]) : undefined;
}

/**
 * Takes over problem `problemId`'s refund that an earlier request left (claimed more than
 * {@link REFUND_CLAIM_MS} ago, or ended with no known outcome), at `nowMs`, counted as a retry
 * so the provider first finds out whether it was made.
 * @returns `claimed` with the refund to ask; `busy` while another request holds it; `done`,
 * `failed` (refused: the problem is open again) or `none` (never claimed).
 */
export async function takeOverProblemRefund(
  db: Client,
  problemId: string,
  nowMs = Date.now(),
): Promise<ProblemRefundState> {
  const refundId = problemRefundId(problemId);
  const [, ledger] = await db.batch(
    [
      {
        sql: `UPDATE refunds SET attempts = attempts + 1, claimed_ms = ?, updated_at = ?
              WHERE id = ? AND status = 'claimed' AND claimed_ms <= ?`,
        args: [nowMs, nowMs, refundId, nowMs - REFUND_CLAIM_MS],
      },
      {
        sql: 'SELECT order_id, payment_ref, amount_poisha, attempts, status, claimed_ms FROM refunds WHERE id = ?',
        args: [refundId],
      },
    ],
    'write',
  );
  const row = ledger?.rows[0];
  if (!row) return { kind: 'none' };
  if (row.status === 'done') return { kind: 'done' };
  if (row.status === 'failed') return { kind: 'failed' };
  if (Number(row.claimed_ms) === nowMs) return { kind: 'claimed', request: toProblemRefund(refundId, row) };
  return { kind: 'busy' };
}

/**
 * Records problem refund `refundId` of order `orderId` made (`providerRef`, the provider's refund
 * id): its amount added to the order's refunded amount and the ledger row done, once.
 * @returns true when this call recorded it; false when it was recorded already.
 */
export async function recordProblemRefunded(
  db: Client,
  orderId: string,
  refundId: string,
  providerRef: string | null,
  nowMs = Date.now(),
): Promise<boolean> {
  const [before] = await db.batch(
    [
      { sql: 'SELECT status FROM refunds WHERE id = ?', args: [refundId] },
      ...refundDoneStatements(orderId, refundId, providerRef, nowMs),
    ],
    'write',
  );
  return before?.rows[0]?.status !== 'done';
}

/**
 * Ends an attempt at problem refund `refundId` that did not finish: `refused` (nothing moved)
 * marks it failed, with `alsoOnRefusal` in the same write (the problem opened again); `unknown`
 * leaves the claim open to the next request at once (claimed_ms 0), which asks the provider
 * whether it was made before making it.
 */
export async function endProblemRefundAttempt(
  db: Client,
  refundId: string,
  outcome: 'refused' | 'unknown',
  alsoOnRefusal: InStatement[] = [],
  nowMs = Date.now(),
): Promise<void> {
  await db.batch(
    outcome === 'refused'
      ? [
          {
            sql: "UPDATE refunds SET status = 'failed', claimed_ms = NULL, updated_at = ? WHERE id = ? AND status = 'claimed'",
            args: [nowMs, refundId],
          },
          ...alsoOnRefusal,
        ]
      : [
          {
            sql: "UPDATE refunds SET claimed_ms = 0, updated_at = ? WHERE id = ? AND status = 'claimed'",
            args: [nowMs, refundId],
          },
        ],
    'write',
  );
}
