/**
 * The children of a long-running command (`npm start`, `npm run dev`): Ctrl-C (SIGINT) or
 * SIGTERM stops them all and exits 0; a failure while starting stops those already started; a
 * child that stops on its own stops the others and is reported in one sentence.
 */
import type { Child } from './child';
import { UserFacingError } from './cli';
import { waitForHttp } from './ports';

export type Supervisor = {
  /** Watches a started child from now on (stopped with the others); returns it. */
  add: (child: Child) => Child;
  /**
   * Watches `child` and waits until `url` answers (within `timeoutMs`, default 60 s).
   * `selfStopMs`: on Ctrl-C, how long the child may take to stop on the terminal's SIGINT alone
   * before it is signalled again (for children that take a second signal as "kill now").
   * @throws UserFacingError with the sentence `failure` when it exits or does not answer in time.
   */
  addWhenReady: (
    child: Child,
    url: string,
    failure: string,
    options?: { timeoutMs?: number; selfStopMs?: number },
  ) => Promise<Child>;
  /**
   * Runs `start` (which adds the children); if it throws, stops every child and rethrows. Then
   * waits: returns once Ctrl-C is stopping everything (the process exits 0 when all are gone).
   * @throws UserFacingError naming the child that stopped on its own, after stopping the others.
   */
  run: (start: () => Promise<void>) => Promise<void>;
};

/** A supervisor with its SIGINT/SIGTERM handlers installed (see the module comment). */
export function superviseChildren(): Supervisor {
  const children: Child[] = [];
  const selfStop = new Map<Child, number>();
  let stopping = false;
  const stopAll = async (signalled = false) => {
    stopping = true;
    await Promise.all(
      children.map(async (child) => {
        const ms = signalled ? selfStop.get(child) : undefined;
        if (ms) await Promise.race([child.exited, new Promise((resolve) => setTimeout(resolve, ms))]);
        await child.stop();
      }),
    );
  };
  const shutDown = () => void stopAll(true).then(() => process.exit(0));
  process.on('SIGINT', shutDown);
  process.on('SIGTERM', shutDown);

  const add = (child: Child) => {
    children.push(child);
    return child;
  };
  return {
    add,
    addWhenReady: async (child, url, failure, options = {}) => {
      add(child);
      if (options.selfStopMs) selfStop.set(child, options.selfStopMs);
      await waitForHttp(url, child.alive, options.timeoutMs).catch(() => {
        throw new UserFacingError(failure);
      });
      return child;
    },
    run: async (start) => {
      try {
        await start();
      } catch (error) {
        await stopAll();
        throw error;
      }
      const first = await Promise.race(children.map((child) => child.exited.then((code) => ({ child, code }))));
      if (stopping) return; // Ctrl-C: shutDown exits once every child is gone.
      await stopAll();
      throw new UserFacingError(
        `The ${first.child.name} stopped unexpectedly (exit ${first.code}); the shop has been shut down.`,
      );
    },
  };
}
