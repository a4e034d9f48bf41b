/**
 * The API's log lines in tests: importing this module (test-db.ts and test-app.ts do) sends
 * every log record of the test file's apps to {@link testLogs}, as the JSON the console would
 * get, instead of printing it — test output stays quiet, and tests can assert on what an
 * operator would read. LogTape's configuration is per process, so one list serves the file.
 */
import { formatLogLine, setLogSink } from '../http/logger';

/** One log line, parsed: LogTape's `@timestamp`, `level`, `message`, `logger`, then the fields. */
export type LogLine = { level: string; message: string; requestId?: string } & Record<string, unknown>;

/** Every line logged so far by this test file's apps, oldest first. */
export const testLogs: LogLine[] = [];

setLogSink((record) => {
  testLogs.push(JSON.parse(formatLogLine(record)) as LogLine);
});

/** The collected lines of the request that `res` answered, found by its X-Request-Id. */
export function logsOf(res: Response): LogLine[] {
  const id = res.headers.get('X-Request-Id');
  return testLogs.filter((line) => id !== null && line.requestId === id);
}
