/**
 * Both runtimes' push senders against the stand-in push service (testing/push-service.ts), which
 * checks the RFC 8292 VAPID header and decrypts the RFC 8291 body: `web-push` (Node) and the
 * WebCrypto sender (Workers) must each deliver a message a browser can read.
 */
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushService, type PushService } from '../testing/push-service';
import type { PushConfig } from './config';
import { parseAllowedOrigin, type AllowedOrigin } from './origins';
import type { PushSender } from './sender';
import { createWebCryptoSender } from './webcrypto-sender';
import { createWebPushSender } from './web-push-sender';

let service: PushService;
let config: PushConfig;

beforeAll(async () => {
  service = await startPushService();
  const keys = webpush.generateVAPIDKeys();
  config = {
    vapid: { publicKey: keys.publicKey, privateKey: keys.privateKey, subject: 'mailto:shop@tazahaat.test' },
    allowedOrigins: [parseAllowedOrigin(service.origin) as AllowedOrigin],
  };
});
afterAll(() => service.close());

const senders: [string, () => PushSender][] = [
  ['web-push (Node)', () => createWebPushSender(config, { agent: service.agent })],
  ['WebCrypto (Workers)', () => createWebCryptoSender(config, service.fetch)],
];

describe.each(senders)('the %s sender', (name, makeSender) => {
  it('delivers a message the subscriber decrypts, with a VAPID JWT for the push service', async () => {
    const subscriber = service.subscribe(`${name.slice(0, 3)}-ok`);
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
    const subscriber = service.subscribe(`${name.slice(0, 3)}-gone`);
    service.answer(subscriber.endpoint, { status: 410 });
    await expect(makeSender().send(subscriber, '{}', { ttl: 60, urgency: 'normal' })).resolves.toEqual({ status: 410 });
  });
});
