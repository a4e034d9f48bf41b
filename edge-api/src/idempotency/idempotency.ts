/**
 * Idempotent writes (DESIGN.md §3; the pattern of Stripe's Idempotency-Key): `POST /orders` and
 * `POST /reviews` need an `Idempotency-Key` header (a UUID). The key is scoped to the user, and:
 * - a repeat with the same body gets the first answer (header `Idempotent-Replayed: true`),
 *   4xx answers included; so does the loser of two concurrent requests with one key;
 * - the same key with another body → 422;
 * - a key holding an unanswered claim younger than 60 s → 409 `idempotency_in_progress` with
 *   Retry-After. This version writes no such rows; earlier ones claimed the key before the
 *   write, and a claim they left is replaced once it is 60 s old.
 * The 422 and 409 are logged at warn (`idempotency conflict`: reason and key, never the body).
 * Keys are kept 31 days.
 *
 * Crash-proof: the key's row, the write and the stored answer commit in ONE libSQL `batch`, so
 * a crash or a database failure at any point leaves either nothing (the retry runs fresh at
 * once) or the whole answer (the retry gets it). There is no "in progress" row to go stale. The
 * flow: read the key (answered → replay or 422); run the handler, which reads what it needs and
 * returns its answer and statements; commit `[key row with the answer, …statements]`. The key's
 * INSERT is a plain one, so when a concurrent request with the same key committed first, the
 * primary key fails this batch, nothing of it is kept, and the key is read again and replayed.
 * A batch that fails SQLITE_BUSY (seen from sqld just after a restart; or another process
 * holding a file's write lock) has committed nothing and is run again, up to 3 times, unless it
 * already waited out the `file:` client's busy timeout (db/client.ts).
 *
 * Why a batch and not an interactive transaction (`client.transaction('write')`):
 * - `file:` (Node): the client runs statements synchronously on a pool of connections; a batch
 *   runs BEGIN…COMMIT without yielding, so it never overlaps another write. An open interactive
 *   transaction holds its connection's write lock across awaits, and any other write of the
 *   process meanwhile waits out the busy timeout (db/client.ts) synchronously, blocking the
 *   event loop the transaction needs to finish, and fails SQLITE_BUSY.
 * - sqld/Turso over HTTP (Hrana), on Node and on Workers (`@libsql/client/web`): a batch is one
 *   HTTP request (open stream, batch, close) that the server runs atomically. An interactive
 *   transaction holds a stream and the database's write lock across round trips: every other
 *   writer waits, and when the process dies (or a Worker is evicted) mid-transaction, they wait
 *   for sqld's 5 s transaction timeout.
 *
 * Reading and deciding inside the transaction: the handler runs before the batch, so what it
 * reads (prices, a profile) is read outside it. A decision that must still hold at commit (e.g.
 * a delivery slot's capacity) goes into the batch as a {@link WriteGuard} ({@link writeGuard}):
 * an SQL condition evaluated at its place among the statements, seeing their writes — e.g.
 * after the order's INSERT, `writeGuard('(SELECT count(*) FROM orders WHERE slot = ?) <= ?',
 * [slot, capacity], new ApiError(409, 'slot_full', …))`. When it is false the whole batch rolls
 * back and its ApiError is the answer, stored like any 4xx. Statements can also compute from
 * the current rows themselves (`INSERT … SELECT`).
 */
import { LibsqlBatchError, type Client, type InStatement, type InValue } from '@libsql/client';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  deleteKeysCreatedBefore,
  deleteStaleClaimStatement,
  guardStatement,
  insertAnsweredKeyStatement,
  readKey,
  type IdempotencyKey,
} from '../db/idempotency-keys';
import type { AppEnv } from '../env';
import { databaseBusy } from '../db/outage';
import type { ApiErrorCode } from '../contract/errors';
import { ApiError, errorBody, errorResponse } from '../http/errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An unanswered claim (left by an earlier version, which claimed before writing) older than this is free. */
const STALE_CLAIM_MS = 60_000;
/** How long a key and its stored answer are kept (ms): 31 days. */
export const KEY_RETENTION_MS = 31 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Pauses (ms) before the batch is tried again after SQLITE_BUSY (sqld just restarted, another process writing); then it fails. */
const BUSY_RETRY_PAUSES_MS = [25, 100, 250];
/**
 * A busy batch that took longer than this (ms) already waited out a busy timeout (a `file:`
 * client's, db/client.ts) and is not tried again: on `file:` that wait blocks the event loop,
 * and three more would freeze the server for 20 s before the 503.
 */
