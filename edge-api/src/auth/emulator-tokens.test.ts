/**
 * Where the Auth emulator's unsigned tokens sign a request in (DESIGN.md §3): only with the
 * emulator configured for a demo- project, a loopback listener (Node), a request to a loopback
 * host (Workers) and no reverse proxy (TRUST_PROXY 0, no Forwarded, X-Forwarded-For or X-Real-IP)
 * — asked of the app factory, the Worker entry and real Node servers, bound to every interface
 * and to loopback behind a proxy, as an operator would start them.
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
const emulatorConfig = {
  authEmulatorHost: DEFAULT_AUTH_EMULATOR_HOST,
  firebaseProjectId: DEMO_PROJECT_ID,
  trustProxy: 0,
};
/** What a reverse proxy adds to a request it passes on: each alone marks the request as proxied. */
const PROXY_HEADERS: [string, Record<string, string>][] = [
  ['X-Forwarded-For', { 'X-Forwarded-For': '203.0.113.7' }],
  ['Forwarded', { Forwarded: 'for=203.0.113.7;proto=https' }],
  ['X-Real-IP', { 'X-Real-IP': '203.0.113.7' }],
];

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
      nodeEmulatorGate({ authEmulatorHost: undefined, firebaseProjectId: 'taza-haat-prod', trustProxy: 0 }, '0.0.0.0')
        .warning,
    ).toBeUndefined();
  });

  it('refuses emulator tokens with TRUST_PROXY above 0, and says why', () => {
    expect(nodeEmulatorGate({ ...emulatorConfig, trustProxy: 1 }, '127.0.0.1').warning).toContain('TRUST_PROXY is 1');
  });

  describe('a real server on loopback, put behind a reverse proxy (as nginx passes requests on)', () => {
    let db: TestDb;
    let server: Restartable;
    beforeAll(async () => {
      db = await createTestDb();
      server = await apiServer(db.url);
      await server.start();
    });
    afterAll(async () => {
      await server.stop();
      db.cleanup();
    });

    it('takes an emulator token sent to it directly', async () => {
      const res = await fetch(`${server.url}/api/orders?email=${shopper.email}`, { headers: bearer });
      expect(res.status).toBe(200);
    });

    it.each(PROXY_HEADERS)(
      'answers an emulator token 401 when the request carries %s, and says so once',
      async (_name, headers) => {
        const res = await fetch(`${server.url}/api/orders?email=${shopper.email}`, {
          headers: { ...bearer, ...headers },
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
        expect(server.stderrTail().match(/came through a reverse proxy/g)).toHaveLength(1);
      },
    );
  });

  describe('a real server on loopback with TRUST_PROXY=1', () => {
    let db: TestDb;
    let server: Restartable;
    beforeAll(async () => {
      db = await createTestDb();
      server = await apiServer(db.url, { TRUST_PROXY: '1' });
      await server.start();
    });
    afterAll(async () => {
      await server.stop();
      db.cleanup();
    });

    it('answers an emulator token 401, even with no proxy header, and logged why at start', async () => {
      const res = await fetch(`${server.url}/api/orders?email=${shopper.email}`, { headers: bearer });
      expect(res.status).toBe(401);
      expect(server.stderrTail()).toContain('TRUST_PROXY is 1');
    });
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

  it.each(PROXY_HEADERS)('refuses an emulator token for a loopback host that came with %s', async (_name, headers) => {
    const res = await t.app.request(`http://127.0.0.1:8787/api/orders?email=${shopper.email}`, {
      headers: { ...bearer, ...headers },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
  });

  it('refuses every emulator token with TRUST_PROXY above 0', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const res = await proxied.app.request(`http://127.0.0.1:8787/api/orders?email=${shopper.email}`, {
        headers: bearer,
      });
      expect(res.status).toBe(401);
    } finally {
      proxied.cleanup();
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
