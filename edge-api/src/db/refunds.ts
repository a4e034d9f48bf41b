/**
 * The `refunds` ledger (migration 0013, DESIGN.md §14): each refund asked of a payment provider,
 * claimed here before the provider is called, so money goes back at most once. An order's own
 * refund is claimed together with the order (payment 'refunding', shown as 'paid'): two cancels at
 * once ask the provider once, and a claim its request left (a crash) is taken over after
 * {@link REFUND_CLAIM_MS}, as a retry that finds out first whether the refund was made. Here: the
 * ledger's shared rules, an order's refund on cancel and a stray payment's; a packing's partial refund
 * is db/packing-refunds.ts, a problem's db/problem-refunds.ts.
 */
import type { Client, InStatement, Row } from '@libsql/client';
import type { RefundRequest } from '../payments/provider';
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
/** What a paid order was charged, in poisha, as SQL on `orders` unaliased ({@link chargedPoishaSql}). */
export const CHARGED_POISHA = chargedPoishaSql();

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

/** A refund claimed by ledger id (packing's and a problem's): its `refundId` and why. */
export type LedgerClaim = { refundId: string; reason: 'packing' | 'problem' };

/** The ledger's columns a claim's request is made from ({@link toRefundRequest}). */
const REQUEST_COLUMNS = 'order_id, payment_ref, amount_poisha, attempts';

/** Ledger row `row` ({@link REQUEST_COLUMNS}) of `claim` as the refund to ask of the provider. */
const toRefundRequest = ({ refundId, reason }: LedgerClaim, row: Row): RefundRequest => ({
  refundId,
  orderId: String(row.order_id),
  paymentRef: String(row.payment_ref),
  amountPoisha: Number(row.amount_poisha),
  reason,
  retry: Number(row.attempts) > 1,
});

/**
 * Refund `claim` as claimed at `claimedMs` by the request that claimed it.
 * @returns the refund to ask of the provider, or undefined when there is no such claim (none was
 * made, or it is no longer that request's).
 */
export async function claimedRefund(
  db: Client,
  claim: LedgerClaim,
  claimedMs: number,
): Promise<RefundRequest | undefined> {
  const { rows } = await db.execute({
    sql: `SELECT ${REQUEST_COLUMNS} FROM refunds WHERE id = ? AND status = 'claimed' AND claimed_ms = ?`,
    args: [claim.refundId, claimedMs],
  });
  return rows[0] ? toRefundRequest(claim, rows[0]) : undefined;
}

/**
 * What became of a refund claimed by ledger id when a request tried to take it over: `claimed` by
 * this request, with the refund to ask of the provider; `busy` while another request holds it;
 * `done` when it was made; `failed` when the provider refused it; `none` when it was never claimed.
 */
export type ClaimState = { kind: 'none' | 'done' | 'failed' | 'busy' } | { kind: 'claimed'; request: RefundRequest };

/** The statement that reads `claim`'s ledger row for {@link claimStateOf}, after a take-over's write. */
export const claimRowStatement = (claim: LedgerClaim): InStatement => ({
  sql: `SELECT ${REQUEST_COLUMNS}, status, claimed_ms FROM refunds WHERE id = ?`,
  args: [claim.refundId],
});

/**
 * The {@link ClaimState} of `claim` from its ledger row (read by {@link claimRowStatement};
 * undefined when there is none) as the request that tried to take it over at `nowMs` finds it.
 */
export function claimStateOf(claim: LedgerClaim, row: Row | undefined, nowMs: number): ClaimState {
  if (!row) return { kind: 'none' };
  if (row.status === 'done' || row.status === 'failed') return { kind: row.status };
  if (Number(row.claimed_ms) === nowMs) return { kind: 'claimed', request: toRefundRequest(claim, row) };
  return { kind: 'busy' };
}

/**
 * Records refund `refundId` of order `orderId` claimed by ledger id (a packing's, a problem's) made
 * (`providerRef`, the provider's refund id): its amount added to the order's refunded amount and
 * the ledger row done, once.
 * @returns true when this call recorded it; false when it was recorded already.
 */
export async function recordClaimedRefundDone(
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
 * Ends an attempt at refund `refundId` claimed by ledger id (a packing's, a problem's) that did
 * not finish, if its claim is still held: `refused` (nothing moved) marks it failed, with
 * `alsoOnRefusal` in the same write (a problem opened again), for the next request to ask again;
 * `unknown` leaves the claim open to the next request at once (claimed_ms 0), which asks the
 * provider whether it was made before making it.
 */
export async function endClaimedRefundAttempt(
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