const WAITED_BUSY_MS = 1000;

/** A condition checked inside the write's batch; when it is not true the batch rolls back and `error` is the answer. */
export type WriteGuard = { condition: { sql: string; args: InValue[] }; error: ApiError };

/**
 * What a write handler returns: its answer and, in order, the statements and guards that make
 * the write; they commit in one batch with the key and the answer.
 */
export type WriteResult = { status: ContentfulStatusCode; body: unknown; statements: Array<InStatement | WriteGuard> };

/**
 * A guard for {@link WriteResult.statements}: `sql` is an SQL expression with positional `?`
 * `args` (e.g. `(SELECT count(*) FROM orders WHERE slot = ?) <= ?`), evaluated where the guard
 * stands in the batch. @returns the guard; when the expression is false or NULL the write is
 * not made and `error` (status below 500) is answered and stored as the key's answer.
 */
export function writeGuard(sql: string, args: InValue[], error: ApiError): WriteGuard {
  return { condition: { sql, args }, error };
}

const isGuard = (step: InStatement | WriteGuard): step is WriteGuard => typeof step === 'object' && 'condition' in step;

/** One request's key: who, which key, its fingerprint, its time, and an earlier version's stale claim to replace. */
type KeyRequest = { userId: string; key: string; hash: string; now: number; staleClaimAt?: number };

let lastSweep = 0;

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers an idempotency conflict, logged at warn with its reason and the key (never the body). */
function conflict(
  c: Context<AppEnv>,
  k: KeyRequest,
  status: 409 | 422,
  code: ApiErrorCode,
  reason: string,
  message: string,
): Response {
  c.var.log.warn('idempotency conflict', { status, code, reason, idempotencyKey: k.key });
  return errorResponse(c, status, code, message);
}

/** The answer a key's row gives this request, or undefined when the row is a stale claim that may be replaced. */
function answerFromRow(c: Context<AppEnv>, row: IdempotencyKey, k: KeyRequest): Response | undefined {
  if (row.requestHash !== k.hash)
    return conflict(
      c,
      k,
      422,
      'idempotency_key_reused',
      'key used before with another body',
      'This Idempotency-Key was already used with a different request body.',
    );
  if (row.statusCode !== null) {
    c.header('Idempotent-Replayed', 'true');
    return c.json(JSON.parse(String(row.responseBody)), row.statusCode as ContentfulStatusCode);
  }
  if (row.createdAt >= k.now - STALE_CLAIM_MS) {
    c.header('Retry-After', '1');
    return conflict(
      c,
      k,
      409,
      'idempotency_in_progress',
      'unanswered claim younger than 60 s',
      'This request is still being processed; try again in a moment.',
    );
  }
  return undefined;
}

/**
 * Runs `batch` as one write transaction, again after each pause of {@link BUSY_RETRY_PAUSES_MS}
 * while it fails busy at once (SQLITE_BUSY or SQLITE_LOCKED, databaseBusy: a busy batch has committed nothing, so running it again is
 * safe); one that failed busy after waiting {@link WAITED_BUSY_MS} or more is not run again.
 */
