/**
 * Guarded batches: the one way a write checks, at commit time, what it decided before it (a
 * product still in stock, a delivery slot below capacity, one review each). A batch is
 * statements and {@link Guard}s in order, run as one write transaction. A guard is an SQL
 * condition evaluated at its place among the statements, seeing their writes — after an
 * order's INSERT, `(SELECT count(*) FROM orders WHERE slot_id = ?) <= ?` counts that order too
 * — and the error its caller raises when the condition is false or NULL. The guard's statement
 * inserts the condition's value into the `write_guard` view, whose trigger then aborts with
 * `write_guard_failed` (migration 0004): the whole batch rolls back and {@link runGuardedBatch}
 * returns that guard. A statement can also compute from the current rows itself
 * (`INSERT … SELECT`). Idempotent writes (idempotency/idempotency.ts) commit through here, with
 * the key's row and its answer in the same batch.
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
 */
import { LibsqlBatchError, type Client, type InStatement, type InValue } from '@libsql/client';
import { batchRetryingBusy } from './busy';

/** The message migration 0004's trigger aborts a batch with when a guard's condition is not true. */
const GUARD_FAILED = 'write_guard_failed';

/** A condition in SQL: an expression with positional `?` args only. */
export type SqlCondition = { sql: string; args: InValue[] };

/** A condition checked inside a batch, and the error to raise when it is not true there. */
export type Guard = { condition: SqlCondition; readonly error: Error };

/** One step of a guarded batch: a statement, or a guard on what the steps before it wrote. */
export type BatchStep = InStatement | Guard;

/**
 * A guard for a guarded batch: `sql` is an SQL expression with positional `?` `args` (e.g.
 * `(SELECT count(*) FROM reviews WHERE user_id = ?) <= 1`), evaluated where the guard stands in
 * the batch. @returns the guard; when the expression is false or NULL the batch is not kept and
 * `error` is what the caller raises — given as the error, or as a function that makes it when it
 * is first asked for: an error records its stack when made, which costs more than the guard's
 * own statement, and the guards of a busy write (an order has four) almost never fail.
 */
export function writeGuard(sql: string, args: InValue[], error: Error | (() => Error)): Guard {
  if (error instanceof Error) return { condition: { sql, args }, error };
  let made: Error | undefined;
  return {
    condition: { sql, args },
    get error() {
      return (made ??= error());
    },
  };
}

const isGuard = (step: BatchStep): step is Guard => typeof step === 'object' && 'condition' in step;

/** The statement that aborts its batch (`write_guard_failed`) when `guard`'s condition is false or NULL at that point; it writes nothing. */
export function guardStatement(guard: Guard): InStatement {
  return { sql: `INSERT INTO write_guard (ok) VALUES ((${guard.condition.sql}))`, args: guard.condition.args };
}

/**
 * Runs `steps` as one write transaction (run again while the database is busy, db/busy.ts).
 * @returns undefined when it committed, or the first guard whose condition did not hold (then
 * nothing of the batch is kept).
 * @throws any other failure of the batch (a constraint, the database unreachable or busy…); nothing
 * of the batch is kept then either.
 */
export async function runGuardedBatch(db: Client, steps: readonly BatchStep[]): Promise<Guard | undefined> {
  const guards = new Map<number, Guard>();
  const statements = steps.map((step, i) => {
    if (!isGuard(step)) return step;
    guards.set(i, step);
    return guardStatement(step);
  });
  try {
    await batchRetryingBusy(db, statements);
    return undefined;
  } catch (error) {
    const failed = error instanceof LibsqlBatchError ? guards.get(error.statementIndex) : undefined;
    if (failed && error instanceof Error && error.message.includes(GUARD_FAILED)) return failed;
    throw error;
  }
}
