/**
 * The Node server's log sink (node.ts): each record as one JSON line (logger.ts formatLogLine),
 * info and debug on stdout, warnings and errors on stderr as LogTape's console sink writes them,
 * gathered while the event loop runs and written at its next pass (`setImmediate`), one write per
 * stream. Under load a line per request otherwise costs a console call, which formats its
 * argument again, and a system call, each. Lines still gathered when the process exits are
 * written then (stdout and stderr are synchronous on Linux for files and pipes:
 * https://nodejs.org/api/process.html#a-note-on-process-io).
 */
import type { LogRecord, Sink } from '@logtape/logtape';
import { formatLogLine } from './logger';

/** Where a stream's lines go: `process.stdout` or `process.stderr`, or a test's stand-in. */
type Output = { write(text: string): unknown };

/** Records at these levels go to stderr, as the console sink's `console.warn`/`console.error` send them. */
const TO_STDERR = new Set<LogRecord['level']>(['warning', 'error', 'fatal']);

/** The lines gathered for `output`: `drain` writes them all as one text and starts afresh. */
function lineBuffer(output: Output) {
  let lines: string[] = [];
  return {
    push: (line: string) => lines.push(line),
    drain: () => {
      if (lines.length === 0) return;
      const text = lines.join('');
      lines = [];
      output.write(text);
    },
  };
}

/**
 * Makes the sink. `out` and `err` default to the process's stdout and stderr.
 * @returns the sink; it never throws (a line that cannot be formatted is LogTape's to report).
 */
export function stdioSink(out: Output = process.stdout, err: Output = process.stderr): Sink {
  const outLines = lineBuffer(out);
  const errLines = lineBuffer(err);
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    outLines.drain();
    errLines.drain();
  };
  process.once('exit', flush);
  return (record) => {
    (TO_STDERR.has(record.level) ? errLines : outLines).push(formatLogLine(record));
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}
