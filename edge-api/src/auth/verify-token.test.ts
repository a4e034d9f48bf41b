/**
 * Token verification against a locally generated RSA key served as a JWKS over loopback HTTP,
 * exactly as Google serves the securetoken keys (JSON body, Cache-Control max-age); and what a
 * signed-in request gets when that key server stalls or fails.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, orderBody } from '../testing/test-app';
import { emulatorToken, firebaseClaims } from '../testing/tokens';
import { createJwksSource, KeyServerUnavailableError } from './jwks';
import { createTokenVerifier, InvalidTokenError } from './verify-token';

const PROJECT = 'taza-haat-prod';
const user = { uid: 'uid-1', email: 'Rahim@Example.test', name: 'Rahim' };
let server: Server;
let jwksUrl: string;
let jwksFetches = 0;
// What the key server answers: the key set, or a failure status.
let jwksStatus = 200;
let signingKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    jwksFetches += 1;
    if (jwksStatus !== 200) return void res.writeHead(jwksStatus).end();
    res.writeHead(200, {
      'content-type': 'application/json',
      'cache-control': 'public, max-age=19845, must-revalidate, no-transform',
    });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const sign = (claims: Record<string, unknown>, opts: { kid?: string | undefined; key?: CryptoKey } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(opts.kid === undefined ? {} : { kid: opts.kid }) })
    .sign(opts.key ?? signingKey);

const verifier = (acceptEmulatorTokens = false, projectId = PROJECT) =>
  createTokenVerifier({ projectId, keys: createJwksSource(jwksUrl), acceptEmulatorTokens });

describe('Firebase ID token verification', () => {
  it('accepts a valid RS256 token and returns the user, e-mail lower-cased', async () => {
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
    await expect(verifier()(token)).resolves.toEqual({
      uid: 'uid-1',
      email: 'rahim@example.test',
      emailVerified: true,
      name: 'Rahim',
      picture: undefined,
    });
  });

  it('reads email_verified: only a literal true counts', async () => {
    for (const [claim, verified] of [
      [true, true],
      [false, false],
      ['true', false],
      [undefined, false],
    ] as const) {
      const token = await sign({ ...firebaseClaims(user, PROJECT), email_verified: claim }, { kid: 'key-1' });
      await expect(verifier()(token)).resolves.toMatchObject({ emailVerified: verified });
    }
  });

  it('requires exp, at most one hour (plus 30 s of skew) after iat', async () => {
    const iat = Math.floor(Date.now() / 1000) - 60;
    const at = (exp: number | undefined) => sign({ ...firebaseClaims(user, PROJECT), iat, exp }, { kid: 'key-1' });
    await expect(verifier()(await at(undefined))).rejects.toThrow(/no exp/);
    await expect(verifier()(await at(iat + 10 * 365 * 24 * 3600))).rejects.toThrow(/exp more than 3600 s after iat/);
    await expect(verifier()(await at(iat + 3631))).rejects.toThrow(InvalidTokenError);
    await expect(verifier()(await at(iat + 3630))).resolves.toMatchObject({ uid: 'uid-1' });
    await expect(verifier()(await at(iat + 3600))).resolves.toMatchObject({ uid: 'uid-1' });
  });

  it.each([
    ['expired', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['wrong aud', { aud: 'someone-else' }],
    ['wrong iss', { iss: 'https://securetoken.google.com/someone-else' }],
    ['iat in the future', { iat: Math.floor(Date.now() / 1000) + 600 }],
    ['auth_time in the future', { auth_time: Math.floor(Date.now() / 1000) + 600 }],
    ['empty sub', { sub: '' }],
    ['sub over 128 chars', { sub: 'x'.repeat(129) }],
    ['no email', { email: undefined }],
  ])('rejects a token with %s', async (_name, override) => {
    const token = await sign({ ...firebaseClaims(user, PROJECT), ...override }, { kid: 'key-1' });
    await expect(verifier()(token)).rejects.toThrow(InvalidTokenError);
  });

  it('rejects a bad signature', async () => {
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1', key: otherKey });
    await expect(verifier()(token)).rejects.toThrow(InvalidTokenError);
  });

  it('rejects a token without kid, and one with an unknown kid', async () => {
    await expect(verifier()(await sign(firebaseClaims(user, PROJECT)))).rejects.toThrow(/no kid/);
    await expect(verifier()(await sign(firebaseClaims(user, PROJECT), { kid: 'key-9' }))).rejects.toThrow(
      InvalidTokenError,
    );
  });

  it('rejects HS256 and garbage', async () => {
    const hs = await new SignJWT(firebaseClaims(user, PROJECT))
      .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
      .sign(new TextEncoder().encode('secret'.repeat(8)));
    await expect(verifier()(hs)).rejects.toThrow(/HS256/);
    await expect(verifier()('not.a.token')).rejects.toThrow(InvalidTokenError);
  });

  it('rejects alg:none outside emulator mode, and for a non-demo project even in emulator mode', async () => {
    await expect(verifier(false, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat'))).rejects.toThrow(/unsigned/);
    await expect(verifier(true, PROJECT)(emulatorToken(user, PROJECT))).rejects.toThrow(/unsigned/);
  });

  it('accepts emulator tokens for a demo- project in emulator mode, still checking claims', async () => {
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat'))).resolves.toMatchObject({
      uid: 'uid-1',
    });
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-other'))).rejects.toThrow(
      InvalidTokenError,
    );
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat', { exp: 1 }))).rejects.toThrow(
      InvalidTokenError,
    );
  });

  it('holds emulator tokens to the same exp rule', async () => {
    const iat = Math.floor(Date.now() / 1000);
    for (const exp of [undefined, iat + 10 * 365 * 24 * 3600])
      await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat', { exp }))).rejects.toThrow(
        /exp/,
      );
  });
});

describe('what a client gets for a token that never expires', () => {
  it('answers 401 invalid_token to a token without exp and to one with a ten-year exp', async () => {
    const t = await createTestApp();
    try {
      const iat = Math.floor(Date.now() / 1000);
      for (const exp of [undefined, iat + 10 * 365 * 24 * 3600]) {
        const res = await t.app.request('/api/orders', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${emulatorToken(user, t.config.firebaseProjectId, { exp })}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: JSON.stringify(await orderBody(t, user)),
        });
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
      }
    } finally {
      t.cleanup();
    }
  });
});

describe('JWKS cache', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fetches the keys once while they are fresh and again after an hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = verifier();
    const before = jwksFetches;
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
    await verify(token);
    await verify(token);
    expect(jwksFetches - before).toBe(1);
    vi.setSystemTime(Date.now() + 3_601_000);
    await verify(await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' }));
    expect(jwksFetches - before).toBe(2);
  });

  it('refetches for an unknown kid at most every 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = verifier();
    const before = jwksFetches;
    await verify(await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' }));
    vi.setSystemTime(Date.now() + 31_000);
    const unknownKid = await sign(firebaseClaims(user, PROJECT), { kid: 'key-9' });
    await expect(verify(unknownKid)).rejects.toThrow(InvalidTokenError);
    await expect(verify(unknownKid)).rejects.toThrow(InvalidTokenError);
    expect(jwksFetches - before).toBe(2);
  });
});

describe('a key server that is down', () => {
  let stalled: Server;
  let stalledUrl: string;
  beforeAll(async () => {
    // Accepts the connection and never answers, as a hung key server does.
    stalled = createServer(() => undefined);
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    stalledUrl = `http://127.0.0.1:${(stalled.address() as AddressInfo).port}/jwks`;
  });
  afterAll(() => {
    stalled.closeAllConnections();
    return new Promise((resolve) => stalled.close(resolve));
  });
  afterEach(() => {
    jwksStatus = 200;
    vi.useRealTimers();
  });

  it('answers a signed-in request 503 with Retry-After within 5 s, then at once while it stays down', async () => {
    const t = await createTestApp({ FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: stalledUrl });
    try {
      const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
      const place = async () => {
        const started = performance.now();
        const res = await t.app.request('/api/orders', {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': crypto.randomUUID(),
          },
          body: JSON.stringify(await orderBody(t, user)),
        });
        return { res, ms: performance.now() - started };
      };
      const first = await place();
      expect(first.ms).toBeLessThan(5_000);
      expect(first.res.status).toBe(503);
      expect(Number(first.res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect(await first.res.json()).toEqual({ error: { code: 'auth_unavailable', message: expect.any(String) } });
      const second = await place();
      expect(second.res.status).toBe(503);
      expect(second.ms).toBeLessThan(500);
    } finally {
      t.cleanup();
    }
  });

  it('reports an error answer as unavailable, not as a bad token, and recovers once the keys load', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const verify = verifier();
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
    jwksStatus = 500;
    await expect(verify(token)).rejects.toThrow(KeyServerUnavailableError);
    jwksStatus = 200;
    // Within the back-off the server is not asked again.
    const before = jwksFetches;
    await expect(verify(token)).rejects.toThrow(KeyServerUnavailableError);
    expect(jwksFetches).toBe(before);
    vi.setSystemTime(Date.now() + 5_000);
    await expect(verify(token)).resolves.toMatchObject({ uid: 'uid-1' });
  });
});
