/**
 * Idempotent writes (DESIGN.md §3; the pattern of Stripe's Idempotency-Key): `POST /orders` and
 * `POST /reviews` need an `Idempotency-Key` header (a UUID). The key is scoped to the user, and:
 * - a repeat with the same body gets the first answer (header `Idempotent-Replayed: true`),
 *   4xx answers included; so does the loser of two concurrent requests with one key;
 * - the same key with another body → 422, logged at warn (`idempotency conflict`: reason and
 *   key, never the body).
 * Keys are kept QUEUED_WRITE_MAX_DAYS (7) days, as long as a phone's outbox may retry; an
 * order's stored answer is replaced when the order is cancelled (db/idempotency-keys.ts).
 *
 * Crash-proof: the key's row, the write and the stored answer commit in ONE guarded batch
 * (db/guarded-batch.ts), so a crash or a database failure at any point leaves either nothing
 * (the retry runs fresh at once) or the whole answer (the retry gets it). There is no "in
 * progress" row to go stale. The flow: read the key (answered → replay or 422); run the
 * handler, which reads what it needs and returns its answer and its batch steps; commit
 * `[key row with the answer, …steps]` — on a `file:` database the handler and the commit take
 * one turn of the process's writers, first come first served (db/write-queue.ts), so what the
 * handler read still holds at its commit. The key's INSERT is a plain one, so when a concurrent
 * request with the same key committed first, the primary key fails this batch, nothing of it
 * is kept, and the key is read again and replayed.
 *
 * Deciding at commit: the handler runs before the batch, so what it reads (prices, a profile) is
 * read outside it. A decision that must still hold at commit (a product in stock, a delivery
 * slot's capacity) is a guard among the steps ({@link writeGuard}, db/guarded-batch.ts). A
 * failed guard's error is handled as if the handler had thrown it: a refusal (an ApiError below
 * 500, or a database error http/errors.ts answers so) is stored as the key's answer; any other
 * error (e.g. SlotFullError, which the orders route plans again) is thrown with nothing stored.
 */
import type { Client } from '@libsql/client';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { QUEUED_WRITE_MAX_DAYS } from '../contract/outbox-answer';
import { runGuardedBatch, type BatchStep, type Guard } from '../db/guarded-batch';
import { inWriteTurn } from '../db/write-queue';
import {
  deleteKeysCreatedBefore,
  insertAnsweredKeyStatement,
  readKey,
  type IdempotencyKey,
} from '../db/idempotency-keys';
import type { AppEnv } from '../env';
import { errorBody, errorResponse, toApiError } from '../http/errors';
import { sha256Hex } from '../http/sha256';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How long a key and its stored answer are kept (ms): as long as a queued write may be retried. */
const KEY_RETENTION_MS = QUEUED_WRITE_MAX_DAYS * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * What a write handler returns: its answer and, in order, the statements and guards that make
 * the write; they commit in one batch with the key and the answer.
 */
export type WriteResult = { status: ContentfulStatusCode; body: unknown; statements: BatchStep[] };

/** One request's key: who, which key, its fingerprint and its time (epoch ms). */
type KeyRequest = { userId: string; key: string; hash: string; now: number };

let lastSweep = 0;

/** The answer a key's row gives this request: the stored answer replayed, or 422 for another body (logged at warn with the key, never the body). */
function answerFromRow(c: Context<AppEnv>, row: IdempotencyKey, k: KeyRequest): Response {
  if (row.requestHash !== k.hash) {
    const reason = 'key used before with another body';
    c.var.log.warn('idempotency conflict', {
      status: 422,
      code: 'idempotency_key_reused',
      reason,
      idempotencyKey: k.key,
    });
    return errorResponse(
      c,
      422,
      'idempotency_key_reused',
      'This Idempotency-Key was already used with a different request body.',
    );
  }
  c.header('Idempotent-Replayed', 'true');
  return jsonText(c, row.responseBody, row.statusCode as ContentfulStatusCode);
}

/** The answer whose body is `text`, JSON already written (the text stored with the key), as `c.json` would send it. */
const jsonText = (c: Context<AppEnv>, text: string, status: ContentfulStatusCode): Response =>
  c.body(text, status, { 'Content-Type': 'application/json' });

/**
 * What a write came to: an answer to give (`status`, `text` its body's JSON, as stored with the
 * key), or the key's row a concurrent request committed.
 */
type Outcome = { status: ContentfulStatusCode; text: string } | { row: IdempotencyKey };

/**
 * Stores `error`, thrown by the handler or raised by a failed guard, as the key's answer when it
 * is a refusal (http/errors.ts toApiError, below 500).
 * @returns the outcome to answer. @throws `error` itself when it is anything else; nothing was stored.
 */
function refuse(db: Client, k: KeyRequest, error: unknown): Promise<Outcome> {
  const refusal = toApiError(error);
  if (!refusal || refusal.status >= 500) throw error;
  const status = refusal.status as ContentfulStatusCode;
  return commitAnswer(db, k, status, errorBody(refusal.code, refusal.message, refusal.details), []);
}

/**
 * Commits the key with the answer (`status`, `body`) and `steps` in one guarded batch. When a
 * guard fails, stores its error as {@link refuse} does; when the key was committed by a
 * concurrent request, its row is the outcome. Other failures are rethrown (nothing was kept).
 */
async function commitAnswer(
  db: Client,
  k: KeyRequest,
  status: ContentfulStatusCode,
  body: unknown,
  steps: readonly BatchStep[],
): Promise<Outcome> {
  let failed: Guard | undefined;
  const text = JSON.stringify(body);
  try {
    failed = await runGuardedBatch(db, [
      insertAnsweredKeyStatement(k.userId, k.key, k.hash, status, text, k.now),
      ...steps,
    ]);
  } catch (error) {
    // This batch committed and only its answer was lost — or a concurrent request with this key committed first.
    const row = await readKey(db, k.userId, k.key).catch(() => undefined);
    if (row?.statusCode === status && row.responseBody === text) return { status, text };
    if (row) return { row };
    throw error;
  }
  return failed ? refuse(db, k, failed.error) : { status, text };
}

/**
 * Runs `write` at most once per (user, Idempotency-Key) and answers as described above.
 * `userId` scopes the key; `body` is the validated request body (its fingerprint is compared
 * with later repeats). `write` may run in two concurrent requests with the same key: only one
 * commits, so it must not have effects outside its returned statements. On a `file:` database
 * it runs, with the commit, in the database's write turn (db/write-queue.ts: one at a time, in
 * arrival order), so it should only read the database: whatever it awaits, the other writes wait for.
 * @returns the answer: `write`'s, a stored one (replay), or 400/422.
 * @throws what `write` throws or a failed guard raises other than a refusal below 500 (which is
 * stored as the answer), and database errors; in each case nothing was stored, and a retry runs
 * afresh.
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
  const db = c.get('db');
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
  if (existing) return answerFromRow(c, existing, k);

  // The plan and its commit take one turn of the database's writers (db/write-queue.ts): what
  // the plan reads is what the batch commits on. The answer is built once the turn is over.
  const outcome = await inWriteTurn(db, async (writer): Promise<Outcome> => {
    let result: WriteResult;
    try {
      result = await write();
    } catch (error) {
      return refuse(writer, k, error);
    }
    return commitAnswer(writer, k, result.status, result.body, result.statements);
  });
  return 'row' in outcome ? answerFromRow(c, outcome.row, k) : jsonText(c, outcome.text, outcome.status);
}
