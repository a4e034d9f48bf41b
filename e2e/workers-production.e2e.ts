/**
 * The Worker as deployed (wrangler.toml's top level, DESIGN.md §7): a real (non-demo) Firebase
 * project, RS256 ID tokens checked against a JWKS — here a locally generated key served by a
 * node:http server standing in for Google's, through FIREBASE_JWKS_URL — and write limits
 * through the Rate Limiting bindings (simulated by wrangler dev), over sqld. Also: the bundle
 * and wrangler.toml pass `wrangler deploy --dry-run`, offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { emulatorToken, firebaseClaims, type TokenClaims } from '../edge-api/src/testing/tokens';
import { startChild } from '../scripts/lib/child';
import { placeOrder, sqldMissing, startWorkerStack, type WorkerStack } from './support/workers';

const PROJECT = 'taza-haat-e2e';
const missing = sqldMissing();
if (missing) console.warn(`Workers production e2e skipped: ${missing}`);

describe.skipIf(missing !== undefined)(
  `the API on Workers in production mode (wrangler dev + sqld)${missing ? ` — skipped: ${missing}` : ''}`,
  () => {
    let stack: WorkerStack | undefined;
    let keyServer: Server;
    let privateKey: CryptoKey;
    let baseUrl: string;

    /** A Firebase-shaped ID token for `user`, signed RS256 by the local key. */
    const idToken = (user: TokenClaims) =>
      new SignJWT(firebaseClaims(user, PROJECT))
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: 'e2e-key' })
        .sign(privateKey);

    beforeAll(async () => {
      const pair = await generateKeyPair('RS256');
      privateKey = pair.privateKey;
      const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
      keyServer = createServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'public, max-age=19845' });
        res.end(JSON.stringify({ keys: [jwk] }));
      });
      await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
      const jwksUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/jwks`;
      stack = await startWorkerStack({
        env: '',
        vars: { FIREBASE_PROJECT_ID: PROJECT, FIREBASE_JWKS_URL: jwksUrl },
        distDir: inject('distDir'),
      });
      baseUrl = stack.baseUrl;
    });
    afterAll(async () => {
      await stack?.stop();
      await new Promise((resolve) => keyServer.close(resolve));
    });

    it('answers the public pages with their prerendered page in the shopper’s language, other routes with the app shell', async () => {
      for (const [headers, lang] of [
        [{ 'Accept-Language': 'en-US' }, 'en'],
        [{ 'Accept-Language': 'bn' }, 'bn'],
        [{ 'Accept-Language': 'en-US', Cookie: 'locale=bn' }, 'bn'],
      ] as const) {
        for (const path of ['/', '/home', '/Shop', '/about', '/contact']) {
          const res = await fetch(`${baseUrl}${path}`, { headers });
          expect(res.status, path).toBe(200);
          expect(res.headers.get('vary')).toMatch(/Cookie, Accept-Language/);
          const html = await res.text();
          expect(html, `${path} ${JSON.stringify(headers)}`).toContain(`<html lang="${lang}"`);
          expect(html).toContain('id="prerendered-queries"');
        }
      }
      const cart = await (await fetch(`${baseUrl}/cart`, { headers: { Cookie: 'locale=bn' } })).text();
      expect(cart).toContain('<div id="root"></div>');
    });

    it('sends a page with its Content-Security-Policy, and the built code without the headers only a document reads', async () => {
      const home = await fetch(`${baseUrl}/`);
      expect(home.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(home.headers.get('x-frame-options')).toBe('DENY');
      const script = /\/assets\/[\w-]+\.js/.exec(await home.text())?.[0];
      expect(script).toBeDefined();
      const code = await fetch(`${baseUrl}${script}`);
      expect(code.status).toBe(200);
      expect(code.headers.get('content-security-policy')).toBeNull();
      expect(code.headers.get('x-frame-options')).toBeNull();
      expect(code.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('places an order with an RS256 ID token of the real project', async () => {
      const user = { uid: 'uid-prod', email: 'Prod.Shopper@example.test', name: 'Prod Shopper' };
      const res = await placeOrder(baseUrl, { ...user, email: user.email.toLowerCase() }, await idToken(user));
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        email: 'prod.shopper@example.test',
        totalAmount: 103,
        orderStatus: 'Pending',
      });
    });

    it('refuses an emulator (unsigned) token with 401', async () => {
      const user = { uid: 'uid-forger', email: 'forger@example.test' };
      for (const token of [emulatorToken(user, PROJECT), emulatorToken(user)]) {
        const res = await placeOrder(baseUrl, user, token);
        expect(res.status).toBe(401);
        expect(await res.json()).toMatchObject({ error: { code: 'invalid_token' } });
      }
    });

    it('refuses a token of another project, and one signed by another key', async () => {
      const user = { uid: 'uid-other', email: 'other@example.test' };
      const otherProject = await new SignJWT(firebaseClaims(user, 'someone-else'))
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
        .sign(privateKey);
      const otherKey = await new SignJWT(firebaseClaims(user, PROJECT))
        .setProtectedHeader({ alg: 'RS256', kid: 'e2e-key' })
        .sign((await generateKeyPair('RS256')).privateKey);
      for (const token of [otherProject, otherKey]) expect((await placeOrder(baseUrl, user, token)).status).toBe(401);
    });

    it('limits each user’s writes through the Rate Limiting binding: 429 with Retry-After once over 30 a minute', async () => {
      const user = { uid: 'uid-busy', email: 'busy@example.test', name: 'Busy' };
      const token = await idToken(user);
      const save = () =>
        fetch(`${baseUrl}/api/users`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify({ email: user.email, displayName: 'Busy' }),
        });
      const first = await save();
      expect(first.status).toBe(200);
      // The in-memory limiter would add its RateLimit headers; the binding adds none.
      expect(first.headers.get('RateLimit-Policy')).toBeNull();
      // The binding counts in fixed minutes: 61 writes put 31 into one of at most two of them.
      let refused: Response | undefined;
      for (let i = 1; i < 61 && !refused; i += 1) {
        const res = await save();
        if (res.status === 429) refused = res;
        else expect(res.status).toBe(200);
      }
      expect(refused?.headers.get('Retry-After')).toBe('60');
      expect(await refused?.json()).toMatchObject({ error: { code: 'rate_limited' } });
    });
  },
);

describe('the Worker bundle', () => {
  it('passes `wrangler deploy --dry-run` with wrangler.toml and the built PWA, offline', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'taza-haat-deploy-'));
    try {
      const wrangler = startChild(
        'wrangler deploy --dry-run',
        join('node_modules', '.bin', 'wrangler'),
        ['deploy', '--dry-run', '--env=', '--outdir', outDir, '--assets', inject('distDir')],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false', CI: 'true' },
        },
      );
      let output = '';
      for (const stream of [wrangler.process.stdout, wrangler.process.stderr])
        stream?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      expect(await wrangler.exited, output).toBe(0);
      expect(output).toContain('env.IP_WRITE_LIMITER');
      expect(output).toContain('env.USER_WRITE_LIMITER');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
