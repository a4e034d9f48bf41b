/** Child processes of the start script and test harness: spawned, watched, stopped cleanly. */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

export type Child = {
  name: string;
  process: ChildProcess;
  /** True until the process exits. */
  alive: () => boolean;
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Sends SIGINT (then SIGKILL after `graceMs`) and resolves when the process is gone. */
  stop: (graceMs?: number) => Promise<void>;
};

/** Spawns `command args` as a named child; its output goes where `options.stdio` says. */
export function startChild(name: string, command: string, args: string[], options: SpawnOptions = {}): Child {
  const proc = spawn(command, args, { stdio: 'inherit', ...options });
  let running = true;
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => {
      running = false;
      resolve(code ?? signal ?? 'unknown');
    });
    proc.once('error', () => {
      running = false;
      resolve('spawn-error');
    });
  });
  return {
    name,
    process: proc,
    alive: () => running,
    exited,
    stop: async (graceMs = 10_000) => {
      if (!running) return;
      proc.kill('SIGINT');
      const timer = setTimeout(() => proc.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
