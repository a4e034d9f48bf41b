/**
 * Idempotent writes (DESIGN.md §3; the pattern of Stripe's Idempotency-Key): `POST /orders` and
 * `POST /reviews` need an `Idempotency-Key` header (a UUID). The key is scoped to the user; the
 * first answer (status + body) is stored in the same transaction as the write it made, and:
 * - a repeat with the same body gets that stored answer (header `Idempotent-Replayed: true`);
 * - the same key with another body → 422; a repeat while the first is still running → 409.
 * A claim left by a crashed request is taken over after 60 s. Keys are kept 31 days.
 */
import type { InStatement } from '@libsql/client';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { claimKey, deleteKeysCreatedBefore, readKey, releaseKey, saveAnswerStatement, takeOverClaim } from './db/idempotency-keys';
import type { AppEnv } from './env';
import { ApiError, errorBody, errorResponse } from './errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STALE_CLAIM_MS = 60_000;
export const KEY_RETENTION_MS = 31 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** What a write handler returns: its answer and the statements that make the write. */
export type WriteResult = { status: ContentfulStatusCode; body: unknown; statements: InStatement[] };

let lastSweep = 0;

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Runs `write` at most once per (user, Idempotency-Key) and answers as described above.
 * `body` is the validated request body (the fingerprint compares it with later repeats).
 * ApiErrors below 500 thrown by `write` are stored as the answer; other errors free the key.
 */
export async function idempotentWrite(
  c: Context<AppEnv>,
  userId: string,
  body: unknown,
  write: () => Promise<WriteResult>,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')?.trim();
  if (!key || !UUID.test(key))
    return errorResponse(c, 400, 'idempotency_key_required', 'Send an Idempotency-Key header with a UUID, new for each order or review.', {
      fields: { 'Idempotency-Key': ['Required: a UUID'] },
    });
  const db = c.var.db;
  const now = Date.now();
  if (now - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now;
    await deleteKeysCreatedBefore(db, now - KEY_RETENTION_MS);
  }
  const hash = await sha256Hex(`${c.req.method} ${c.req.path}\n${JSON.stringify(body)}`);

  if (!(await claimKey(db, userId, key, hash, now))) {
    const existing = await readKey(db, userId, key);
    if (!existing) return errorResponse(c, 409, 'idempotency_conflict', 'This request is being processed; try again in a moment.');
    if (existing.requestHash !== hash)
      return errorResponse(c, 422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different request body.');
    if (existing.statusCode !== null) {
      c.header('Idempotent-Replayed', 'true');
      return c.json(JSON.parse(String(existing.responseBody)), existing.statusCode as ContentfulStatusCode);
    }
    const takenOver = existing.createdAt < now - STALE_CLAIM_MS && (await takeOverClaim(db, userId, key, existing.createdAt, now));
    if (!takenOver) {
      c.header('Retry-After', '1');
      return errorResponse(c, 409, 'idempotency_in_progress', 'This request is still being processed; try again in a moment.');
    }
  }

  let result: WriteResult;
  try {
    result = await write();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      const answer = errorBody(error.code, error.message, error.details);
      await db.execute(saveAnswerStatement(userId, key, error.status, answer));
      return c.json(answer, error.status as ContentfulStatusCode);
    }
    await releaseKey(db, userId, key);
    throw error;
  }
  try {
    await db.batch([...result.statements, saveAnswerStatement(userId, key, result.status, result.body)], 'write');
  } catch (error) {
    await releaseKey(db, userId, key);
    throw error;
  }
  return c.json(result.body, result.status);
}
