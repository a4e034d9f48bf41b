/**
 * The `idempotency_keys` table (DESIGN.md §3, §4): one row per (user, Idempotency-Key), holding
 * the request's fingerprint and, once answered, the stored answer. Times are Unix epoch ms.
 */
import type { Client, InStatement, Row } from '@libsql/client';

/** A key's row: `statusCode`/`responseBody` are null while the first request is still running. */
export type IdempotencyKey = { requestHash: string; statusCode: number | null; responseBody: string | null; createdAt: number };

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

/** The statement that claims (`userId`, `key`) for a request with fingerprint `requestHash`; does nothing when already claimed. */
export function claimKeyStatement(userId: string, key: string, requestHash: string, nowMs: number): InStatement {
  return {
    sql: `INSERT INTO idempotency_keys (user_id, key, request_hash, created_at) VALUES (?, ?, ?, ?)
          ON CONFLICT (user_id, key) DO NOTHING`,
    args: [userId, key, requestHash, nowMs],
  };
}

/** Claims (`userId`, `key`) at `nowMs`. @returns true when this call claimed it, false when it was claimed already. */
export async function claimKey(db: Client, userId: string, key: string, requestHash: string, nowMs: number): Promise<boolean> {
  return (await db.execute(claimKeyStatement(userId, key, requestHash, nowMs))).rowsAffected === 1;
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
 * Takes over an unanswered claim that still has the `createdAt` the caller read, restamping it
 * `nowMs`. @returns true when this call took it over (a concurrent taker or an answer wins otherwise).
 */
export async function takeOverClaim(db: Client, userId: string, key: string, createdAt: number, nowMs: number): Promise<boolean> {
  const { rowsAffected } = await db.execute({
    sql: 'UPDATE idempotency_keys SET created_at = ? WHERE user_id = ? AND key = ? AND status_code IS NULL AND created_at = ?',
    args: [nowMs, userId, key, createdAt],
  });
  return rowsAffected === 1;
}

/** The statement that stores the answer (HTTP `status`, JSON-serialisable `body`) of (`userId`, `key`). */
export function saveAnswerStatement(userId: string, key: string, status: number, body: unknown): InStatement {
  return {
    sql: 'UPDATE idempotency_keys SET status_code = ?, response_body = ? WHERE user_id = ? AND key = ?',
    args: [status, JSON.stringify(body), userId, key],
  };
}

/** Frees the claim of (`userId`, `key`) when it has no stored answer, so the key can be used again. */
export async function releaseKey(db: Client, userId: string, key: string): Promise<void> {
  await db.execute({ sql: 'DELETE FROM idempotency_keys WHERE user_id = ? AND key = ? AND status_code IS NULL', args: [userId, key] });
}
