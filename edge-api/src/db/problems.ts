/**
 * The `problems` table (migration 0020, DESIGN.md §19): a shopper's claim on a delivered order,
 * its lines as JSON `[{_id, name, reason, quantity, worthPoisha}]`, its worth and what became of
 * it. Money in poisha here, Tk (to the poisha) in the API's {@link Problem}; times epoch ms.
 * Reads join the order for the admin's `customerName` and whether a refund is possible.
 */
import type { Client, InStatement, InValue, Row } from '@libsql/client';
import {
  AUTO_CREDIT_PERIOD_MS,
  problemDeadline,
  problemReasons,
  problemSchema,
  problemStatuses,
  type Problem,
  type ProblemReason,
  type ProblemStatus,
} from '../contract/problem';
import type { Cursor } from './cursor';
import { writeGuard, type Guard } from './guarded-batch';
import { LEFT_TO_REFUND_POISHA } from './refunds';

/** A claimed line as stored: the order line's product id, its name then, why, units and worth (poisha). */
export type StoredProblemLine = {
  _id: string;
  name: string;
  reason: ProblemReason;
  quantity: number;
  worthPoisha: number;
};

/** A problem as the server works with it: the API's shape, and its owner, worth and amount in poisha. */
export type ProblemRecord = Problem & { userId: string; worthPoisha: number; amountPoisha: number };

/** The columns {@link toProblem} reads, on `problems AS p LEFT JOIN orders AS o` (the order is kept with its problems). */
const COLUMNS = `p.id, p.order_id, p.user_id, p.lines, p.photo_id, p.worth_poisha, p.status, p.amount_poisha, p.note,
  p.created_at, p.decided_at, coalesce(o.customer_name, '') AS customer_name,
  coalesce(o.payment_method IN ('bkash', 'card') AND o.payment_status = 'paid' AND o.payment_ref IS NOT NULL
           AND ${LEFT_TO_REFUND_POISHA('o')} > 0, 0) AS refundable`;
const FROM = 'problems AS p LEFT JOIN orders AS o ON o.id = p.order_id';

const toTk = (poisha: number) => poisha / 100;

/** A `problems` row (with {@link COLUMNS}) as the server's record. */
function toProblem(row: Row): ProblemRecord {
  const lines = JSON.parse(String(row.lines)) as StoredProblemLine[];
  const createdAt = Number(row.created_at);
  const worthPoisha = Number(row.worth_poisha);
  const amountPoisha = Number(row.amount_poisha);
  return {
    _id: String(row.id),
    orderId: String(row.order_id),
    customerName: String(row.customer_name),
    lines: lines.map((line) => ({
      _id: line._id,
      name: line.name,
      reason: problemReasons.find((reason) => reason === line.reason) ?? 'spoiled',
      quantity: line.quantity,
      worth: toTk(line.worthPoisha),
    })),
    photoId: row.photo_id === null || row.photo_id === undefined ? null : String(row.photo_id),
    worth: toTk(worthPoisha),
    status: problemStatuses.find((status) => status === row.status) ?? 'open',
    amount: toTk(amountPoisha),
    note: String(row.note ?? ''),
    createdAt: new Date(createdAt).toISOString(),
    deadline: problemDeadline(createdAt),
    decidedAt:
      row.decided_at === null || row.decided_at === undefined ? null : new Date(Number(row.decided_at)).toISOString(),
    refundable: Number(row.refundable) === 1,
    userId: String(row.user_id),
    worthPoisha,
    amountPoisha,
  };
}

/** The API's shape of `record`, without the server's fields (the contract's schema keeps only its own). */
export const toProblemAnswer = (record: ProblemRecord): Problem => problemSchema.parse(record);

