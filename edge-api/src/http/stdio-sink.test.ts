/**
 * The Node server's log sink (stdio-sink.ts): JSON lines, info on stdout and warnings on stderr,
 * written once per pass of the event loop — and nothing lost when the process exits before that.
 */
import { spawnSync } from 'node:child_process';
import type { LogRecord } from '@logtape/logtape';
import { describe, expect, it } from 'vitest';
import { stdioSink } from './stdio-sink';

const record = (level: LogRecord['level'], message: string, properties: Record<string, unknown> = {}): LogRecord => ({
  category: ['taza-haat'],
  level,
  message: [message],
  rawMessage: message,
  timestamp: Date.parse('2026-11-29T08:00:00Z'),
  properties,
});

/** An output that keeps each write. */
const collector = () => {
  const writes: string[] = [];
  return { writes, write: (text: string) => writes.push(text) };
};

const nextPass = () => new Promise((resolve) => setImmediate(resolve));

describe('stdioSink', () => {
  it('writes a pass of the event loop’s lines at the next pass: one write per stream, info to stdout, warnings and errors to stderr', async () => {
    const out = collector();
    const err = collector();
    const sink = stdioSink(out, err);
    sink(record('info', 'request', { status: 201 }));
    sink(record('warning', 'idempotency conflict'));
    sink(record('debug', 'request', { status: 304 }));
    sink(record('error', 'unexpected'));
    expect(out.writes).toEqual([]);
    await nextPass();
    expect(out.writes).toHaveLength(1);
    expect(err.writes).toHaveLength(1);
    const outLines = out.writes[0]!.trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(outLines).toMatchObject([
      { level: 'INFO', message: 'request', status: 201 },
      { level: 'DEBUG', message: 'request', status: 304 },
    ]);
    expect(
      err.writes[0]!.trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toMatchObject([
      { level: 'WARN', message: 'idempotency conflict' },
      { level: 'ERROR', message: 'unexpected' },
    ]);
    sink(record('info', 'later'));
    await nextPass();
    expect(out.writes).toHaveLength(2);
  });

  it('takes e-mail addresses and tokens out, as every log line does', async () => {
    const out = collector();
    const sink = stdioSink(out, collector());
    sink(record('info', 'request', { reason: 'asha@example.com sent Bearer abc.def' }));
    await nextPass();
    expect(out.writes[0]).toContain('[e-mail]');
    expect(out.writes[0]).not.toContain('asha@example.com');
    expect(out.writes[0]).not.toContain('abc.def');
  });

  it('writes the lines still gathered when the process exits', () => {
    const script = `
      const { stdioSink } = await import('./edge-api/src/http/stdio-sink.ts');
      const { configureLogging, requestLog, setLogSink } = await import('./edge-api/src/http/logger.ts');
      setLogSink(stdioSink());
      configureLogging('info');
      const log = requestLog('r-1');
      log.info('request', { status: 201 });
      log.warn('idempotency conflict');
      log.info('request', { status: 409 });
      process.exit(0);`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    const lines = (text: string) =>
      text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown);
    expect(lines(run.stdout)).toMatchObject([
      { message: 'request', requestId: 'r-1', status: 201 },
      { message: 'request', requestId: 'r-1', status: 409 },
    ]);
    expect(lines(run.stderr)).toMatchObject([{ level: 'WARN', message: 'idempotency conflict' }]);
  });
});
