/**
 * One writer at a time, first come first served, for the writes that read before they commit
 * (idempotency/idempotency.ts: read the key, plan the write, commit one batch).
 *
 * Why: on a `file:` database the Node process is SQLite's only writer, and @libsql/client runs
 * each batch synchronously, so two batches never overlap — but two read-decide-commit sequences
 * do: under load, every pending order reads the same delivery-slot counts, picks the same slot,
 * and all but a few fail the slot's guard at commit and plan again after a random pause (the
 * order route's retry), so some orders lose again and again while newer ones win. Taking turns
 * in arrival order makes every sequence plan on what the previous one committed: it commits at
 * its first try, and no request waits behind requests that came after it.
 *
 * Where: only clients {@link openDatabase} opened on a `file:` URL get a queue (one per file in
 * this process, shared by every client of it). Over HTTP (sqld, Turso; Node or Workers) the
 * writers are many processes or isolates and the server orders their batches; a queue in one
 * of them would order nothing, so {@link inWriteTurn} runs the work at once there, as before.
 * A lock held by another process (a migration, a test, the bench) is not this queue's business:
 * busy.ts still retries a batch that failed busy at once and the API answers 503 database_busy.
 *
 * Turns end at their COMMIT, not on disk: a turn's work writes through a client whose commits do
 * not wait for the disk, and its caller waits for the group's fsync after the turn
 * (db/wal-sync.ts), so the next turn plans while the disk works.
 *
 * Each turn starts after a pass of the event loop (`setImmediate`): the `file:` client answers
 * synchronously, so a turn's awaits resolve as microtasks and, without the pause, the queue would
 * drain without the loop ever reading a socket — requests then waited unread for seconds,
 * whoever came first (the orders benchmark saw 10 s), while the queue served the ones it had.
 */
import type { Client } from '@libsql/client';

/** A FIFO of async work: each piece starts once every piece queued before it has settled. */
export class WriteQueue {
  #tail: Promise<unknown> = Promise.resolve();
  #pending = 0;

  /** Pieces of work queued or running now. */
  get pending(): number {
    return this.#pending;
  }

  /**
   * Queues `work` behind everything queued before it and runs it when their turn is over —
   * fulfilled or failed: a failing piece does not hold up the next.
   * @returns what `work` returns. @throws what `work` throws (synchronously or not).
   */
  run<T>(work: () => Promise<T>): Promise<T> {
    this.#pending += 1;
    const turn = this.#tail
      .then(nextPassOfEventLoop)
      .then(work)
      .finally(() => {
        this.#pending -= 1;
      });
    this.#tail = turn.catch(() => undefined);
    return turn;
  }
}

/** Resolves after the event loop's next pass (its I/O included): Node's `setImmediate`. */
const nextPassOfEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * How a client's turns write: through `client`, whose commits resolve before they are on disk,
 * and `synced()` resolving once everything committed before it is on disk (db/wal-sync.ts).
 */
export type TurnWrites = { client: Client; synced: () => Promise<void> };

/** A client's write queue, and how its turns write (absent: through the client itself). */
type Turns = { queue: WriteQueue; writes?: TurnWrites };

// One queue per database file in this process, and the clients that use it.
const queuesByFile = new Map<string, WriteQueue>();
const turnsByClient = new WeakMap<Client, Turns>();

/**
 * Gives `db`, a client of the database file at `path` (as in its `file:` URL), the write queue
 * of that file in this process (made on first use), so that {@link inWriteTurn} takes turns on
 * it, its turns writing through `writes` when given; an in-memory database (`path` undefined)
 * is its client's alone and gets a queue of its own. Called by openDatabase (db/client.ts) for
 * `file:` URLs only. @returns `db`.
 */
export function useWriteQueue(db: Client, path?: string, writes?: TurnWrites): Client {
  let queue = path === undefined ? undefined : queuesByFile.get(path);
  if (!queue) {
    queue = new WriteQueue();
    if (path !== undefined) queuesByFile.set(path, queue);
  }
  turnsByClient.set(db, { queue, ...(writes ? { writes } : {}) });
  return db;
}

/** The write queue `db` takes turns on, or undefined for a client without one (HTTP, Workers). */
export const writeQueueOf = (db: Client): WriteQueue | undefined => turnsByClient.get(db)?.queue;

/**
 * Runs `work` in `db`'s write turn: after every turn asked for before it, alone among them,
 * when `db` has a write queue ({@link useWriteQueue}); at once otherwise. `work` gets the client
 * to commit with (its turns' client, or `db`); it must not ask for a turn on the same database
 * itself (it would wait for itself), and should only read and write the database: everything
 * it awaits, every other writer waits for too.
 * @returns what `work` returns, once what it committed is on disk. @throws what `work` throws,
 * or the fsync's error (then what it committed may not be on disk).
 */
export async function inWriteTurn<T>(db: Client, work: (writer: Client) => Promise<T>): Promise<T> {
  const turns = turnsByClient.get(db);
  if (!turns) return work(db);
  const { queue, writes } = turns;
  if (!writes) return queue.run(() => work(db));
  return queue.run(() => work(writes.client)).finally(writes.synced);
}
