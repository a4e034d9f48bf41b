/**
 * The `idempotency_keys` table (DESIGN.md §3, §4): one row per (user, Idempotency-Key), holding
 * the request's fingerprint and its stored answer. The API writes a key's row only together with
 * its answer, in the write's own batch (idempotency/idempotency.ts). A row is kept
 * QUEUED_WRITE_MAX_DAYS (contract/outbox-answer.ts); a cancelled order's answer is replaced at
 * once ({@link forgetOrderAnswerStatement}). Times are Unix epoch ms.
 */
import type { Client, InArgs, InStatement, Row } from '@libsql/client';
import type { ApiErrorBody } from '../contract/errors';

/** A key's row: the request's fingerprint, the answer's HTTP status and JSON body, and when it was made. */
export type IdempotencyKey = {
  requestHash: string;
  statusCode: number;
  responseBody: string;
  createdAt: number;
};

/** Maps an `idempotency_keys` row to {@link IdempotencyKey}. */
function toIdempotencyKey(row: Row): IdempotencyKey {
  return {
    requestHash: String(row.request_hash),
    statusCode: Number(row.status_code),
    responseBody: String(row.response_body),
    createdAt: Number(row.created_at),
  };
}

/** Deletes the keys created before `beforeMs` (epoch ms). */
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
 * (HTTP `status`, `responseBody` the body's JSON text, as it is answered), created at `nowMs`. A
 * plain INSERT: when the key is already there it fails (SQLITE_CONSTRAINT, primary key), and so
 * does the batch it is in.
 */
export function insertAnsweredKeyStatement(
  userId: string,
  key: string,
  requestHash: string,
  status: number,
  responseBody: string,
  nowMs: number,
): InStatement {
  return {
    sql: 'INSERT INTO idempotency_keys (user_id, key, request_hash, status_code, response_body, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    args: [userId, key, requestHash, status, responseBody, nowMs],
  };
}

/**
 * What a key whose order was cancelled replays instead of the order: the order (with the
 * shopper's phone and address) is not kept, but the key is, so a late retry of the same request
 * is told the order is gone rather than placing it again.
 */
const CANCELLED_ORDER_ANSWER = {
  status: 404,
  body: {
    error: { code: 'not_found', message: 'This order was cancelled.' },
  } satisfies ApiErrorBody,
} as const;

/**
 * The statement that drops the stored answer of order `orderId` (DESIGN.md §3: no personal data
 * kept once the order is cancelled) and stores {@link CANCELLED_ORDER_ANSWER} in its place. Put it
 * in the cancel's own batch, before the order's row changes: `owner` is a query for the order's
 * `user_id` that finds nothing unless the cancel will change the order (e.g. `SELECT user_id
 * FROM orders WHERE id = ? AND order_status = 'Pending'`), so a refused cancel keeps the answer.
 */
export function forgetOrderAnswerStatement(orderId: string, owner: { sql: string; args: InArgs }): InStatement {
  const args = Array.isArray(owner.args) ? owner.args : [];
  return {
    sql: `UPDATE idempotency_keys SET status_code = ?, response_body = ?
          WHERE user_id = (${owner.sql}) AND status_code BETWEEN 200 AND 299
            AND json_extract(response_body, '$._id') = ?`,
    args: [CANCELLED_ORDER_ANSWER.status, JSON.stringify(CANCELLED_ORDER_ANSWER.body), ...args, orderId],
  };
}
