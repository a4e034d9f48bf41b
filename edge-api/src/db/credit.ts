/**
 * The store-credit ledger's SQL (migration 0020's `credit_ledger`, DESIGN.md §19): the one home
 * of its statements. The ledger is append-only (no UPDATE or DELETE); an account's balance is the
 * sum of its entries in poisha (1 Tk = 100). Every entry is written with ON CONFLICT DO NOTHING on
 * the unique index `credit_ledger_once` (reason, order, problem), so a retried write — an order,
 * a cancel, a packing or a claim run again — cannot repeat it.
 */
import type { Client, InStatement, InValue } from '@libsql/client';
import type { CreditAnswer, CreditEntry, CreditReason } from '../contract/credit';
import { creditReasons } from '../contract/credit';
import { writeGuard, type BatchStep } from './guarded-batch';

/** How many entries `GET /api/users/me/credit` shows, newest first. */
const CREDIT_ENTRIES_SHOWN = 100;

/**
 * An account's balance in poisha as an SQL expression with one `?` (the uid): the sum of its
 * entries, 0 without any. Read by `credit_ledger_user` (user_id, id).
 */
const BALANCE_SQL = '(SELECT coalesce(sum(amount_poisha), 0) FROM credit_ledger WHERE user_id = ?)';

/** One ledger entry to write: whose, how much (poisha, + given, − spent, never 0), why, what it concerns, when (epoch ms). */
export type CreditEntryInput = {
  userId: string;
  amountPoisha: number;
  reason: CreditReason;
  orderId?: string;
  problemId?: string;
  atMs: number;
};

/**
 * The statement writing one ledger entry of a known amount (poisha, a non-zero integer). Written
 * at most once per (reason, order, problem): a second write of the same one does nothing.
 * @throws RangeError when `amountPoisha` is 0 or not an integer (the table refuses 0).
 */
export function creditEntryStatement({
  userId,
  amountPoisha,
  reason,
  orderId,
  problemId,
  atMs,
}: CreditEntryInput): InStatement {
  if (!Number.isInteger(amountPoisha) || amountPoisha === 0)
    throw new RangeError(`A credit entry is a non-zero whole number of poisha, not ${amountPoisha}`);
  return {
    sql: `INSERT INTO credit_ledger (user_id, amount_poisha, reason, order_id, problem_id, at)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT DO NOTHING`,
    args: [userId, amountPoisha, reason, orderId ?? null, problemId ?? null, atMs],
  };
}

/**
 * An order's store credit changed between the balance its write was planned with and its commit
 * (another order spent it, or a claim added to it): nothing of the order was written, and it is
 * planned again with the balance as it is then.
 */
export class CreditChangedError extends Error {
  override name = 'CreditChangedError';
  constructor(readonly orderId: string) {
    super(`store credit for order ${orderId} changed`);
  }
}

/**
 * SQL reading order `orderIdSql`'s (default `?`) one ledger entry of `reason` (its `column`
 * expression), by `credit_ledger_once` (reason, coalesce(order_id, ''), coalesce(problem_id, '')).
 */
const ORDER_ENTRY_SQL = (reason: CreditReason, column: string, orderIdSql = '?') =>
  `SELECT ${column} FROM credit_ledger
   WHERE reason = '${reason}' AND coalesce(order_id, '') = ${orderIdSql} AND coalesce(problem_id, '') = ''`;

/**
 * The steps that spend store credit on order `orderId` (placed by `userId`) in the batch that
 * inserts it (orders/place.ts), after its INSERT: the ledger's negative 'order' entry of
 * min(balance, `subtotalPoisha`) — the balance as the batch sees it, so two orders at once never
 * spend the same credit and the balance never goes below zero — then the order's
 * `credit_applied_poisha` read from that entry, then a guard that it is `plannedPoisha` (what the
 * order's answer says; 0 for none) whose error is {@link CreditChangedError}. A balance of 0
 * writes no entry and leaves `credit_applied_poisha` NULL.
 */