/** Problem `id`, or undefined when there is no such problem. */
export async function readProblem(db: Client, id: string): Promise<ProblemRecord | undefined> {
  const { rows } = await db.execute({ sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE p.id = ?`, args: [id] });
  return rows[0] ? toProblem(rows[0]) : undefined;
}

/** The most problems `GET /api/users/me/problems` answers. */
const MY_PROBLEMS_MAX = 100;

/** Account `uid`'s problems, newest first (at most 100). */
export async function listProblemsOf(db: Client, uid: string): Promise<Problem[]> {
  const { rows } = await db.execute({
    sql: `SELECT ${COLUMNS} FROM ${FROM} WHERE p.user_id = ? ORDER BY p.created_at DESC, p.id DESC LIMIT ?`,
    args: [uid, MY_PROBLEMS_MAX],
  });
  return rows.map((row) => toProblemAnswer(toProblem(row)));
}

/**
 * One page of the problems with `status` (the admin's queue): open ones oldest first on
 * (created_at, id) — the 72 h clock runs from their report — others newest decided first on
 * (decided_at, id). The cursor's `createdAt` is the key's time (created_at, or decided_at).
 * @returns the page and, when more follow, the cursor after its last row.
 */
export async function listProblems(
  db: Client,
  status: ProblemStatus,
  page: { limit: number; after?: Cursor },
): Promise<{ problems: Problem[]; next?: Cursor }> {
  const open = status === 'open';
  const key = open ? 'p.created_at' : 'p.decided_at';
  const [cmp, dir] = open ? ['>', 'ASC'] : ['<', 'DESC'];
  const args: InValue[] = [status];
  let after = '';
  if (page.after) {
    after = `AND (${key} ${cmp} ? OR (${key} = ? AND p.id ${cmp} ?))`;
    args.push(page.after.createdAt, page.after.createdAt, page.after.id);
  }
  const { rows } = await db.execute({
    sql: `SELECT ${COLUMNS}, ${key} AS page_key FROM ${FROM} WHERE p.status = ? ${after}
          ORDER BY ${key} ${dir}, p.id ${dir} LIMIT ?`,
    args: [...args, page.limit + 1],
  });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    problems: shown.map((row) => toProblemAnswer(toProblem(row))),
    ...(rows.length > page.limit && last ? { next: { createdAt: Number(last.page_key), id: String(last.id) } } : {}),
  };
}

/** The units of each product (by the order line's `_id`) already in claims of order `orderId`, whatever became of them. */
export async function claimedUnits(db: Client, orderId: string): Promise<Map<string, number>> {
  const { rows } = await db.execute({
    sql: `SELECT json_extract(l.value, '$._id') AS product_id, sum(json_extract(l.value, '$.quantity')) AS units
          FROM problems AS p, json_each(p.lines) AS l WHERE p.order_id = ? GROUP BY product_id`,
    args: [orderId],
  });
  return new Map(rows.map((row) => [String(row.product_id), Number(row.units)]));
}

/** How many claims order `orderId` has. */
export async function countClaims(db: Client, orderId: string): Promise<number> {
  const { rows } = await db.execute({ sql: 'SELECT count(*) AS n FROM problems WHERE order_id = ?', args: [orderId] });
  return Number(rows[0]?.n ?? 0);
}

/** How many of account `uid`'s claims were credited at once in the period before `nowMs` (AUTO_CREDIT_PERIOD_MS). */
export async function countAutoCredits(db: Client, uid: string, nowMs: number): Promise<number> {
  const { rows } = await db.execute({
    sql: 'SELECT count(*) AS n FROM problems WHERE user_id = ? AND auto = 1 AND created_at > ?',
    args: [uid, nowMs - AUTO_CREDIT_PERIOD_MS],
  });
  return Number(rows[0]?.n ?? 0);
}

/**
 * A guard for a claim's batch: order `orderId` still has the `count` claims its plan read (a
 * concurrent claim of the same order would change which units are left); `error` when not.
 */
export const claimsUnchangedGuard = (orderId: string, count: number, error: Error): Guard =>
  writeGuard('(SELECT count(*) FROM problems WHERE order_id = ?) = ?', [orderId, count], error);

/**
 * A guard for a claim credited at once, placed after its INSERT: account `uid` has at most `max`
 * automatic credits in the period before `nowMs`, this one counted — counted in the batch, so two
 * claims at once never both pass the limit; `error` when not.
 */
export const autoCreditLimitGuard = (uid: string, nowMs: number, max: number, error: Error): Guard =>
  writeGuard(
    '(SELECT count(*) FROM problems WHERE user_id = ? AND auto = 1 AND created_at > ?) <= ?',
    [uid, nowMs - AUTO_CREDIT_PERIOD_MS, max],
    error,
  );

/** A new problem as its claim stores it. */
export type NewProblem = {
  id: string;
  orderId: string;
  uid: string;
  lines: StoredProblemLine[];
  photoId: string | null;
  worthPoisha: number;
  /** Credited at once (status credited, amount = worth, auto 1), or open for an admin. */
  autoCredited: boolean;
  nowMs: number;
};

/** The INSERT of `problem`. */
export function insertProblemStatement(problem: NewProblem): InStatement {
  const credited = problem.autoCredited;
  return {
    sql: `INSERT INTO problems (id, order_id, user_id, lines, photo_id, worth_poisha, status, amount_poisha, auto,
                                created_at, decided_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    args: [
      problem.id,
      problem.orderId,
      problem.uid,
      JSON.stringify(problem.lines),
      problem.photoId,
      problem.worthPoisha,
      credited ? 'credited' : 'open',
      credited ? problem.worthPoisha : 0,
      credited ? 1 : 0,
      problem.nowMs,
      credited ? problem.nowMs : null,
    ],
  };
}

/** A guard that problem `id` is still open where it stands in a batch; `error` when not. */
export const stillOpenGuard = (id: string, error: Error): Guard =>
  writeGuard("coalesce((SELECT status = 'open' FROM problems WHERE id = ?), 0)", [id], error);

/**
 * The UPDATE that records an admin's decision on open problem `id`: `status` (credited, refunded,
 * declined), `amountPoisha` (0 for a decline), the note, when and by whom.
 */
export function decideProblemStatement(
  id: string,
  decision: { status: Exclude<ProblemStatus, 'open'>; amountPoisha: number; note: string; byUid: string },
  nowMs: number,
): InStatement {
  return {
    sql: `UPDATE problems SET status = ?, amount_poisha = ?, note = ?, decided_at = ?, decided_by = ?
          WHERE id = ? AND status = 'open'`,
    args: [decision.status, decision.amountPoisha, decision.note, nowMs, decision.byUid, id],
  };
}

/**
 * The UPDATE that opens refunded problem `id` again when its refund was refused by the provider
 * (nothing moved): the admin decides it afresh.
 */
export function reopenProblemStatement(id: string): InStatement {
  return {
    sql: `UPDATE problems SET status = 'open', amount_poisha = 0, decided_at = NULL, decided_by = NULL
          WHERE id = ? AND status = 'refunded'`,
    args: [id],
  };
}
