/**
 * The push sender of both runtimes (push/webcrypto-sender.ts, wired by node.ts and worker.ts)
 * against the stand-in push service
 * (testing/push-service.ts), which checks the RFC 8292 VAPID header and decrypts the RFC 8291
 * body: each must deliver a message a browser can read. `web-push` cross-checks the output: its
 * own VAPID header has the same shape, and the stand-in's decryption reads web-push's body as it
 * reads ours. The endpoint goes where WHATWG `URL` says it goes, never where another URL parser
 * would send it.
 */
import { createServer, type Socket } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { decryptAes128gcm, startPushService, verifyVapid, type PushService } from '../testing/push-service';
import type { PushConfig } from './config';
import { DEFAULT_PUSH_SERVICE_ORIGINS, parseAllowedOrigin, type AllowedOrigin } from './origins';
import type { PushSender } from './sender';
import { createWebCryptoSender, PushEndpointRefusedError } from './webcrypto-sender';

let service: PushService;
let config: PushConfig;

beforeAll(async () => {
  service = await startPushService();
  const keys = webpush.generateVAPIDKeys();
  config = {
    vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:shop@tazahaat.test' },
    allowedOrigins: [service.origin, ...DEFAULT_PUSH_SERVICE_ORIGINS].map(parseAllowedOrigin) as AllowedOrigin[],
  };
});
afterAll(() => service.close());

const senders: [string, () => PushSender][] = [
  ['WebCrypto (createWebCryptoSender)', () => createWebCryptoSender(config, { fetch: service.fetch })],
];

describe.each(senders)('the %s sender', (name, makeSender) => {
  it('delivers a message the subscriber decrypts, with a VAPID JWT for the push service', async () => {
    const subscriber = service.subscribe(`${name.slice(0, 4)}-ok`);
    const payload = { type: 'order-status', orderId: 'o-1', status: 'Approved', url: '/x', tag: 't', locale: 'bn' };
    const { status } = await makeSender().send(subscriber, JSON.stringify(payload), {
      ttl: 3600,
      urgency: 'high',
      topic: 'order1',
    });
    expect(status).toBe(201);
    const [message] = await service.waitFor(1, subscriber.endpoint);
    expect(message?.error).toBeUndefined();
    expect(message?.payload).toEqual(payload);
    expect(message?.claims).toMatchObject({ aud: service.origin, sub: 'mailto:shop@tazahaat.test' });
    expect(message?.headers).toEqual({ ttl: '3600', urgency: 'high', topic: 'order1' });
  });

  it("returns a push service's refusal as its status", async () => {
    const subscriber = service.subscribe(`${name.slice(0, 4)}-gone`);
    service.answer(subscriber.endpoint, { status: 410 });
    await expect(makeSender().send(subscriber, '{}', { ttl: 60, urgency: 'normal' })).resolves.toEqual({ status: 410 });
  });
});

/** A sender whose `fetch` keeps each request and answers 201, as a push service would. */
function recordingSender(make: typeof createWebCryptoSender, allowedOrigins = config.allowedOrigins) {
  const requests: Request[] = [];
  const sender = make(
    { ...config, allowedOrigins },
    {
      fetch: (request) => {
        requests.push(request);
        return Promise.resolve(new Response(null, { status: 201 }));
      },
    },
  );
  return { sender, requests };
}

