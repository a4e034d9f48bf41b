/**
 * Write limits and the provider callback's limit through Cloudflare's Rate Limiting bindings, as
 * the Workers env hands them to the app (the in-memory limiters' own tests are in
 * hardening.test.ts and payments/bkash.test.ts), and the client address the IP limits key on (TRUST_PROXY, X-Forwarded-For, IPv6 /64). The bindings here are stand-ins
 * that record the keys they are asked about and answer as told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { addressKey, clientAddress, type RateLimitBinding } from './rate-limit';
import { createTestApp, customerA, type TestApp } from '../testing/test-app';
import { emulatorToken } from '../testing/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.cleanup());

const binding = (success: boolean) => {
  const keys: string[] = [];
  const limiter: RateLimitBinding = {
    limit: ({ key }) => {
      keys.push(key);
      return Promise.resolve({ success });
    },
  };
  return { limiter, keys };
};

const saveProfile = (env: Record<string, unknown>) =>
  t.app.request(
    '/api/users',
    {
      method: 'PUT',
      headers: { Authorization: `Bearer ${emulatorToken(customerA)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: customerA.email, displayName: 'Asha' }),
    },
    env,
  );

describe('write limits on Workers (Rate Limiting bindings)', () => {
  it('lets writes through while the bindings allow them, asking per IP and per user', async () => {
    const ip = binding(true);
    const user = binding(true);
    const res = await saveProfile({ IP_WRITE_LIMITER: ip.limiter, USER_WRITE_LIMITER: user.limiter });
    expect(res.status).toBe(200);
    expect(ip.keys).toEqual(['ip:unknown']);
    expect(user.keys).toEqual([`user:${customerA.uid}`]);
    // The bindings replace the in-memory limiter, whose RateLimit headers are absent.
    expect(res.headers.get('RateLimit-Policy')).toBeNull();
  });

  it('answers 429 with Retry-After when the IP binding refuses, before the token is checked', async () => {
    const user = binding(true);
    const res = await saveProfile({ IP_WRITE_LIMITER: binding(false).limiter, USER_WRITE_LIMITER: user.limiter });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
    expect(user.keys).toEqual([]);
  });

  it('answers 429 when the user binding refuses', async () => {
    const res = await saveProfile({
      IP_WRITE_LIMITER: binding(true).limiter,
      USER_WRITE_LIMITER: binding(false).limiter,
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
  });

  it('never asks the bindings about reads', async () => {
    const ip = binding(false);
    const res = await t.app.request('/api/products', {}, { IP_WRITE_LIMITER: ip.limiter });
    expect(res.status).toBe(200);
    expect(ip.keys).toEqual([]);
  });
});

describe('the provider callback limit on Workers (Rate Limiting binding)', () => {
  const callback = (
    env: Record<string, unknown>,
    path = '/api/payments/bkash/callback?paymentID=TR1&status=success&state=s',
  ) => t.app.request(path, {}, env);

  it('asks the binding per IP about every request to the bKash callback, and answers 429 with Retry-After when it refuses', async () => {
    const allowed = binding(true);
    expect((await callback({ IP_CALLBACK_LIMITER: allowed.limiter })).status).toBe(303);
    expect(allowed.keys).toEqual(['ip:unknown']);
    const res = await callback({ IP_CALLBACK_LIMITER: binding(false).limiter });
    expect(res.status).toBe(429);
    expect(res.headers.get('Retry-After')).toBe('60');
    expect(await res.json()).toEqual({ error: { code: 'rate_limited', message: expect.any(String) } });
  });

  it('is not asked about the other routes', async () => {
    const asked = binding(false);
    expect((await callback({ IP_CALLBACK_LIMITER: asked.limiter }, '/api/products')).status).toBe(200);
    expect((await callback({ IP_CALLBACK_LIMITER: asked.limiter }, '/api/payments/methods')).status).toBe(200);
    expect(asked.keys).toEqual([]);
  });
});

describe('the client address of the IP limit (TRUST_PROXY, X-Forwarded-For, IPv6 /64)', () => {
  /** An app on `t`'s database with TRUST_PROXY `trustProxy`, whose runtime saw every request from `peer`. */
  const appBehind = (trustProxy: number, peer: string, ipWritesPerMinute = 1_000_000) =>
    createApp({
      db: t.db,
      config: { ...t.config, trustProxy, rateLimits: { ...t.config.rateLimits, ipWritesPerMinute } },
      clientIp: () => peer,
    });
  /**
   * The key the IP binding is asked about for an unsigned write through `app` with `headers`, and
   * the answer's status: 401 from the token check, which runs after the IP limit (a proxied
   * request could not sign in with an emulator token anyway).
   */
  const keyOf = async (app: ReturnType<typeof createApp>, headers: Record<string, string>) => {
    const ip = binding(true);
    const res = await app.request(
      '/api/users',
      {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ email: customerA.email, displayName: 'Asha' }),
      },
      { IP_WRITE_LIMITER: ip.limiter, USER_WRITE_LIMITER: binding(true).limiter },
    );
    return { key: ip.keys[0], status: res.status };
  };

  it('ignores a spoofed X-Forwarded-For with TRUST_PROXY=0: the socket address is the key', async () => {
    const app = appBehind(0, '203.0.113.7');
    expect(await keyOf(app, {})).toEqual({ key: 'ip:203.0.113.7', status: 401 });
    expect(await keyOf(app, { 'X-Forwarded-For': '198.51.100.1' })).toEqual({ key: 'ip:203.0.113.7', status: 401 });
  });

  it('takes the last hop with TRUST_PROXY=1, whatever the client wrote before it', async () => {
    const app = appBehind(1, '10.0.0.2');
    expect((await keyOf(app, { 'X-Forwarded-For': '198.51.100.1' })).key).toBe('ip:198.51.100.1');
    expect((await keyOf(app, { 'X-Forwarded-For': '1.1.1.1, 2.2.2.2, 198.51.100.1' })).key).toBe('ip:198.51.100.1');
    // Two trusted proxies: the address the outer one saw, second from the right.
    expect((await keyOf(appBehind(2, '10.0.0.2'), { 'X-Forwarded-For': '1.1.1.1, 198.51.100.1, 10.0.0.9' })).key).toBe(
      'ip:198.51.100.1',
    );
  });

  it('keys an IPv6 client by its /64 and an IPv4 one by its whole address', async () => {
    const app = appBehind(1, '10.0.0.2');
    const a = await keyOf(app, { 'X-Forwarded-For': '2001:db8:aa:1:1111:2222:3333:4444' });
    const b = await keyOf(app, { 'X-Forwarded-For': '2001:DB8:AA:1::9' });
    expect(a.key).toBe('ip:2001:db8:aa:1::/64');
    expect(b.key).toBe(a.key);
    expect((await keyOf(app, { 'X-Forwarded-For': '2001:db8:aa:2::9' })).key).toBe('ip:2001:db8:aa:2::/64');
    expect((await keyOf(app, { 'X-Forwarded-For': '::ffff:198.51.100.1' })).key).toBe('ip:198.51.100.1');
    expect((await keyOf(app, { 'X-Forwarded-For': '198.51.100.2' })).key).toBe('ip:198.51.100.2');
  });

  it('lets two IPv6 addresses in one /64 share one limit (in memory, on Node)', async () => {
    const write = (app: ReturnType<typeof createApp>) =>
      app.request('/api/users', {
        method: 'PUT',
        headers: { Authorization: `Bearer ${emulatorToken(customerA)}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: customerA.email, displayName: 'Asha' }),
      });
    const config = { ...t.config, rateLimits: { ...t.config.rateLimits, ipWritesPerMinute: 2 } };
    let peer = '2001:db8:77:1::1';
    const app = createApp({ db: t.db, config, clientIp: () => peer });
    expect((await write(app)).status).toBe(200);
    peer = '2001:db8:77:1:ffff::2';
    expect((await write(app)).status).toBe(200);
    peer = '2001:db8:77:1:abcd:1:2:3';
    const third = await write(app);
    expect(third.status).toBe(429);
    expect(await third.json()).toMatchObject({ error: { code: 'rate_limited' } });
    // Another /64 has its own.
    peer = '2001:db8:77:2::1';
    expect((await write(app)).status).toBe(200);
  });

  it.each([
    ['garbage', 'not an address'],
    ['empty hops', ' , ,, '],
    ['a script', '<script>alert(1)</script>'],
    ['too long', `${'1'.repeat(5000)}`],
    ['a bad IPv6', '2001:db8::1::2'],
    ['a bad IPv4', '999.1.1.1'],
    ['control characters', '1.2.3.4\t5.6.7.8'],
  ])('falls back to the socket address for a malformed X-Forwarded-For (%s), never a 500', async (_name, header) => {
    const { key, status } = await keyOf(appBehind(1, '203.0.113.9'), { 'X-Forwarded-For': header });
    expect(status).toBe(401);
    expect(key).toBe('ip:203.0.113.9');
  });
});

describe('addressKey and clientAddress', () => {
  it.each([
    ['192.0.2.1', '192.0.2.1'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['[2001:db8:1:2::3]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::ffff:c000:0201', '192.0.2.1'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['unknown', 'unknown'],
  ])('keys %s as %s', (address, expected) => {
    expect(addressKey(address)).toBe(expected);
  });

  it('takes the Nth address from the right, the leftmost when fewer, and the peer for none', () => {
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 0)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 1)).toBe('2.2.2.2');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 2)).toBe('1.1.1.1');
    expect(clientAddress('10.0.0.1', '1.1.1.1, 2.2.2.2', 5)).toBe('1.1.1.1');
    expect(clientAddress('10.0.0.1', undefined, 1)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', '', 1)).toBe('10.0.0.1');
  });
});
