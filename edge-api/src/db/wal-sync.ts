/**
 * Group commit for a `file:` database (Node): its connections run `PRAGMA synchronous = NORMAL`
 * in WAL mode, so a COMMIT writes its frames to the write-ahead log without waiting for the disk,
 * and a write's caller is answered only once an `fsync` of the log that began after its COMMIT
 * has finished. One `fsync` covers every commit made before it started, so the writes that
 * commit while one runs share the next (SQLite: "WAL mode with synchronous=NORMAL … a
 * transaction committed in WAL mode with synchronous=NORMAL might roll back following a power
 * loss"; https://www.sqlite.org/pragma.html#pragma_synchronous — the wait closes that gap for
 * every answered write).
 *
 * Why: with the default `synchronous = FULL` every COMMIT waits for its own `fsync` on the
 * server's one thread (≈ 0.8 ms of the ≈ 4 ms an order costs here, bench/README.md figure 5);
 * here the `fsync` runs on libuv's thread pool while the thread serves other requests.
 *
 * What still holds: an acknowledged write is on disk (the same promise as FULL); a process crash
 * loses nothing committed (the log's frames are in the OS's cache); only a power loss or an OS
 * crash may take back a commit that nobody was answered for yet — its caller retries (an
 * outbox, with the same Idempotency-Key) or sees the failure. Another request may read such a
 * commit before it is on disk.
 */
import { open } from 'node:fs/promises';

/** The one `fsync` of a write-ahead log at a time, shared by every commit made before it began. */
export class WalSync {
  readonly #walPath: string;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  /** `walPath`: the database file's path with `-wal` appended (SQLite's name for its log). */
  constructor(walPath: string) {
    this.#walPath = walPath;
  }

  /**
   * Resolves once every transaction committed before this call is on disk: it joins the next
   * `fsync` (one running now may have started before the caller's commit, so it waits for
   * that one to end, then for a new one that all such callers share).
   * @throws the `fsync`'s error (EIO…): the commit happened, but whether it is on disk is unknown.
   */
  synced(): Promise<void> {
    if (this.#next) return this.#next;
    const running = this.#running;
    if (!running) return this.#start();
    this.#next = running
      .catch(() => undefined)
      .then(() => {
        this.#next = undefined;
        return this.#start();
      });
    return this.#next;
  }

  #start(): Promise<void> {
    const sync = syncFile(this.#walPath).finally(() => {
      if (this.#running === sync) this.#running = undefined;
    });
    this.#running = sync;
    return sync;
  }
}

/**
 * `fsync`s the file at `path` (opened for this, so a log SQLite deleted and made again is the
 * one synced). No file: SQLite removed the log after checkpointing it into the database, which
 * it syncs itself, so there is nothing left to sync.
 */
async function syncFile(path: string): Promise<void> {
  let file;
  try {
    file = await open(path, 'r+');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  try {
    await file.sync();
  } finally {
    await file.close();
  }
}
