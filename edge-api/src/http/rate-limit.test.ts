/**
 * Write limits through Cloudflare's Rate Limiting bindings, as the Workers env hands them to the
 * app (the in-memory limiter's own tests are in hardening.test.ts). The bindings here are
 * stand-ins that record the keys they are asked about and answer as told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitBinding } from './rate-limit';
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
