/**
 * Structured logs (DESIGN.md §3): one JSON line per API request, and the warnings and errors
 * that code reports through the request's logger `c.var.log`.
 *
 * Library: LogTape (`@logtape/logtape`): typed, no dependencies, and the same code runs on Node
 * and on Workers (workerd), where it writes through `console` with its JSON Lines formatter.
 * The other candidate, pino (through hono-pino), needs its browser build under workerd, which
 * has none of its Node transports and serialisers, and brings several dependencies.
 *
 * Never logged: tokens, request or response bodies, e-mail addresses, phone numbers. Callers
 * pass ids, codes, statuses and reasons only.
 *
 * LogTape's configuration is global to the process (the isolate on Workers). createApp calls
 * {@link configureLogging} with its LOG_LEVEL; a process serves one app. The sink is the console
 * unless {@link setLogSink} chose another: the Node server writes its lines in batches
 * (http/stdio-sink.ts), and tests, which build several apps, send every record to a collector.
 */
import {
  configureSync,
  getConsoleSink,
  getJsonLinesFormatter,
  getLogger,
  type LogLevel,
  type Sink,
  type TextFormatter,
} from '@logtape/logtape';
import { redact } from './redact';

/** The LOG_LEVEL values, least severe first. */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** Fields of a log line: ids, codes, statuses, reasons — never tokens, bodies, e-mails or phones. */
export type LogFields = Record<string, unknown>;

/** A logger as handlers see it (`c.var.log`): every line it writes carries the request id. */
export type RequestLog = {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
};

const CATEGORY = 'taza-haat';
const LOGTAPE_LEVEL: Record<LogLevelName, LogLevel> = { debug: 'debug', info: 'info', warn: 'warning', error: 'error' };

const jsonLines: TextFormatter = getJsonLinesFormatter({ properties: 'flatten' });

/**
 * One log record as one JSON line: `@timestamp`, `level`, `message`, `logger`, then the fields
 * at the top level (LogTape's JSON Lines formatter), with any credential, token or e-mail address
 * a library's error message quoted replaced (http/redact.ts).
 */
export const formatLogLine: TextFormatter = (record) => redact(jsonLines(record));

const consoleSink: Sink = getConsoleSink({ formatter: formatLogLine });
let sink: Sink = consoleSink;
let configuredLevel: LogLevelName | undefined;

/**
 * Sends records at `level` and above to the current sink (the console unless
 * {@link setLogSink} chose another); records below it cost a level check only.
 */
export function configureLogging(level: LogLevelName): void {
  configuredLevel = level;
  configureSync({
    reset: true,
    sinks: { out: sink },
    loggers: [
      { category: CATEGORY, sinks: ['out'], lowestLevel: LOGTAPE_LEVEL[level] },
      // LogTape's own diagnostics (a failing sink); its "configured" notice is info.
      { category: ['logtape', 'meta'], sinks: ['out'], lowestLevel: 'warning' },
    ],
  });
}

/**
 * Configures logging at `level` unless {@link configureLogging} ran already: for code that logs
 * before any app exists (the Worker refusing its configuration), never overriding an app's level.
 */
export function ensureLogging(level: LogLevelName): void {
  if (!configuredLevel) configureLogging(level);
}

/**
 * Where records go from now on: `next` (tests pass a collector), or the console when undefined.
 * Applies at once when logging is already configured.
 */
export function setLogSink(next: Sink | undefined): void {
  sink = next ?? consoleSink;
  if (configuredLevel) configureLogging(configuredLevel);
}

/** The app's logger for one request: every line carries `requestId`. */
export function requestLog(requestId: string): RequestLog {
  return getLogger(CATEGORY).with({ requestId });
}

/** What the per-request line says; `route` is the pattern (`/api/orders/:id`), `durationMs` ms. */
export type RequestLine = {
  method: string;
  route: string;
  status: number;
  durationMs: number;
  uid?: string | undefined;
};

const roundMs = (ms: number) => Math.round(ms * 10) / 10;

/** Writes the one line per request (info, or `level`) through the request's logger. */
export function writeRequestLine(log: RequestLog, line: RequestLine, level: 'info' | 'debug' = 'info'): void {
  const { uid, ...rest } = line;
  log[level]('request', { ...rest, durationMs: roundMs(line.durationMs), ...(uid === undefined ? {} : { uid }) });
}

/** Counts one answer of a {@link requestTally}: its request id, status and duration (ms). */
export type TallyRequest = (requestId: string, status: number, durationMs: number) => void;

/**
 * The request lines of a hot path answered outside Hono (http/replay.ts), where one
 * LogTape record per request (about 8 µs with its JSON) would cost more than the answer itself
 * (bench figure 6): each request's own line is written at debug, and at info one `requests`
 * line per `windowMs` (ms) that saw any says `method`, `route`, `count`, the count per status
 * (`statuses`, e.g. `{"304": 812}`), `slowestMs` and `windowMs`. A window still open when the
 * process ends is not written.
 */
export function requestTally(method: string, route: string, windowMs = 10_000): TallyRequest {
  const logger = getLogger(CATEGORY);
  let statuses: Record<number, number> = {};
  let count = 0;
  let slowestMs = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    logger.info('requests', { method, route, count, statuses, slowestMs: roundMs(slowestMs), windowMs });
    statuses = {};
    count = 0;
    slowestMs = 0;
    timer = undefined;
  };
  return (requestId, status, durationMs) => {
    if (logger.isEnabledFor('debug'))
      writeRequestLine(requestLog(requestId), { method, route, status, durationMs }, 'debug');
    statuses[status] = (statuses[status] ?? 0) + 1;
    count += 1;
    slowestMs = Math.max(slowestMs, durationMs);
    if (!timer) {
      timer = setTimeout(flush, windowMs);
      // A pending summary never keeps the process alive (Node; Workers' timers have no unref).
      (timer as { unref?: () => void }).unref?.();
    }
  };
}