describe('where a message goes', () => {
  it('posts to exactly the URL WHATWG URL parses from the endpoint, with a JWT for its origin', async () => {
    const { keys } = service.subscribe('where');
    const endpoint = 'https://DB5P.Notify.Windows.COM:443/w/?token=a b';
    const { sender, requests } = recordingSender(createWebCryptoSender);
    await sender.send({ endpoint, keys }, '{}', { ttl: 60, urgency: 'normal' });
    expect(requests.map((request) => request.url)).toEqual([new URL(endpoint).href]);
    expect(requests[0]?.url).toBe('https://db5p.notify.windows.com/w/?token=a%20b');
    const jwt = /^vapid t=([^,]+),/.exec(requests[0]?.headers.get('authorization') ?? '')?.[1] ?? '';
    expect(decodeJwt(jwt).aud).toBe('https://db5p.notify.windows.com');
    expect(requests[0]?.redirect).toBe('manual');
  });

  it('sends nothing to an endpoint off PUSH_SERVICE_ORIGINS or whose host other URL parsers read otherwise', async () => {
    const { keys } = service.subscribe('off-list');
    const { sender, requests } = recordingSender(createWebCryptoSender);
    for (const endpoint of [
      'https://attacker;.notify.windows.com/x',
      'https://evil.example/push/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'not a url',
    ])
      await expect(sender.send({ endpoint, keys }, '{}', { ttl: 60, urgency: 'normal' }), endpoint).rejects.toThrow(
        PushEndpointRefusedError,
      );
    expect(requests).toEqual([]);
  });

  it('never connects to the host a legacy url.parse reads out of a `;` endpoint (Node entry, real network)', async (ctx) => {
    // A stand-in push service at the address Node's legacy url.parse (web-push's) reads out of
    // `https://<address>;.push.test/…`: host <address>, port 443. WHATWG URL reads host
    // `<address>;.push.test`, which no resolver answers.
    const address = `127.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.7`;
    const connections: Socket[] = [];
    const legacyTarget = createServer((socket) => {
      connections.push(socket);
      socket.destroy();
    });
    try {
      await new Promise<void>((resolve, reject) => {
        legacyTarget.once('error', reject);
        legacyTarget.listen(443, address, resolve);
      });
    } catch (error) {
      // Port 443 needs root (or a lowered ip_unprivileged_port_start); the checks above still run.
      ctx.skip(`cannot listen on ${address}:443: ${(error as NodeJS.ErrnoException).code}`);
    }
    try {
      const allowedOrigins = [parseAllowedOrigin('https://*.push.test') as AllowedOrigin];
      const sender = createWebCryptoSender({ ...config, allowedOrigins }, { timeoutMs: 3000 });
      const { keys } = service.subscribe('legacy');
      const endpoint = `https://${address};.push.test/push/legacy`;
      await expect(sender.send({ endpoint, keys }, '{}', { ttl: 60, urgency: 'normal' })).rejects.toThrow();
      expect(connections).toHaveLength(0);
    } finally {
      await new Promise((resolve) => legacyTarget.close(resolve));
    }
  });
});

describe('cross-checked with web-push', () => {
  it('signs the same VAPID header as web-push: scheme, key, JWT header and claims', async () => {
    const { keys } = service.subscribe('vapid');
    const endpoint = 'https://fcm.googleapis.com/fcm/send/abc';
    const { sender, requests } = recordingSender(createWebCryptoSender);
    await sender.send({ endpoint, keys }, '{}', { ttl: 60, urgency: 'normal' });
    const ours = requests[0]?.headers.get('authorization') ?? '';
    const theirs = webpush.getVapidHeaders(
      'https://fcm.googleapis.com',
      config.vapid.subject,
      config.vapid.publicKey,
      config.vapid.privateKey,
      'aes128gcm',
    ).Authorization;
    const shape = /^vapid t=([^,\s]+), k=([A-Za-z0-9_-]+)$/;
    const [, ourJwt = '', ourKey] = shape.exec(ours) ?? [];
    const [, theirJwt = '', theirKey] = shape.exec(theirs) ?? [];
    expect(ourKey).toBe(theirKey);
    expect(decodeProtectedHeader(ourJwt)).toEqual(decodeProtectedHeader(theirJwt));
    const claims = decodeJwt(ourJwt);
    expect(Object.keys(claims).sort()).toEqual(Object.keys(decodeJwt(theirJwt)).sort());
    expect(claims).toMatchObject({ aud: 'https://fcm.googleapis.com', sub: config.vapid.subject });
    // Both sign with the shop's VAPID key, for the push service's origin (RFC 8292).
    for (const header of [ours, theirs])
      await expect(verifyVapid(header, 'https://fcm.googleapis.com')).resolves.toBeDefined();
  });

  it("encrypts a body the decryption that reads web-push's body reads, with the same header layout", async () => {
    const subscriber = service.subscribe('ece');
    const payload = JSON.stringify({ type: 'new-order', orderId: 'o-2', locale: 'en', text: 'তাজা হাট' });
    const theirs = Buffer.from(
      webpush.encrypt(subscriber.keys.p256dh, subscriber.keys.auth, payload, 'aes128gcm').cipherText,
    );
    const { sender, requests } = recordingSender(createWebCryptoSender);
    await sender.send({ endpoint: 'https://web.push.apple.com/abc', keys: subscriber.keys }, payload, {
      ttl: 60,
      urgency: 'normal',
    });
    const ours = Buffer.from(await (requests[0] as Request).arrayBuffer());
    expect(requests[0]?.headers.get('content-encoding')).toBe('aes128gcm');
    expect(decryptAes128gcm(theirs, subscriber).toString('utf8')).toBe(payload);
    expect(decryptAes128gcm(ours, subscriber).toString('utf8')).toBe(payload);
    // RFC 8188 §2.1: salt (16), record size (4), key id length (1) and the sender's P-256 key (65).
    expect(ours.subarray(16, 21)).toEqual(theirs.subarray(16, 21));
    expect(ours.length).toBe(theirs.length);
  });
});
