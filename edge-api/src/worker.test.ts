/**
 * The Workers entry's refusal to serve a configuration it cannot work with: what an API client
 * gets (a generic 503 naming no setting), and what the Worker's log says (the settings and why).
 * The full Worker runs under wrangler dev in e2e/.
 */
import { describe, expect, it } from 'vitest';
// The apps' log lines go to memory, not the test output.
import { testLogs } from './testing/test-logs';
import worker from './worker';

// Nothing listens there: these requests never reach the database.
const DATABASE_URL = 'http://127.0.0.1:9';
const get = (path: string, env: Record<string, unknown>, headers: Record<string, string> = {}) =>
  worker.fetch(new Request(`http://shop.test${path}`, { headers }), env);

/** Checks that `res` is the generic refusal, naming no setting. @returns its request id. */
async function expectGenericRefusal(res: Response): Promise<string> {
  expect(res.status).toBe(503);
  expect(res.headers.get('Cache-Control')).toBe('no-store');
  const text = await res.text();
  expect(JSON.parse(text)).toEqual({
    error: { code: 'service_misconfigured', message: 'The shop is not available right now; please try again later.' },
  });
  expect(text).not.toMatch(/FIREBASE|DATABASE|demo-|wrangler/i);
  const requestId = res.headers.get('X-Request-Id');
  expect(requestId).toBeTruthy();
  return requestId ?? '';
}

const linesOf = (requestId: string) => testLogs.filter((line) => line.requestId === requestId);

describe('the Worker entry', () => {
  it('refuses the demo project without the Auth emulator with a generic 503; the log names the settings and how to set the real one', async () => {
    const requestId = await expectGenericRefusal(
      await get('/api/products', { DATABASE_URL }, { 'X-Request-Id': 'edge-misconfig-1' }),
    );
    expect(requestId).toBe('edge-misconfig-1');
    const lines = linesOf(requestId);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'service misconfigured',
        settings: ['FIREBASE_PROJECT_ID', 'FIREBASE_AUTH_EMULATOR_HOST'],
        reason: expect.stringContaining('FIREBASE_AUTH_EMULATOR_HOST is not set'),
      }),
    ]);
    expect(lines[0]?.reason).toContain('wrangler deploy --var FIREBASE_PROJECT_ID:');
  });

  it('refuses a malformed variable with the same 503; the log names it', async () => {
    const requestId = await expectGenericRefusal(
      await get('/api/products', { DATABASE_URL: 'postgres://nope', FIREBASE_PROJECT_ID: 'taza-haat-prod' }),
    );
    expect(linesOf(requestId)).toEqual([
      expect.objectContaining({
        level: 'ERROR',
        message: 'service misconfigured',
        settings: ['DATABASE_URL'],
        reason: expect.stringContaining('DATABASE_URL must start with'),
      }),
    ]);
    // The log never holds the value of a variable, only its name and rule.
    expect(JSON.stringify(linesOf(requestId))).not.toContain('postgres://nope');
  });

  it('serves with a real project, or with the demo project and the emulator', async () => {
    for (const env of [{ FIREBASE_PROJECT_ID: 'taza-haat-prod' }, { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }]) {
      const res = await get('/api/nope', { DATABASE_URL, ...env });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
