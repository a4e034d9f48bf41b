/**
 * A stand-in Web Push service for tests: a loopback HTTPS server (a self-signed certificate made
 * with openssl for 127.0.0.1) that checks what a real push service checks and reads what a browser
 * would read. For each message it verifies the VAPID `Authorization: vapid t=<JWT>, k=<key>`
 * header (RFC 8292: an ES256 JWT verified with jose against `k`, `aud` its own origin, `exp` at
 * most 24 hours ahead, `sub` a mailto: or https: contact), `Content-Encoding: aes128gcm` and a
 * `TTL`, and decrypts the body (RFC 8291, with the subscription's private key and auth secret the
 * test made), so a test reads the real JSON. Each endpoint answers as the test says: 201 by
 * default, or 404, 410, 500, after a delay.
 */
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, Agent, request as httpsRequest } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importJWK, jwtVerify } from 'jose';

/** A browser's subscription as the test made it: what it posts, and its private key for decrypting. */
export type TestSubscriber = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  privateKey: Buffer;
};

/** One message the stand-in took (or refused, with `error`). */
export type ReceivedMessage = {
  /** The endpoint it was posted to. */
  endpoint: string;
  headers: { ttl: string | undefined; urgency: string | undefined; topic: string | undefined };
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  /** The decrypted body, parsed as JSON. */
  payload: unknown;
  /** Why the stand-in refused it (400), when it did. */
  error?: string;
};

export type PushService = {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  /** Trusts the stand-in's certificate, for node:https clients (web-push). */
  agent: Agent;
  /** A `fetch` that trusts the stand-in's certificate (the WebCrypto sender's). */
  fetch: (request: Request) => Promise<Response>;
  /** A new subscription of this push service, as a browser would make it. */
  subscribe: (name: string) => TestSubscriber;
  /** How `endpoint` answers from now on: `status` (default 201) after `delayMs`. */
  answer: (endpoint: string, answer: { status?: number; delayMs?: number }) => void;
  /** Every message so far, oldest first. */
  received: ReceivedMessage[];
  /** Resolves when `count` messages went to `endpoint` (or any endpoint), within 5 s. */
  waitFor: (count: number, endpoint?: string) => Promise<ReceivedMessage[]>;
  close: () => Promise<void>;
};

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/** RFC 8291 §3.4 / RFC 8188 §2: the plaintext of `body` for the subscriber's key pair and auth secret. */
export function decryptAes128gcm(
  body: Buffer,
  subscriber: { privateKey: Buffer; keys: { p256dh: string; auth: string } },
): Buffer {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error(`keyid is ${idLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(subscriber.privateKey);
  const uaPublic = Buffer.from(subscriber.keys.p256dh, 'base64url');
  const secret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, Buffer.from(subscriber.keys.auth, 'base64url'), keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record: data, the delimiter 2, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks the VAPID header of RFC 8292 for `origin`. @returns the JWT's claims. @throws naming what is wrong. */
export async function verifyVapid(header: string | undefined, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match?.[1] || !match[2])
    throw new Error(`Authorization is not "vapid t=…, k=…": ${String(header).slice(0, 12)}`);
  const point = Buffer.from(match[2], 'base64url');
  if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 public key');
  const key = await importJWK(
    {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1], key, { algorithms: ['ES256'], audience: origin });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 60 * 60)
    throw new Error('exp is missing or more than 24 hours ahead');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub))
    throw new Error('sub is not a contact');
  return { aud: payload.aud, exp: payload.exp, sub: payload.sub };
}

/** Makes a self-signed certificate for 127.0.0.1 with openssl. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'taza-haat-push-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the stand-in on a free loopback port. */
export async function startPushService(): Promise<PushService> {
  const { key, cert } = selfSignedCertificate();
  const subscribers = new Map<string, TestSubscriber>();
  const answers = new Map<string, { status?: number; delayMs?: number }>();
  const received: ReceivedMessage[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server = createServer({ key, cert }, (req, res) => {
    void (async () => {
      const body = await readBody(req);
      const endpoint = `${origin}${req.url ?? ''}`;
      const headers = {
        ttl: req.headers.ttl as string | undefined,
        urgency: req.headers.urgency as string | undefined,
        topic: req.headers.topic as string | undefined,
      };
      const message: ReceivedMessage = { endpoint, headers, claims: {}, payload: undefined };
      try {
        if (req.method !== 'POST') throw new Error(`method ${req.method}`);
        message.claims = await verifyVapid(req.headers.authorization, origin);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
        if (!/^\d+$/.test(headers.ttl ?? '')) throw new Error('no TTL');
        const subscriber = subscribers.get(endpoint);
        if (!subscriber) throw new Error('unknown endpoint');
        message.payload = JSON.parse(decryptAes128gcm(body, subscriber).toString('utf8'));
      } catch (error) {
        message.error = error instanceof Error ? error.message : String(error);
      }
      received.push(message);
      for (const wake of waiters) wake();
      const answer = answers.get(endpoint) ?? {};
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      res.writeHead(message.error ? 400 : (answer.status ?? 201)).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert });

  const fetchVia = (request: Request) =>
    request.arrayBuffer().then(
      (body) =>
        new Promise<Response>((resolve, reject) => {
          const req = httpsRequest(
            request.url,
            { method: request.method, headers: Object.fromEntries(request.headers), agent },
            (res) => {
              void readBody(res).then((data) =>
                resolve(new Response(data.length ? new Uint8Array(data) : null, { status: res.statusCode ?? 0 })),
              );
            },
          );
          req.on('error', reject);
          req.end(Buffer.from(body));
        }),
    );

  return {
    origin,
    agent,
    fetch: fetchVia,
    subscribe(name) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const subscriber = {
        endpoint: `${origin}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
        privateKey: ecdh.getPrivateKey(),
      };
      subscribers.set(subscriber.endpoint, subscriber);
      return subscriber;
    },
    answer: (endpoint, answer) => answers.set(endpoint, answer),
    received,
    waitFor(count, endpoint) {
      const matching = () => received.filter((message) => endpoint === undefined || message.endpoint === endpoint);
      return new Promise((resolve, reject) => {
        const check = () => {
          if (matching().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(matching());
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`the push service got ${matching().length} of ${count} messages`));
        }, 5000);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