export function spendCreditSteps(
  orderId: string,
  userId: string,
  subtotalPoisha: number,
  plannedPoisha: number,
  atMs: number,
): BatchStep[] {
  return [
    {
      sql: `INSERT INTO credit_ledger (user_id, amount_poisha, reason, order_id, problem_id, at)
            SELECT ?, -amount, 'order', ?, NULL, ? FROM (SELECT min(${BALANCE_SQL}, ?) AS amount) WHERE amount > 0
            ON CONFLICT DO NOTHING`,
      args: [userId, orderId, atMs, userId, subtotalPoisha],
    },
    {
      sql: `UPDATE orders SET credit_applied_poisha = (${ORDER_ENTRY_SQL('order', '-amount_poisha')}) WHERE id = ?`,
      args: [orderId, orderId],
    },
    writeGuard(
      'coalesce((SELECT credit_applied_poisha FROM orders WHERE id = ?), 0) = ?',
      [orderId, plannedPoisha],
      new CreditChangedError(orderId),
    ),
  ];
}

/**
 * The store credit an order took that no packing gave back yet, in poisha, as SQL on `orders`: what
 * its cancel gives back (a packing below the credit gave the difference back already).
 */
const CREDIT_NOT_GIVEN_BACK_SQL = `(credit_applied_poisha - coalesce((${ORDER_ENTRY_SQL('packing', 'amount_poisha', 'orders.id')}), 0))`;

/**
 * The statement giving store credit back to the owner of order `orderId` at `atMs`: `amountSql`
 * (poisha, an SQL expression on the `orders` row; default the credit it took that a packing did
 * not give back) when the order matches `where` (SQL on `orders` with its `args`) and the amount
 * is above 0. Written once per
 * order and reason, so a retried cancel or packing gives nothing twice. For the batch that
 * cancels the order (reason 'order_cancelled', placed before a DELETE, after an UPDATE to
 * Cancelled) or packs it ('packing': what the final bill falls below the credit it took).
 */
export function giveBackCreditStatement(
  orderId: string,
  reason: Extract<CreditReason, 'order_cancelled' | 'packing'>,
  atMs: number,
  where: { sql: string; args: InValue[] } = { sql: '1', args: [] },
  amountSql = CREDIT_NOT_GIVEN_BACK_SQL,
): InStatement {
  return {
    sql: `INSERT INTO credit_ledger (user_id, amount_poisha, reason, order_id, problem_id, at)
          SELECT user_id, ${amountSql}, ?, id, NULL, ? FROM orders
          WHERE id = ? AND coalesce(${amountSql}, 0) > 0 AND (${where.sql})
          ON CONFLICT DO NOTHING`,
    args: [reason, atMs, orderId, ...where.args],
  };
}

const toTk = (poisha: number): number => Math.round(poisha) / 100;

const toReason = (value: unknown): CreditReason => {
  const reason = creditReasons.find((known) => known === value);
  if (!reason) throw new Error(`Unknown credit reason in the ledger: ${String(value)}`);
  return reason;
};

/** The balance of `uid` in poisha (0 without entries). */
export async function creditBalancePoisha(db: Client, uid: string): Promise<number> {
  const { rows } = await db.execute({ sql: `SELECT ${BALANCE_SQL} AS balance`, args: [uid] });
  return Number(rows[0]?.balance ?? 0);
}

/**
 * `GET /api/users/me/credit`'s answer for `uid`: the balance and the newest
 * {@link CREDIT_ENTRIES_SHOWN} entries (newest first), amounts in Tk to the poisha, `at` ISO 8601.
 */
export async function readCredit(db: Client, uid: string): Promise<CreditAnswer> {
  const [balance, entries] = await db.batch(
    [
      { sql: `SELECT ${BALANCE_SQL} AS balance`, args: [uid] },
      {
        sql: `SELECT amount_poisha, reason, order_id, problem_id, at FROM credit_ledger
              WHERE user_id = ? ORDER BY id DESC LIMIT ?`,
        args: [uid, CREDIT_ENTRIES_SHOWN],
      },
    ],
    'read',
  );
  return {
    balance: toTk(Number(balance?.rows[0]?.balance ?? 0)),
    entries: (entries?.rows ?? []).map((row): CreditEntry => ({
      at: new Date(Number(row.at)).toISOString(),
      amount: toTk(Number(row.amount_poisha)),
      reason: toReason(row.reason),
      orderId: row.order_id === null ? null : String(row.order_id),
      problemId: row.problem_id === null ? null : String(row.problem_id),
    })),
  };
}
