/**
 * The `idempotency_keys` table (DESIGN.md §3, §4): one row per (user, Idempotency-Key), holding
 * the request's fingerprint and its stored answer. The API writes a key's row only together with
 * its answer, in the write's own batch (idempotency.ts); rows with no answer are claims left by
 * earlier versions, which claimed the key before the write. Times are Unix epoch ms.
 */
import type { Client, InStatement, InValue, Row } from '@libsql/client';

/** A key's row: `statusCode`/`responseBody` are null only in a claim an earlier version left unanswered. */
export type IdempotencyKey = {
  requestHash: string;
  statusCode: number | null;
  responseBody: string | null;
  createdAt: number;
};

/** A condition in SQL (an expression, positional `?` args only), evaluated inside a write batch. */
export type SqlCondition = { sql: string; args: InValue[] };

/** Maps an `idempotency_keys` row to {@link IdempotencyKey}. */
export function toIdempotencyKey(row: Row): IdempotencyKey {
  return {
    requestHash: String(row.request_hash),
    statusCode: row.status_code === null ? null : Number(row.status_code),
    responseBody: row.response_body === null ? null : String(row.response_body),
    createdAt: Number(row.created_at),
  };
}

/** Deletes the keys created before `beforeMs` (epoch ms), answered or not. */
export async function deleteKeysCreatedBefore(db: Client, beforeMs: number): Promise<void> {
  await db.execute({ sql: 'DELETE FROM idempotency_keys WHERE created_at < ?', args: [beforeMs] });
}

/** Reads the row of (`userId`, `key`). @returns it, or undefined when there is none. */
export async function readKey(db: Client, userId: string, key: string): Promise<IdempotencyKey | undefined> {
  const { rows } = await db.execute({
    sql: 'SELECT request_hash, status_code, response_body, created_at FROM idempotency_keys WHERE user_id = ? AND key = ?',
    args: [userId, key],
  });
  return rows[0] ? toIdempotencyKey(rows[0]) : undefined;
}

/**
 * The statement that stores (`userId`, `key`) with its fingerprint `requestHash` and its answer
 * (HTTP `status`, JSON-serialisable `body`), created at `nowMs`. A plain INSERT: when the key is
 * already there it fails (SQLITE_CONSTRAINT, primary key), and so does the batch it is in.
 */
export function insertAnsweredKeyStatement(
  userId: string,
  key: string,
  requestHash: string,
  status: number,
  body: unknown,
  nowMs: number,
): InStatement {
  return {
    sql: 'INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response_body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [userId, key, requestHash, status, JSON.stringify(body), nowMs],
  };
}

/**
 * The statement that deletes the unanswered claim of (`userId`, `key`) an earlier version left,
 * if it still has the `createdAt` (epoch ms) the caller read; it does nothing otherwise.
 */
export function deleteStaleClaimStatement(userId: string, key: string, createdAt: number): InStatement {
  return {
    sql: 'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND status_code IS NULL AND created_at = ?',
    args: [userId, key, createdAt],
  };
}

/**
 * The statement that makes a write batch fail when `condition` is not true (false or NULL) at
 * that point of the batch: it then inserts (`userId`, `key`) a second time, which the batch has
 * already inserted, so the primary key fails it (SQLITE_CONSTRAINT) and the batch rolls back.
 * When the condition holds it inserts nothing. SQLite has no RAISE outside triggers; this is
 * the one error a plain statement can be made to raise on a condition.
 */
export function guardStatement(userId: string, key: string, condition: SqlCondition): InStatement {
  return {
    sql: `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) SELECT ?, ?, 'guard', 0 WHERE NOT coalesce((${condition.sql}), 0)`,
    args: [userId, key, ...condition.args],
  };
}