async function writeBatch(db: Client, batch: InStatement[]): Promise<void> {
  for (const pause of [...BUSY_RETRY_PAUSES_MS, undefined]) {
    const started = performance.now();
    try {
      await db.batch(batch, 'write');
      return;
    } catch (error) {
      const waited = performance.now() - started >= WAITED_BUSY_MS;
      if (pause === undefined || waited || databaseBusy(error) === undefined) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}

/**
 * Commits the key with the answer (`status`, `body`) and `steps` in one batch, and answers.
 * When a guard fails, stores and answers its error instead; when the key was committed by a
 * concurrent request, answers from its row. Other failures are rethrown (nothing was kept).
 */
async function commitAnswer(
  c: Context<AppEnv>,
  k: KeyRequest,
  status: ContentfulStatusCode,
  body: unknown,
  steps: WriteResult['statements'],
): Promise<Response> {
  const db = c.var.db;
  const batch: InStatement[] =
    k.staleClaimAt === undefined ? [] : [deleteStaleClaimStatement(k.userId, k.key, k.staleClaimAt)];
  batch.push(insertAnsweredKeyStatement(k.userId, k.key, k.hash, status, body, k.now));
  const guards = new Map<number, ApiError>();
  for (const step of steps) {
    if (isGuard(step)) guards.set(batch.length, step.error);
    batch.push(isGuard(step) ? guardStatement(k.userId, k.key, step.condition) : step);
  }
  try {
    await writeBatch(db, batch);
    return c.json(body, status);
  } catch (error) {
    const failedGuard =
      error instanceof LibsqlBatchError && error.code === 'SQLITE_CONSTRAINT'
        ? guards.get(error.statementIndex)
        : undefined;
    if (failedGuard)
      return commitAnswer(
        c,
        k,
        failedGuard.status as ContentfulStatusCode,
        errorBody(failedGuard.code, failedGuard.message, failedGuard.details),
        [],
      );
    // This batch committed and only its answer was lost — or a concurrent request with this key committed first.
    const row = await readKey(db, k.userId, k.key).catch(() => undefined);
    if (row?.statusCode === status && row.responseBody === JSON.stringify(body)) return c.json(body, status);
    const answer = row && answerFromRow(c, row, k);
    if (answer) return answer;
    throw error;
  }
}

/**
 * Runs `write` at most once per (user, Idempotency-Key) and answers as described above.
 * `userId` scopes the key; `body` is the validated request body (its fingerprint is compared
 * with later repeats). `write` may run in two concurrent requests with the same key: only one
 * commits, so it must not have effects outside its returned statements.
 * @returns the answer: `write`'s, a stored one (replay), or 400/409/422.
 * @throws what `write` throws other than an ApiError below 500 (which is stored as the answer),
 * and database errors; in both cases nothing was stored, and a retry runs afresh.
 */
export async function idempotentWrite(
  c: Context<AppEnv>,
  userId: string,
  body: unknown,
  write: () => Promise<WriteResult>,
): Promise<Response> {
  const key = c.req.header('Idempotency-Key')?.trim();
  if (!key || !UUID.test(key))
    return errorResponse(
      c,
      400,
      'idempotency_key_required',
      'Send an Idempotency-Key header with a UUID, new for each order or review.',
      {
        fields: { 'Idempotency-Key': ['Required: a UUID'] },
      },
    );
  const db = c.var.db;
  const now = Date.now();
  if (now - lastSweep > SWEEP_EVERY_MS) {
    lastSweep = now;
    await deleteKeysCreatedBefore(db, now - KEY_RETENTION_MS);
  }
  const k: KeyRequest = {
    userId,
    key,
    hash: await sha256Hex(`${c.req.method} ${c.req.path}\n${JSON.stringify(body)}`),
    now,
  };

  const existing = await readKey(db, userId, key);
  if (existing) {
    const answer = answerFromRow(c, existing, k);
    if (answer) return answer;
    k.staleClaimAt = existing.createdAt;
  }

  let result: WriteResult;
  try {
    result = await write();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500)
      return commitAnswer(
        c,
        k,
        error.status as ContentfulStatusCode,
        errorBody(error.code, error.message, error.details),
        [],
      );
    throw error;
  }
  return commitAnswer(c, k, result.status, result.body, result.statements);
}
