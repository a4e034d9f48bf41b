/**
 * The Node server's start-up errors (node.ts): a bad setting is named, its value is not — a
 * DATABASE_URL may hold a user and password, and these lines reach terminals and log collectors.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Starts `node.ts --api-only` with `env` added; returns its exit status and what it printed. */
function start(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'edge-api/src/node.ts', '--api-only'], {
    env: { ...process.env, PORT: '0', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

describe('node.ts start-up', () => {
  it('refuses DATABASE_URL=libsql://user:secret@host naming DATABASE_URL, never its value', () => {
    const { status, output } = start({ DATABASE_URL: 'libsql://user:secret@host' });
    expect(status).toBe(1);
    expect(output).toContain('DATABASE_URL');
    expect(output).not.toContain('secret');
    expect(output).not.toContain('user:');
  }, 40_000);
});
