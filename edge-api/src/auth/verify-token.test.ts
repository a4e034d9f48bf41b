/**
 * Token verification against a locally generated RSA key served as a JWKS over loopback HTTP,
 * exactly as Google serves the securetoken keys (JSON body, Cache-Control max-age).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorToken, firebaseClaims } from '../testing/tokens';
import { createJwksSource, maxAgeSeconds } from './jwks';
import { createTokenVerifier, InvalidTokenError } from './verify-token';

const PROJECT = 'taza-haat-prod';
const user = { uid: 'uid-1', email: 'Rahim@Example.test', name: 'Rahim' };
let server: Server;
let jwksUrl: string;
let jwksFetches = 0;
let signingKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' };
  server = createServer((_req, res) => {
    jwksFetches += 1;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=19845, must-revalidate, no-transform' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jwks`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const sign = (claims: Record<string, unknown>, opts: { kid?: string | undefined; key?: CryptoKey } = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(opts.kid === undefined ? {} : { kid: opts.kid }) }).sign(opts.key ?? signingKey);

const verifier = (acceptEmulatorTokens = false, projectId = PROJECT) =>
  createTokenVerifier({ projectId, keys: createJwksSource(jwksUrl), acceptEmulatorTokens });

describe('Firebase ID token verification', () => {
  it('accepts a valid RS256 token and returns the user, e-mail lower-cased', async () => {
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
    await expect(verifier()(token)).resolves.toEqual({ uid: 'uid-1', email: 'rahim@example.test', name: 'Rahim', picture: undefined });
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
    await expect(verifier()(await sign(firebaseClaims(user, PROJECT), { kid: 'key-9' }))).rejects.toThrow(InvalidTokenError);
  });

  it('rejects HS256 and garbage', async () => {
    const hs = await new SignJWT(firebaseClaims(user, PROJECT)).setProtectedHeader({ alg: 'HS256', kid: 'key-1' }).sign(new TextEncoder().encode('secret'.repeat(8)));
    await expect(verifier()(hs)).rejects.toThrow(/HS256/);
    await expect(verifier()('not.a.token')).rejects.toThrow(InvalidTokenError);
  });

  it('rejects alg:none outside emulator mode, and for a non-demo project even in emulator mode', async () => {
    await expect(verifier(false, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat'))).rejects.toThrow(/unsigned/);
    await expect(verifier(true, PROJECT)(emulatorToken(user, PROJECT))).rejects.toThrow(/unsigned/);
  });

  it('accepts emulator tokens for a demo- project in emulator mode, still checking claims', async () => {
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat'))).resolves.toMatchObject({ uid: 'uid-1' });
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-other'))).rejects.toThrow(InvalidTokenError);
    await expect(verifier(true, 'demo-taza-haat')(emulatorToken(user, 'demo-taza-haat', { exp: 1 }))).rejects.toThrow(InvalidTokenError);
  });
});

describe('JWKS cache', () => {
  it('reads max-age from Cache-Control', () => {
    expect(maxAgeSeconds('public, max-age=19845, must-revalidate')).toBe(19845);
    expect(maxAgeSeconds('no-store')).toBeUndefined();
  });

  it('fetches the keys once while they are fresh and again after max-age', async () => {
    let now = Date.now();
    const keys = createJwksSource(jwksUrl, fetch, () => now);
    const verify = createTokenVerifier({ projectId: PROJECT, keys, acceptEmulatorTokens: false, now: () => now });
    const before = jwksFetches;
    const token = await sign(firebaseClaims(user, PROJECT), { kid: 'key-1' });
    await verify(token);
    await verify(token);
    expect(jwksFetches - before).toBe(1);
    now += 19_846_000;
    await verify(await sign({ ...firebaseClaims(user, PROJECT), iat: Math.floor(now / 1000), auth_time: Math.floor(now / 1000), exp: Math.floor(now / 1000) + 3600 }, { kid: 'key-1' }));
    expect(jwksFetches - before).toBe(2);
  });
});
