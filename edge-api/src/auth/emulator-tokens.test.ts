/**
 * Where the Auth emulator's unsigned tokens sign a request in (DESIGN.md §3): only with the
 * emulator configured for a demo- project, a loopback listener (Node) and a request to a
 * loopback host (Workers) — asked of the app factory, the Worker entry and a real Node server
 * bound to every interface, as an operator would start it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_EMULATOR_HOST, DEMO_PROJECT_ID } from '../contract/local-run';
import { apiServer, type Restartable } from '../testing/processes';
import { createTestApp, type TestApp } from '../testing/test-app';
import { createTestDb, type TestDb } from '../testing/test-db';
import { emulatorToken } from '../testing/tokens';
import worker from '../worker';
import { isLoopbackHost, nodeEmulatorGate } from './emulator-tokens';

const shopper = { uid: 'uid-loopback', email: 'loopback@example.test', name: 'Loopback Shopper' };
const bearer = { Authorization: `Bearer ${emulatorToken(shopper)}` };
const emulatorConfig = { authEmulatorHost: DEFAULT_AUTH_EMULATOR_HOST, firebaseProjectId: DEMO_PROJECT_ID };

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])(
    '%s is loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true),
  );
  it.each([
    '0.0.0.0',
    '::',
    '[::]',
    '192.168.1.10',
    '10.0.0.1',
    '128.0.0.1',
    '127.0.0.256',
    'shop.example.com',
    'localhost.example.com',
    '127.0.0.1.nip.io',
    '',
  ])('%s is not', (host) => expect(isLoopbackHost(host)).toBe(false));
});

describe('the Node listener rule', () => {
  it('refuses emulator tokens on a wildcard or public HOST, and says why', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10']) {
      const { warning } = nodeEmulatorGate(emulatorConfig, host);
      expect(warning).toContain(`HOST ${host} is not a loopback address`);
    }
    expect(nodeEmulatorGate(emulatorConfig, '127.0.0.1').warning).toBeUndefined();
    // Nothing to refuse (and nothing to say) without the emulator.
    expect(
      nodeEmulatorGate({ authEmulatorHost: undefined, firebaseProjectId: 'taza-haat-prod' }, '0.0.0.0').warning,
    ).toBeUndefined();
  });

  describe('a real server started with HOST=0.0.0.0 and the emulator configured', () => {
    let db: TestDb;
    let server: Restartable;
    beforeAll(async () => {
      db = await createTestDb();
      server = await apiServer(db.url, { HOST: '0.0.0.0' });
      await server.start();
    });
    afterAll(async () => {
      await server.stop();
      db.cleanup();
    });

    it('answers an emulator token 401, even to a request for a loopback host, and logged why at start', async () => {
      const res = await fetch(`${server.url}/api/orders?email=${shopper.email}`, { headers: bearer });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
      expect(server.stderrTail()).toContain('HOST 0.0.0.0 is not a loopback address');
    });
  });
});

describe('the request host rule (Workers, and the default of the app factory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.cleanup());

  it('takes an emulator token for a loopback host and refuses it for a public one', async () => {
    for (const origin of ['http://localhost', 'http://127.0.0.1:8787', 'http://[::1]:8787'])
      expect((await t.app.request(`${origin}/api/orders?email=${shopper.email}`, { headers: bearer })).status).toBe(
        200,
      );
    for (const origin of ['https://shop.example.com', 'http://192.168.1.10:8787', 'http://0.0.0.0:8787']) {
      const res = await t.app.request(`${origin}/api/orders?email=${shopper.email}`, { headers: bearer });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
    }
  });

  it('on the Worker entry: a deployment with the emulator variables refuses emulator tokens on its public host', async () => {
    // Nothing listens there: a request that gets past sign-in fails on the database (503), one
    // refused at sign-in never reaches it (401).
    const env = {
      DATABASE_URL: 'http://127.0.0.1:9',
      FIREBASE_AUTH_EMULATOR_HOST: DEFAULT_AUTH_EMULATOR_HOST,
      FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    };
    const ask = (origin: string) =>
      worker.fetch(new Request(`${origin}/api/orders?email=${shopper.email}`, { headers: bearer }), env);
    const refused = await ask('https://taza-haat.example.workers.dev');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'invalid_token' } });
    // As under `wrangler dev`: signed in, then the (absent) database answers.
    expect((await ask('http://127.0.0.1:8787')).status).not.toBe(401);
  });
});
