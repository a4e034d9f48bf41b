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

/** How many entries `GET /api/users/me/credit` shows, newest first. */
export const CREDIT_ENTRIES_SHOWN = 100;

/**
 * An account's balance in poisha as an SQL expression with one `?` (the uid): the sum of its
 * entries, 0 without any. Read by `credit_ledger_user` (user_id, id).
 */
export const BALANCE_SQL = '(SELECT coalesce(sum(amount_poisha), 0) FROM credit_ledger WHERE user_id = ?)';

/** {@link BALANCE_SQL} with its arg: the balance of `uid` in poisha, for a batch's own statements. */
export const balanceSql = (uid: string): { sql: string; args: InValue[] } => ({ sql: BALANCE_SQL, args: [uid] });

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
 * The statement writing one ledger entry whose amount SQL computes inside the batch: `amountSql`
 * (poisha, with its `args`) read from the rows as the batch sees them — e.g. an order's
 * `credit_applied_poisha` given back on cancel. Nothing is written when the amount is NULL or 0,
 * or the entry exists already.
 */
export function computedCreditEntryStatement(
  entry: Omit<CreditEntryInput, 'amountPoisha'>,
  amountSql: string,
  amountArgs: InValue[],
): InStatement {
  return {
    sql: `INSERT INTO credit_ledger (user_id, amount_poisha, reason, order_id, problem_id, at)
          SELECT ?, amount, ?, ?, ?, ? FROM (SELECT (${amountSql}) AS amount) WHERE amount IS NOT NULL AND amount <> 0
          ON CONFLICT DO NOTHING`,
    // Positional args in the text's order: the entry's five, then the amount's.
    args: [entry.userId, entry.reason, entry.orderId ?? null, entry.problemId ?? null, entry.atMs, ...amountArgs],
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
