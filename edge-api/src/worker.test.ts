/**
 * The Workers entry's refusal to serve a configuration it cannot work with: what an API client
 * gets, and what the Worker's log says. The full Worker runs under wrangler dev in e2e/.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
// The apps' log lines go to memory, not the test output.
import './testing/test-logs';
import worker from './worker';

// Nothing listens there: these requests never reach the database.
const DATABASE_URL = 'http://127.0.0.1:9';
const get = (path: string, env: Record<string, unknown>) => worker.fetch(new Request(`http://shop.test${path}`), env);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Worker entry', () => {
  it('refuses the demo project without the Auth emulator, saying how to set the real one', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await get('/api/products', { DATABASE_URL });
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('misconfigured');
    expect(body.error.message).toContain('FIREBASE_PROJECT_ID is demo-taza-haat');
    expect(body.error.message).toContain('wrangler deploy --var FIREBASE_PROJECT_ID:');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('FIREBASE_AUTH_EMULATOR_HOST is not set'));
  });

  it('refuses a malformed variable, naming it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const res = await get('/api/products', { DATABASE_URL: 'postgres://nope', FIREBASE_PROJECT_ID: 'taza-haat-prod' });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('DATABASE_URL must start with');
  });

  it('serves with a real project, or with the demo project and the emulator', async () => {
    for (const env of [{ FIREBASE_PROJECT_ID: 'taza-haat-prod' }, { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }]) {
      const res = await get('/api/nope', { DATABASE_URL, ...env });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
    }
  });
});
